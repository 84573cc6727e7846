#!/usr/bin/env node
// Verification-ready check, offline: builds, packs the package as npm would publish it, and checks
// what n8n's verification of community nodes checks that can be checked without the registry
// (docs.n8n.io → verification guidelines; @n8n/scan-community-package):
//  - what is inside (dist, package.json, README, LICENSE only — no tests, simulator, contract, bench),
//  - package.json: name, keyword, MIT licence, n8n field, files, no runtime dependencies, no install
//    scripts, peer n8n-workflow only, repository on GitHub, author and homepage,
//  - the shipped code: imports only n8n-workflow, no environment variables, files or processes,
//  - README: installation, credentials, examples; LICENSE: the MIT text,
//  - @n8n/scan-community-package's rules on the packed files and on the sources,
//  - that the e2e suite loads this same packed package in the n8n versions README names
//    (`--with-n8n` runs those e2e checks now: 10-load in n8n 2.x, 95-n8n-1x in n8n 1.x).
// npm provenance cannot be checked offline: it exists only once the publish workflow has published.
// Prints `package: N passed, N failed` and exits non-zero on any failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = process.cwd();
const withN8n = process.argv.includes('--with-n8n');
const checks = [];
const check = (name, ok, detail = '') => {
	checks.push({ name, ok });
	console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`);
};
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const filesUnder = (dir) =>
	readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
	);

/** What the shipped code must not do (verification: no environment variables, no file system; only n8n-workflow at run time). */
function codeProblems(dir) {
	const problems = [];
	for (const file of filesUnder(join(dir, 'dist')).filter((f) => f.endsWith('.js'))) {
		const source = readFileSync(file, 'utf8');
		const at = relative(dir, file);
		for (const [, name] of source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) {
			if (!name.startsWith('.') && name !== 'n8n-workflow') problems.push(`${at} requires ${name}`);
		}
		if (/\bprocess\s*\.\s*env\b|\bprocess\s*\[/.test(source))
			problems.push(`${at} reads the environment (process.env)`);
		if (/\bglobalThis\s*\.\s*process\b|\beval\s*\(|\bnew\s+Function\s*\(/.test(source))
			problems.push(`${at} reaches past n8n-workflow (process, eval or new Function)`);
	}
	return problems;
}

execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
const work = mkdtempSync(join(tmpdir(), 'wms-pack-'));
try {
	const [packed] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', work], { encoding: 'utf8' }),
	);
	const tarball = join(work, packed.filename);
	execFileSync('tar', ['xzf', tarball, '-C', work]);
	const dir = join(work, 'package');
	const files = packed.files.map((f) => f.path);
	const size = statSync(tarball).size;
	console.log(
		`packed ${packed.filename}: ${files.length} files, ${(size / 1024).toFixed(1)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(1)} KiB unpacked`,
	);

	const allowed = (path) =>
		path.startsWith('dist/') || ['package.json', 'README.md', 'LICENSE'].includes(path);
	const stray = files.filter((path) => !allowed(path));
	check(
		'only dist/, package.json, README.md and LICENSE are published',
		stray.length === 0,
		stray.slice(0, 5).join(', '),
	);
	const devOnly = files.filter(
		(path) =>
			/(^|\/)(test|dev|simulator|contract|bench|examples|scripts)\//.test(path) ||
			/\.test\./.test(path),
	);
	check(
		'no tests, dev tooling (simulator, bench, scripts), contract or examples in the package',
		devOnly.length === 0,
		devOnly.slice(0, 5).join(', '),
	);

	const pkg = readJson(join(dir, 'package.json'));
	check(
		'name starts with n8n-nodes- (or @scope/n8n-nodes-)',
		/^(@[a-z0-9-~][a-z0-9-._~]*\/)?n8n-nodes-/.test(pkg.name),
		pkg.name,
	);
	check(
		'keyword n8n-community-node-package',
		(pkg.keywords ?? []).includes('n8n-community-node-package'),
	);
	check('no runtime dependencies', !pkg.dependencies || Object.keys(pkg.dependencies).length === 0);
	check(
		'peer dependency n8n-workflow only',
		JSON.stringify(Object.keys(pkg.peerDependencies ?? {})) === '["n8n-workflow"]',
	);
	const installScripts = Object.keys(pkg.scripts ?? {}).filter((name) =>
		['preinstall', 'install', 'postinstall', 'prepare', 'prepublish'].includes(name),
	);
	check(
		'no script that runs when the package is installed',
		installScripts.length === 0,
		installScripts.join(', '),
	);
	check('files: ["dist"]', JSON.stringify(pkg.files) === '["dist"]', JSON.stringify(pkg.files));
	check(
		'n8n field: n8nNodesApiVersion 1, strict, nodes and credentials listed',
		pkg.n8n?.n8nNodesApiVersion === 1 &&
			pkg.n8n?.strict === true &&
			pkg.n8n.nodes?.length > 0 &&
			pkg.n8n.credentials?.length > 0,
	);
	const declared = [...pkg.n8n.credentials, ...pkg.n8n.nodes];
	const missing = declared.filter((path) => !existsSync(join(dir, path)));
	check(
		`every node and credential in the n8n field is in the package (${declared.length})`,
		missing.length === 0,
		missing.join(', '),
	);
	const icons = pkg.n8n.nodes.flatMap((path) => {
		const source = readFileSync(join(dir, path), 'utf8');
		return [...source.matchAll(/file:([\w.-]+\.(?:svg|png))/g)].map((m) =>
			join(dir, path, '..', m[1]),
		);
	});
	const missingIcons = icons.filter((icon) => !existsSync(icon));
	check(
		`every node icon is in the package (${icons.length})`,
		icons.length > 0 && missingIcons.length === 0,
		missingIcons.join(', '),
	);

	// Package source verification, the part that needs no network: n8n compares these with the GitHub repository.
	const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
	check(
		'repository is a GitHub URL (what npm provenance will name)',
		/^(git\+)?https:\/\/github\.com\/[\w.-]+\/[\w.-]+?(\.git)?$/.test(repository ?? ''),
		repository,
	);
	check(
		'author (name and email) and homepage given',
		Boolean(pkg.author?.name && pkg.author?.email && pkg.homepage),
	);

	check(
		'licence MIT in package.json and LICENSE',
		pkg.license === 'MIT' && /^MIT License\b/.test(readFileSync(join(dir, 'LICENSE'), 'utf8')),
	);
	const readme = readFileSync(join(dir, 'README.md'), 'utf8');
	const sections = {
		installation: /^#+ .*install/im,
		credentials: /^#+ .*credential/im,
		'example workflows': /^#+ .*example/im,
	};
	const noSection = Object.entries(sections)
		.filter(([, heading]) => !heading.test(readme))
		.map(([what]) => what);
	check(
		'README explains installation, credentials and example workflows',
		noSection.length === 0,
		noSection.length ? `no section on ${noSection.join(', ')}` : '',
	);

	const problems = codeProblems(dir);
	check(
		'shipped code imports only n8n-workflow and reads no environment, files or processes',
		problems.length === 0,
		problems.slice(0, 5).join('; '),
	);

	const { analyzePackage, SOURCE_FILE_PATTERNS } =
		await import('@n8n/scan-community-package/scanner/scanner.mjs');
	const packedScan = await analyzePackage(dir);
	check(
		'scan-community-package: packed package (every file)',
		packedScan.passed,
		packedScan.passed ? '' : `${packedScan.message}\n${packedScan.details ?? ''}`,
	);
	const sourceScan = await analyzePackage(root, SOURCE_FILE_PATTERNS);
	check(
		'scan-community-package: sources (nodes, credentials, package.json)',
		sourceScan.passed,
		sourceScan.passed ? '' : `${sourceScan.message}\n${sourceScan.details ?? ''}`,
	);
} finally {
	rmSync(work, { recursive: true, force: true });
}

// Loading in n8n is proven by the e2e suite, which installs this same `npm pack` output the way n8n's
// community install does: here, that the suite is there for the versions README promises.
const hosts = [
	{ folder: 'dev/n8n-host', test: 'test/e2e/10-load.e2e.mjs', major: '2.x' },
	{ folder: 'dev/n8n-host/v1', test: 'test/e2e/95-n8n-1x.e2e.mjs', major: '1.x' },
].map((host) => ({
	...host,
	version: readJson(join(root, host.folder, 'package.json')).dependencies?.n8n,
}));
const promised = readFileSync(join(root, 'README.md'), 'utf8');
for (const host of hosts) {
	const said = promised.includes(`${host.major} (tested in ${host.version})`);
	check(
		`loads in n8n ${host.version}: ${host.test} on ${host.folder}/ (README says so)`,
		existsSync(join(root, host.test)) && said,
		said ? '' : `README does not say "${host.major} (tested in ${host.version})"`,
	);
}
if (withN8n) {
	const run = spawnSync(
		process.execPath,
		['dev/scripts/e2e.mjs', '--no-build', '10-load', '95-n8n-1x'],
		{ stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 1 << 26 },
	);
	const summary = /e2e: (\d+) passed, (\d+) failed/.exec(run.stdout ?? '');
	check(
		`the packed package loads in n8n ${hosts.map((h) => h.version).join(' and ')} (e2e 10-load, 95-n8n-1x, run now)`,
		run.status === 0 && summary?.[2] === '0',
		summary?.[0] ?? (run.stdout ?? '').slice(-2000),
	);
} else {
	console.log(
		`  (loading itself: npm test -- e2e, or node dev/scripts/verify-package.mjs --with-n8n)`,
	);
}
console.log(
	'  not checked offline: npm provenance — it exists once .github/workflows/publish.yml has published a version;',
);
console.log(
	`  then \`npx @n8n/scan-community-package ${readJson(join(root, 'package.json')).name}\` checks it and scans the attested source`,
);

const failed = checks.filter((c) => !c.ok).length;
console.log(`package: ${checks.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
