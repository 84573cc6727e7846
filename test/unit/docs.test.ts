/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The README is a guide that links to a page in docs/ for everything else: every link and image in
 * the README and the docs leads somewhere (a file that exists, a heading that exists), every page
 * of docs/ is linked from the README, and every docs/ page the README names exists.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const DOCS = path.join(ROOT, 'docs');
const PAGES = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	...fs
		.readdirSync(DOCS)
		.filter((file) => file.endsWith('.md'))
		.map((file) => path.join('docs', file)),
	'dev/simulator/README.md',
	'contract/README.md',
	'test/e2e/examples/README.md',
].filter((page) => fs.existsSync(path.join(ROOT, page)));

const read = (page: string) => fs.readFileSync(path.join(ROOT, page), 'utf8');

/** The text outside fenced code blocks, where links and headings are. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchors of a page's headings ("Adapting to the platform's own OpenAPI" → "adapting-to-the-platforms-own-openapi"). */
function anchors(page: string): Set<string> {
	const seen = new Map<string, number>();
	const found = new Set<string>();
	for (const [, heading] of prose(read(page)).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
		const slug = heading
			.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		found.add(count ? `${slug}-${count}` : slug);
	}
	return found;
}

/** Every link and image target of a page that is not a web address. */
function links(page: string): string[] {
	return [...prose(read(page)).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
		.map((match) => match[1])
		.filter((target) => !/^(https?:|mailto:)/.test(target));
}

describe('the README and docs/', () => {
	it('finds the pages and their links', () => {
		expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/nodes.md']));
		expect(links('README.md').length).toBeGreaterThan(20);
	});

	it.each(PAGES)('every link and image of %s leads to a file and heading that exist', (page) => {
		const broken = links(page).flatMap((target) => {
			const [file, anchor] = target.split('#');
			const resolved = file ? path.join(path.dirname(page), decodeURI(file)) : page;
			if (!fs.existsSync(path.join(ROOT, resolved))) return [`${target}: no file ${resolved}`];
			if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
				return [`${target}: no heading "#${anchor}" in ${resolved}`];
			return [];
		});
		expect(broken).toEqual([]);
	});

	it('every page of docs/ is linked from the README', () => {
		const linked = new Set(
			links('README.md').map((target) => path.normalize(target.split('#')[0])),
		);
		const orphans = fs
			.readdirSync(DOCS)
			.filter((file) => file.endsWith('.md'))
			.filter((file) => !linked.has(path.join('docs', file)));
		expect(orphans).toEqual([]);
	});

	it('every docs/ page the README names in words exists', () => {
		const named = [...read('README.md').matchAll(/`(docs\/[\w./-]+\.md)`/g)].map((m) => m[1]);
		expect(named.filter((page) => !fs.existsSync(path.join(ROOT, page)))).toEqual([]);
	});

	it('the README stays a guide: short, the first run before the reference', () => {
		const readme = read('README.md');
		expect(readme.split('\n').length).toBeLessThan(260);
		const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
		expect(headings.slice(0, 3)).toEqual([
			'1. Install the package in n8n',
			'2. Connect it to your platform: the credential',
			'3. A first run',
		]);
	});
});
