#!/usr/bin/env node
// Verification-ready check, offline: builds, packs the package as npm would publish it, and
//  - lists what is inside (dist, package.json, README, LICENSE only — no tests, simulator, contract, bench),
//  - checks package.json (no runtime dependencies, peer n8n-workflow only, n8n field paths exist),
//  - runs @n8n/scan-community-package's analyzePackage on the packed files and on the sources,
//    the same rules n8n's verification applies.
// Prints `package: N passed, N failed` and exits non-zero on any failure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const checks = [];
const check = (name, ok, detail = '') => {
	checks.push({ name, ok });
	console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`);
};

execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
const work = mkdtempSync(join(tmpdir(), 'wms-pack-'));
try {
	const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { encoding: 'utf8' }));
	const tarball = join(work, packed.filename);
	execFileSync('tar', ['xzf', tarball, '-C', work]);
	const dir = join(work, 'package');
	const files = packed.files.map((f) => f.path);
	const size = statSync(tarball).size;
	console.log(`packed ${packed.filename}: ${files.length} files, ${(size / 1024).toFixed(1)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(1)} KiB unpacked`);

	const allowed = (path) => path.startsWith('dist/') || ['package.json', 'README.md', 'LICENSE'].includes(path);
	const stray = files.filter((path) => !allowed(path));
	check('only dist/, package.json, README.md and LICENSE are published', stray.length === 0, stray.slice(0, 5).join(', '));
	const devOnly = files.filter((path) => /(^|\/)(test|simulator|contract|bench|examples|scripts)\//.test(path) || /\.test\./.test(path));
	check('no tests, simulator, contract, bench or scripts in the package', devOnly.length === 0, devOnly.slice(0, 5).join(', '));

	const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
	check('no runtime dependencies', !pkg.dependencies || Object.keys(pkg.dependencies).length === 0);
	check('peer dependency n8n-workflow only', JSON.stringify(Object.keys(pkg.peerDependencies ?? {})) === '["n8n-workflow"]');
	check('keyword n8n-community-node-package', (pkg.keywords ?? []).includes('n8n-community-node-package'));
	const declared = [...pkg.n8n.credentials, ...pkg.n8n.nodes];
	const missing = declared.filter((path) => !existsSync(join(dir, path)));
	check(`every node and credential in the n8n field is in the package (${declared.length})`, missing.length === 0, missing.join(', '));
	const icons = pkg.n8n.nodes.flatMap((path) => {
		const source = readFileSync(join(dir, path), 'utf8');
		return [...source.matchAll(/file:([\w.-]+\.(?:svg|png))/g)].map((m) => join(dir, path, '..', m[1]));
	});
	const missingIcons = icons.filter((icon) => !existsSync(icon));
	check(`every node icon is in the package (${icons.length})`, icons.length > 0 && missingIcons.length === 0, missingIcons.join(', '));

	const { analyzePackage } = await import('@n8n/scan-community-package/scanner/scanner.mjs');
	const packedScan = await analyzePackage(dir);
	check('scan-community-package: packed package', packedScan.passed, packedScan.passed ? '' : `${packedScan.message}\n${packedScan.details ?? ''}`);
	const sourceScan = await analyzePackage(root, ['package.json', '{nodes,credentials}/**/*.{js,ts,json}']);
	check('scan-community-package: sources (nodes, credentials, package.json)', sourceScan.passed, sourceScan.passed ? '' : `${sourceScan.message}\n${sourceScan.details ?? ''}`);
} finally {
	rmSync(work, { recursive: true, force: true });
}

const failed = checks.filter((c) => !c.ok).length;
console.log(`package: ${checks.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
