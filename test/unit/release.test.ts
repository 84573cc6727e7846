/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The release path as the docs describe it: CI runs what a developer runs (docs/developing.md), and
 * a version tag publishes with npm provenance, from the steps docs/releasing.md names, with no token
 * in the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '../..');
const text = (path: string) => readFileSync(join(root, path), 'utf8');

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, string>;
}
interface Job {
	'runs-on': string;
	container?: string | { image: string };
	permissions?: Record<string, string>;
	steps: Step[];
}
interface Workflow {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, Job>;
}

const workflow = (name: string) => parse(text(`.github/workflows/${name}.yml`)) as Workflow;
const onlyJob = (wf: Workflow) => {
	const jobs = Object.values(wf.jobs);
	expect(jobs).toHaveLength(1);
	return jobs[0];
};
/** The npm and node commands a job runs, in order (lines of its `run` steps). */
const commands = (job: Job) =>
	job.steps
		.flatMap((step) => (step.run ?? '').split('\n').map((line) => line.trim()))
		.filter((line) => /^(npm|node) /.test(line));
/** A page's section: from its heading to the next heading of the same level. */
function section(markdown: string, heading: string): string {
	const start = markdown.indexOf(`\n${heading}\n`);
	expect(start).toBeGreaterThanOrEqual(0);
	const level = heading.split(' ')[0];
	const rest = markdown.slice(start + heading.length + 2);
	const end = rest.search(new RegExp(`^${level} `, 'm'));
	return end < 0 ? rest : rest.slice(0, end);
}
/** Commands README names in a section, `npm …`/`node …` only (in code spans or a code block). */
const namedCommands = (markdown: string) =>
	[...markdown.matchAll(/`((?:npm|node) [^`]+)`|^((?:npm|node) [^#\n]+?)\s*(?:#.*)?$/gm)].map((m) =>
		(m[1] ?? m[2]).trim(),
	);
/** README's command and the workflow's: the same, or the workflow's with more flags. */
const sameCommand = (readme: string, workflowCommand: string) =>
	workflowCommand === readme || workflowCommand.startsWith(`${readme} --`);
const nodeVersionOf = (job: Job, before: number) => {
	const setups = job.steps
		.slice(0, before)
		.filter((s) => s.uses?.startsWith('actions/setup-node@'));
	const image = typeof job.container === 'string' ? job.container : job.container?.image;
	return setups.length
		? String(setups.at(-1)!.with?.['node-version'])
		: /^node:(\d+)/.exec(image ?? '')?.[1];
};

describe('CI (.github/workflows/ci.yml)', () => {
	const ci = workflow('ci');
	const job = onlyJob(ci);

	it('runs on every pull request and every push to main', () => {
		expect(ci.on).toHaveProperty('pull_request');
		expect(ci.on.push).toEqual({ branches: ['main'] });
	});

	it('runs what docs/developing.md tells a developer to run: npm install, then npm test, on Node 20', () => {
		const readme = namedCommands(section(text('docs/developing.md'), '## For developers'));
		const run = commands(job);
		expect(run.map((c) => c.split(' ').slice(0, 2).join(' '))).toEqual(['npm install', 'npm test']);
		for (const command of run)
			expect(readme.some((named) => sameCommand(named, command))).toBe(true);
		expect(run).not.toContain('npm ci');
		expect(nodeVersionOf(job, job.steps.length)).toBe('20');
	});
});

describe('Publish (.github/workflows/publish.yml)', () => {
	const publish = workflow('publish');
	const job = onlyJob(publish);
	const source = text('.github/workflows/publish.yml');

	it('runs on a version tag only', () => {
		expect(Object.keys(publish.on)).toEqual(['push']);
		const tags = (publish.on.push as { tags: string[] }).tags;
		expect(tags).toContain('*.*.*');
		expect((publish.on.push as Record<string, unknown>).branches).toBeUndefined();
	});

	it('may mint the OIDC token provenance is signed with, and may only read the repository', () => {
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		expect(publish.permissions).toEqual({ contents: 'read' });
	});

	it("runs the steps docs/releasing.md names, in that order, ending with n8n's release (lint, build, publish with provenance)", () => {
		const readme = namedCommands(text('docs/releasing.md'));
		const run = commands(job);
		expect(run.map((c) => c.split(' ').slice(0, 3).join(' '))).toEqual([
			'npm install --no-audit',
			'node dev/scripts/verify-package.mjs',
			'npm run release',
		]);
		expect(readme).toHaveLength(run.length);
		readme.forEach((named, index) =>
			expect([named, sameCommand(named, run[index])]).toEqual([named, true]),
		);
	});

	it("releases through n8n's node CLI, which publishes with provenance in GitHub Actions and refuses a bare npm publish", () => {
		const { scripts } = JSON.parse(text('package.json')) as { scripts: Record<string, string> };
		expect(scripts.release).toBe('n8n-node release');
		expect(scripts.prepublishOnly).toBe('n8n-node prerelease');
	});

	it('publishes with npm 11.5.1 or newer (Node 24), which trusted publishing needs; checks the package on Node 20', () => {
		const publishAt = job.steps.findIndex((s) => s.run?.includes('npm run release'));
		const checkAt = job.steps.findIndex((s) => s.run === 'node dev/scripts/verify-package.mjs');
		expect(nodeVersionOf(job, checkAt)).toBe('20');
		expect(Number(nodeVersionOf(job, publishAt))).toBeGreaterThanOrEqual(24);
	});

	it('holds no token: npm authenticates through OIDC, or the NPM_TOKEN repository secret', () => {
		expect(source).not.toMatch(/npm_[A-Za-z0-9]{20,}/);
		expect(source).not.toMatch(/_authToken=/);
		const secrets = [...source.matchAll(/\$\{\{\s*secrets\.(\w+)\s*\}\}/g)].map((m) => m[1]);
		expect(secrets).toEqual(['NPM_TOKEN']);
		const step = job.steps.find((s) => s.run?.includes('npm run release'))!;
		expect(step.env).toEqual({ NPM_TOKEN: '${{ secrets.NPM_TOKEN }}' });
	});

	it('refuses a tag that is not the version in package.json', () => {
		const guard = job.steps.find((s) => s.run?.includes('GITHUB_REF_NAME'));
		expect(guard?.run).toMatch(/require\('\.\/package\.json'\)\.version/);
		expect(guard?.run).toMatch(/exit 1/);
		expect(job.steps.indexOf(guard!)).toBeLessThan(
			job.steps.findIndex((s) => s.run?.includes('npm run release')),
		);
	});
});

describe('CHANGELOG.md', () => {
	const changelog = text('CHANGELOG.md');
	const { version } = JSON.parse(text('package.json')) as { version: string };

	it('keeps an [Unreleased] section on top, then the released versions (Keep a Changelog)', () => {
		const headings = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map(
			(m) => ({ name: m[1], date: m[2] }),
		);
		expect(headings[0]).toEqual({ name: 'Unreleased', date: undefined });
		for (const released of headings.slice(1)) expect(released.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
	});

	it(`has an entry for the version in package.json (${version}): a tag publishes what the changelog describes`, () => {
		expect(changelog).toMatch(
			new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
		);
	});
});
