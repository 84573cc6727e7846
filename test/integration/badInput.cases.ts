/**
 * The table the bad-input suites share. A case is three input items — a good one, the one under
 * test, a good one — run with "On Error → Continue (using error output)". The runner asserts what
 * a user would see: the item under test on the error output, paired to itself, its message naming
 * the item and the field; both good items on the main output, paired to themselves, stored; and
 * the platform processed exactly the good rows (nothing was sent for the bad one). A case with no
 * expected message is input that must be accepted (unicode, numbers given as text...).
 */
import type { IDataObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../simulator';
import { Harness } from '../support/harness';
import { harnessFor } from '../support/platform';

export interface BadInputCase {
	title: string;
	type: string;
	parameters: IDataObject;
	/** The platform route the good rows go to. */
	route: string;
	items: IDataObject[];
	/** Expected message of the item under test (index 1); undefined when it must be accepted. */
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

const OK_STATUSES = ['created', 'updated', 'unchanged'];

export async function runCase(harness: Harness, sim: RunningSimulator, testCase: BadInputCase & { key: string }): Promise<void> {
	sim.resetStats();
	const { outputs, error } = await harness.run({ type: testCase.type, parameters: testCase.parameters, onError: 'continueErrorOutput' }, testCase.items);
	expect(error).toBeUndefined();
	const [main = [], errors = []] = outputs;
	const rejected = testCase.message !== undefined;
	const goodIndexes = rejected ? [0, 2] : [0, 1, 2];

	expect(errors.map((item) => item.json.error)).toEqual(rejected ? [expect.stringMatching(/^Item 1: field "[^"]+" /)] : []);
	if (rejected) {
		const message = String(errors[0].json.error);
		if (typeof testCase.message === 'string') expect(message).toBe(testCase.message);
		else expect(message).toMatch(testCase.message!);
		expect(errors[0].pairedItem).toEqual({ item: 1 });
	}
	expect(main.map((item) => item.pairedItem)).toEqual(goodIndexes.map((item) => ({ item })));
	expect(main.map((item) => item.json.status).filter((status) => !OK_STATUSES.includes(String(status)))).toEqual([]);
	// Rows the platform processed: a row it refused (422) is not counted, nor one never sent.
	expect(sim.stats().items[testCase.route] ?? 0).toBe(goodIndexes.length);
	testCase.then?.(sim, testCase.key);
}

export const long = (length: number, unit = 'x') => unit.repeat(length);

/** One platform (with demo data) for a whole table; every case runs beside good items under continue-on-fail. */
export function describeBadInput(title: string, groups: Array<[string, Array<BadInputCase & { key: string }>]>): void {
	describe(title, () => {
		let sim: RunningSimulator;
		let harness: Harness;
		beforeAll(async () => {
			sim = await startSimulator({ demoData: true });
			harness = harnessFor(sim);
		});
		afterAll(async () => await sim.close());

		describe.each(groups)('%s', (_, cases) => {
			it.each(cases.map((testCase) => [testCase.title, testCase] as const))('%s', async (_title, testCase) => await runCase(harness, sim, testCase));
		});
	});
}
