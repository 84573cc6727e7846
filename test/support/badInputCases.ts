/**
 * The table the bad-input suites share. A case is three input items — a good one, the one under
 * test, a good one — run with "On Error → Continue (using error output)". The runner asserts what
 * a user would see: the item under test on the error output, paired to itself, its message naming
 * the item and the field; both good items on the main output, paired to themselves, stored; and
 * the platform processed exactly the good rows (nothing was sent for the bad one). A case with no
 * expected message is input that must be accepted (unicode, numbers given as text...).
 */
import type { IDataObject } from 'n8n-workflow';

import { ROUTES } from '../../nodes/shared/platform';
import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness } from './harness';
import { harnessFor } from './platform';

export interface BadInputCase {
	title: string;
	type: string;
	parameters: IDataObject;
	/** The platform route the good rows go to. */
	route: string;
	items: IDataObject[];
	/**
	 * Expected message of the item under test (index 1), written as for an item without a key
	 * ("The 2nd input item: …"); undefined when it must be accepted. When the item gives its record's key, the
	 * node names the record instead ("Supplier K3-1: …"), and the runner expects that.
	 */
	message?: string | RegExp;
	/** More checks on the platform afterwards, with the key the item under test was built with. */
	then?: (sim: RunningSimulator, key: string) => void;
}

export interface NodeTable {
	type: string;
	parameters: IDataObject;
	route: string;
	/** A good item with this key (unique per case, so cases sharing one simulator do not meet). */
	good: (key: string) => IDataObject;
}

let serial = 0;

/** Cases of one node/operation: `add(title, badItemOf(key), message?)`. */
export function table(node: NodeTable) {
	return (
		title: string,
		bad: (key: string) => IDataObject,
		message?: string | RegExp,
		then?: BadInputCase['then'],
	): BadInputCase & { key: string } => {
		const id = `K${++serial}`;
		const key = `${id}-1`;
		return {
			title,
			type: node.type,
			parameters: node.parameters,
			route: node.route,
			items: [node.good(`${id}-0`), bad(key), node.good(`${id}-2`)],
			message,
			then,
			key,
		};
	};
}

/** "Sales order" for /sales_order/add: the route's noun as the contract gives it, capitalised. */
const nounOf = (route: string): string => {
	const noun = (ROUTES as Record<string, { noun?: string }>)[route]?.noun ?? 'record';
	return noun.charAt(0).toUpperCase() + noun.slice(1);
};

const OK_STATUSES = ['created', 'updated', 'unchanged'];

export async function runCase(
	harness: Harness,
	sim: RunningSimulator,
	testCase: BadInputCase & { key: string },
): Promise<void> {
	sim.resetStats();
	const { outputs, error } = await harness.run(
		{ type: testCase.type, parameters: testCase.parameters, onError: 'continueErrorOutput' },
		testCase.items,
	);
	expect(error).toBeUndefined();
	const [main = [], errors = []] = outputs;
	const rejected = testCase.message !== undefined;
	const goodIndexes = rejected ? [0, 2] : [0, 1, 2];

	expect(errors).toHaveLength(rejected ? 1 : 0);
	if (rejected) {
		const error = errors[0].json.error as IDataObject;
		const record = error.record as IDataObject | undefined;
		// The record named is the one the bad item gave, under the key's own field names.
		for (const [field, value] of Object.entries(record ?? {}))
			if (field in testCase.items[1]) expect(String(testCase.items[1][field])).toBe(String(value));
		const name = record
			? `${nounOf(testCase.route)} ${Object.values(record).join(' / ')}`
			: 'The 2nd input item';
		const message = String(errors[0].json.message);
		expect(error.message).toBe(message);
		// Bad input is found before sending (no HTTP status); what the platform refuses has its status. Neither is helped by re-running.
		expect(error).toMatchObject({ code: expect.any(String), retryable: false });
		if (error.code === 'invalid_input')
			expect(error).toMatchObject({ field: expect.any(String), status: null });
		if (typeof testCase.message === 'string')
			expect(message).toBe(testCase.message.replace(/^The 2nd input item/, name));
		else
			expect(message).toMatch(
				new RegExp(
					testCase.message!.source.replace(
						/^\^The 2nd input item/,
						`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
					),
					testCase.message!.flags,
				),
			);
		expect(errors[0].pairedItem).toEqual({ item: 1 });
	}
	expect(main.map((item) => item.pairedItem)).toEqual(goodIndexes.map((item) => ({ item })));
	expect(
		main.map((item) => item.json.status).filter((status) => !OK_STATUSES.includes(String(status))),
	).toEqual([]);
	// Rows the platform processed: a row it refused (422) is not counted, nor one never sent.
	expect(sim.stats().items[testCase.route] ?? 0).toBe(goodIndexes.length);
	testCase.then?.(sim, testCase.key);
}

export const long = (length: number, unit = 'x') => unit.repeat(length);

/** One platform (with demo data) for a whole table; every case runs beside good items under continue-on-fail. */
export function describeBadInput(
	title: string,
	groups: Array<[string, Array<BadInputCase & { key: string }>]>,
): void {
	describe(title, () => {
		let sim: RunningSimulator;
		let harness: Harness;
		beforeAll(async () => {
			sim = await startSimulator({ demoData: true });
			harness = harnessFor(sim);
		});
		afterAll(async () => await sim.close());

		describe.each(groups)('%s', (_, cases) => {
			it.each(cases.map((testCase) => [testCase.title, testCase] as const))(
				'%s',
				async (_title, testCase) => await runCase(harness, sim, testCase),
			);
		});
	});
}
