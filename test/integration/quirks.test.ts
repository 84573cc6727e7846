/**
 * The nodes against a second platform (test/support/quirkyPlatform.ts) answering in every way
 * the contract does not forbid — the table in quirks.cases.ts — through real n8n-core. Every
 * bulk case also holds the promise itself: each input item answered exactly once, and every
 * item on the main output confirmed by the platform's answer, with its own key.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { ROUTES } from '../../nodes/shared/platform';
import { contract } from '../support/contract';
import { Harness } from '../support/harness';
import { capturedLogs } from '../support/leaks';
import { QuirkyPlatform } from '../support/quirkyPlatform';
import { NODES, QUIRKS, type Quirk } from '../support/quirkCases';

const KNOWN_STATUSES = ['created', 'updated', 'unchanged'];
const itemsOf = (output: INodeExecutionData) => {
	const paired = output.pairedItem as { item: number } | Array<{ item: number }>;
	return Array.isArray(paired) ? paired.map((pair) => pair.item) : [paired.item];
};
const ascending = (numbers: number[]) => [...numbers].sort((a, b) => a - b);

describe('a platform that answers otherwise (quirks table, real n8n-core)', () => {
	let platform: QuirkyPlatform;
	beforeEach(async () => (platform = await QuirkyPlatform.start()));
	afterEach(async () => await platform.close());

	it('has at least 25 answers, each with what the user sees', () => {
		expect(QUIRKS.length).toBeGreaterThanOrEqual(25);
		for (const quirk of QUIRKS)
			expect({ answer: quirk.answer, says: quirk.stored ?? quirk.records ?? quirk.error }).toEqual({
				answer: quirk.answer,
				says: expect.anything(),
			});
	});

	it.each(QUIRKS.map((quirk) => [`${quirk.node}: ${quirk.answer}`, quirk] as const))(
		'%s',
		async (_, quirk: Quirk) => {
			const node = NODES[quirk.node];
			if ('records' in node) platform.records.set(node.route, node.records);
			quirk.program(platform);
			const harness = new Harness({
				baseUrl: platform.baseUrl,
				clientId: platform.clientId,
				clientSecret: platform.clientSecret,
			});
			const items = quirk.items ?? node.items;
			const logsFrom = capturedLogs.length;
			const { outputs, error } = await harness.run(
				{
					type: node.type,
					parameters: { ...node.parameters, options: quirk.options ?? {} },
					onError: node.kind === 'bulk' ? 'continueErrorOutput' : undefined,
				},
				items,
			);
			const [main = [], failed = []] = outputs;

			if (node.kind === 'bulk') {
				expect(error).toBeUndefined();
				// Every input item answered exactly once, on one output or the other.
				expect(ascending([...main, ...failed].flatMap(itemsOf))).toEqual(
					items.map((_, index) => index),
				);
				expect(ascending(main.flatMap(itemsOf))).toEqual(quirk.stored);
				// Nothing counted as stored that the platform did not confirm, for that very row.
				for (const output of main) {
					const sent = node.keyOf(items[itemsOf(output)[0]]);
					// A platform that folds case confirms the row in its own spelling, which the output keeps.
					expect(String(output.json.key)).toBe(quirk.foldsCase ? sent.toUpperCase() : sent);
					expect(KNOWN_STATUSES).toContain(output.json.status);
					if (quirk.confirmedByReadBack && output.json.confirmed_by === 'read_back')
						// Its answer was lost: the platform holds exactly what was sent, read back by key.
						expect(platform.stored(node.route, String(output.json.key))).toHaveLength(1);
					else
						expect(platform.confirmed.has(`${node.route} ${String(output.json.key)}`)).toBe(true);
				}
				for (const output of failed) {
					const first = itemsOf(output)[0];
					const words = quirk.failed instanceof RegExp ? quirk.failed : quirk.failed?.[first];
					expect({ item: first, error: output.json.message }).toEqual({
						item: first,
						error: expect.stringMatching(words ?? /^$/),
					});
					expect(String((output.json.error as { details?: string }).details)).toContain(
						`Route ${node.route}`,
					);
					if (quirk.rerunSafe !== undefined)
						expect((output.json.error as { retryable?: boolean }).retryable).toBe(quirk.rerunSafe);
				}
			} else if (quirk.error) {
				expect(error?.message).toMatch(quirk.error);
			} else {
				expect(error).toBeUndefined();
				expect(main.map((output) => node.keyOf(output.json))).toEqual(quirk.records);
			}
			if (quirk.requests !== undefined) expect(platform.count(node.route)).toBe(quirk.requests);
			if (quirk.log) expect(capturedLogs.slice(logsFrom).join('\n')).toMatch(quirk.log);
			quirk.holds?.(platform);
		},
	);

	it('the route table names the key each bulk route reports, as x-natural-key says (but /comparison/add, whose key is the id it assigns)', () => {
		for (const [route, info] of Object.entries(ROUTES)) {
			if (info.kind !== 'bulk') continue;
			const naturalKey = (contract.paths[route].post as Record<string, unknown>)['x-natural-key'];
			expect({ route, key: 'resultKey' in info ? info.resultKey : undefined }).toEqual({
				route,
				key: route === '/comparison/add' ? undefined : naturalKey,
			});
		}
	});

	describe('a picker (Warehouse: From List) on such a platform', () => {
		const picker = async () =>
			new Harness({
				baseUrl: platform.baseUrl,
				clientId: platform.clientId,
				clientSecret: platform.clientSecret,
			});
		const spec = {
			type: 'wmsInventory',
			parameters: { resource: 'stockingFactor', operation: 'set' },
		};

		it('follows a next_cursor that is a number, sent back as a number', async () => {
			platform.on('/warehouse/check', (call) => ({
				json: {
					items: [{ code: `WH${String(call.body.cursor ?? 0)}` }],
					next_cursor: call.body.cursor === undefined ? 7 : null,
				},
			}));
			const entries = await (await picker()).listAll(spec, 'getWarehouses');
			expect(entries.map((entry) => entry.value)).toEqual(['WH0', 'WH7']);
			expect(
				platform.calls
					.filter((call) => call.route === '/warehouse/check')
					.map((call) => call.body.cursor),
			).toEqual([undefined, 7]);
		});

		it('says so, naming the route, when the answer is not a page of records', async () => {
			platform.on('/warehouse/check', () => ({ json: { warehouses: [{ code: 'WH1' }] } }));
			await expect((await picker()).listSearch(spec, 'getWarehouses')).rejects.toThrow(
				/The platform answered HTTP 200 on \/warehouse\/check with no list of items/,
			);
		});

		it('says so when it claims more but gives no cursor', async () => {
			platform.on('/warehouse/check', () => ({
				json: { items: [{ code: 'WH1' }], has_more: true },
			}));
			await expect((await picker()).listSearch(spec, 'getWarehouses')).rejects.toThrow(
				/has_more: true but no next_cursor/,
			);
		});
	});
});
