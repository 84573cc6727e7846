/**
 * WMS Platform → Call a Route, Options → Include Response Headers on a route that writes records in
 * batches, through real n8n-core against the simulator, its description declaring the X-Request-Id
 * every answer of the platform carries: each record's item has the headers of the answer that
 * confirmed it, a record the platform refused those of the answer that refused it (under its
 * error, so n8n's error output still takes it), each request's its own.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { harnessFor, type Harness } from '../support/harness';
import { callRoute, itemOf } from '../support/platform';

const OWN = { description: 'platform', descriptionUrl: 'openapi.json' };
const ROUTE = '/customer/add';
const STATUS = '/comparison/check_status';
const READ = '/customer/check';

const customers = (codes: string[]) =>
	codes.map((code) => ({
		code,
		name: `Customer ${code}`,
		...(code.endsWith('X') ? { default_courier_service_code: 'NO-SUCH-COURIER' } : {}),
	}));

const write = (options: IDataObject) =>
	callRoute(
		ROUTE,
		{ mappingMode: 'autoMapInputData', value: null, matchingColumns: ['code'] },
		{ options },
		'continueErrorOutput',
	);

const requestId = (item: INodeExecutionData, under?: 'error') =>
	((under ? (item.json.error as IDataObject) : item.json).headers as IDataObject | undefined)?.[
		'x-request-id'
	];

describe('WMS Platform → Call a Route: Include Response Headers on a route that writes in batches', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeAll(async () => {
		sim = await startSimulator({});
		const doc = structuredClone(sim.description.document());
		for (const route of [ROUTE, STATUS, READ])
			doc.paths[route].post.responses['200'].headers = {
				'X-Request-Id': { schema: { type: 'string' } },
			};
		sim.description.set({ document: doc, validate: false });
		harness = harnessFor(sim, OWN);
	});
	afterAll(async () => await sim.close());

	it("puts on each record's item the headers of the answer that confirmed or refused it", async () => {
		const items = customers(['C1', 'C2X', 'C3', 'C4']);
		const plain = await harness.run(write({ batchSize: 2 }), items);
		expect(plain.error).toBeUndefined();
		expect(plain.outputs[0].map((item) => item.json.headers)).toEqual([
			undefined,
			undefined,
			undefined,
		]);

		const { outputs, error } = await harness.run(
			write({ batchSize: 2, includeHeaders: true }),
			customers(['D1', 'D2X', 'D3', 'D4']),
		);
		expect(error).toBeUndefined();
		expect(outputs.map((items) => items.map(itemOf))).toEqual([[0, 2, 3], [1]]);
		const [d1, d3, d4] = outputs[0].map((item) => requestId(item));
		const d2 = requestId(outputs[1][0], 'error');
		for (const id of [d1, d2, d3, d4]) expect(id).toMatch(/^req_\d+$/);
		// D2X's request was refused for it; D1 went again alone and was confirmed by another answer.
		expect(d1).not.toBe(d2);
		// D3 and D4 went in one request, answered once.
		expect(d3).toBe(d4);
		expect(new Set([d1, d2, d3]).size).toBe(3);
		expect(outputs[0][0].json).toMatchObject({ code: 'D1', headers: { 'x-request-id': d1 } });
		expect(outputs[1][0].json).toMatchObject({
			code: 'D2X',
			error: { code: expect.any(String), headers: { 'x-request-id': d2 } },
		});
	});

	it('puts under its error the headers of the answer that refused a route called once per item, or failed a read', async () => {
		const called = await harness.run(
			callRoute(
				STATUS,
				{ mappingMode: 'defineBelow', value: { comparison_id: '={{ $json.id }}' } },
				{ options: { includeHeaders: true } },
				'continueErrorOutput',
			),
			[{ id: 'CMP-NONE' }],
		);
		expect(called.error).toBeUndefined();
		expect(called.outputs[1].map(itemOf)).toEqual([0]);
		expect(called.outputs[1][0].json.error).toMatchObject({
			status: 404,
			headers: { 'x-request-id': expect.stringMatching(/^req_\d+$/) },
		});

		sim.faults.add({ route: READ, kind: '503', times: 1 });
		try {
			const read = await harness.run(
				callRoute(
					READ,
					{ mappingMode: 'defineBelow', value: {} },
					{ returnAll: true, options: { includeHeaders: true, maxAttempts: 1 } },
					'continueErrorOutput',
				),
				[{}],
			);
			expect(read.error).toBeUndefined();
			expect(read.outputs[1][0].json.error).toMatchObject({
				status: 503,
				headers: { 'x-request-id': expect.stringMatching(/^req_\d+$/) },
			});
		} finally {
			sim.faults.clear();
		}
	});
});
