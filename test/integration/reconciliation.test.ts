/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a test, run by Node: the community-node rules are for code n8n runs */
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { Harness, type NodeUnderTest } from '../support/harness';
import { harnessFor } from '../support/platform';

type Line = { sku: string; batch?: string; quantity: number };

const node = (
	operation: string,
	parameters: Record<string, unknown> = {},
	onError?: NodeUnderTest['onError'],
): NodeUnderTest => ({
	type: 'wmsInventoryReconciliation',
	parameters: { resource: 'comparison', operation, ...parameters },
	onError,
});

/** The platform's stock of a warehouse, one line per sku and batch, as the simulator holds it. */
function platformStock(sim: RunningSimulator, warehouse: string): Line[] {
	const lines: Line[] = [];
	for (const item of sim.store.list('inventory_item')) {
		const here = (
			(item.on_hand ?? []) as Array<{ warehouse_code: string; batches?: Array<{ batch: string }> }>
		).find((o) => o.warehouse_code === warehouse);
		if (!here) continue;
		const loose = sim.store.onHand(warehouse, item.sku, '');
		if (loose !== 0) lines.push({ sku: item.sku, quantity: loose });
		for (const { batch } of here.batches ?? [])
			lines.push({ sku: item.sku, batch, quantity: sim.store.onHand(warehouse, item.sku, batch) });
	}
	return lines;
}

const snapshot = (sim: RunningSimulator) =>
	JSON.stringify(['WH1', 'WH2'].map((warehouse) => platformStock(sim, warehouse)));

/**
 * A real HTTP server in front of the simulator that passes everything through, but rewrites the
 * JSON answers of one route: a platform answering in a way the simulator never does.
 */
async function answersRewritten(
	sim: RunningSimulator,
	route: string,
	rewrite: (body: IDataObject) => void,
) {
	const target = new URL(sim.baseUrl);
	const server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const headers = { ...request.headers, host: target.host };
			const forward = httpRequest(
				{
					host: target.hostname,
					port: target.port,
					path: request.url,
					method: request.method,
					headers,
				},
				(answer) => {
					const parts: Buffer[] = [];
					answer.on('data', (part: Buffer) => parts.push(part));
					answer.on('end', () => {
						let text = Buffer.concat(parts).toString('utf8');
						if (request.url?.endsWith(route) && answer.statusCode === 200) {
							const body = JSON.parse(text) as IDataObject;
							rewrite(body);
							text = JSON.stringify(body);
						}
						response.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
						response.end(text);
					});
				},
			);
			forward.end(Buffer.concat(chunks));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

const json = (items: INodeExecutionData[]) => items.map((item) => item.json);
/** Reconcile's Discrepancies output without the error items Continue (regular output) puts there. */
const discrepancies = (items: INodeExecutionData[]) =>
	items.filter((item) => item.json.error === undefined);
/** The one item of Reconcile's Summary output (its second). */
const summaryOf = (outputs: INodeExecutionData[][]) => {
	expect(outputs[1]).toHaveLength(1);
	return outputs[1][0];
};

describe('WMS Inventory Reconciliation through real n8n-core', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	let stock: Map<string, number>;
	/** ERP stock of WH1 with known discrepancies against the seeded platform stock. */
	let erp: IDataObject[];
	const at = (sku: string, batch = '') => stock.get(`${sku}|${batch}`)!;

	beforeEach(async () => {
		sim = await startSimulator({ demoData: true });
		harness = harnessFor(sim);
		stock = new Map(
			platformStock(sim, 'WH1').map((line) => [`${line.sku}|${line.batch ?? ''}`, line.quantity]),
		);
		erp = [];
		for (const line of platformStock(sim, 'WH1')) {
			const row = {
				sku: line.sku,
				warehouse_code: 'WH1',
				...(line.batch ? { batch: line.batch } : {}),
			};
			if (line.sku === 'DRILL-BIT-6') continue; // the ERP has none: platform 1040 is a discrepancy
			if (line.sku === 'BOLT-M8-40') erp.push({ ...row, quantity: line.quantity - 3 });
			else if (line.sku === 'NUT-M8') erp.push({ ...row, quantity: line.quantity + 2 });
			else if (line.sku === 'HELMET-WHITE') erp.push({ ...row, quantity: line.quantity + 4 });
			else if (line.sku === 'PAINT-RED-1L' && line.batch === 'B2026-02')
				erp.push({ ...row, quantity: 100 });
			else if (line.sku === 'LABEL-A6')
				erp.push({ ...row, quantity: 300 }, { ...row, quantity: line.quantity - 310 }); // two bins, 10 short
			else if (line.sku === 'WASHER-M8')
				erp.push({ ...row, quantity: 1000 }, { ...row, quantity: line.quantity - 1000 }); // two bins, equal
			else erp.push({ ...row, quantity: line.quantity });
		}
	});
	afterEach(async () => await sim.close());

	const indexOf = (sku: string, batch?: string) =>
		erp.findIndex((row) => row.sku === sku && row.batch === batch);

	describe('Reconcile', () => {
		it('reports exactly the known discrepancies, pairs them to their input items, and (dry run) changes nothing', async () => {
			const before = snapshot(sim);
			const { outputs, error } = await harness.run(node('reconcile'), erp);
			expect(error).toBeUndefined();
			const id = summaryOf(outputs).json.comparison_id as string;
			expect(id).toMatch(/^CMP-/);
			const line = (
				sku: string,
				batch: string,
				erpQ: number,
				platformQ: number,
				percent: number | null,
			) => ({
				comparison_id: id,
				warehouse_code: 'WH1',
				sku,
				batch,
				erp_quantity: erpQ,
				platform_quantity: platformQ,
				platform_minus_erp: platformQ - erpQ,
				direction: platformQ > erpQ ? 'platform_higher' : 'erp_higher',
				percent,
				action: 'report_only',
				in_erp_input: sku !== 'DRILL-BIT-6',
				adjusted: false,
			});
			const pct = (erpQ: number, platformQ: number) =>
				Math.round(((platformQ - erpQ) / erpQ) * 10000) / 100;
			expect(json(discrepancies(outputs[0]))).toEqual([
				line('DRILL-BIT-6', '', 0, at('DRILL-BIT-6'), null),
				line('PAINT-RED-1L', 'B2026-02', 100, 80, -20),
				line(
					'LABEL-A6',
					'',
					at('LABEL-A6') - 10,
					at('LABEL-A6'),
					pct(at('LABEL-A6') - 10, at('LABEL-A6')),
				),
				line(
					'HELMET-WHITE',
					'',
					at('HELMET-WHITE') + 4,
					at('HELMET-WHITE'),
					pct(at('HELMET-WHITE') + 4, at('HELMET-WHITE')),
				),
				line(
					'BOLT-M8-40',
					'',
					at('BOLT-M8-40') - 3,
					at('BOLT-M8-40'),
					pct(at('BOLT-M8-40') - 3, at('BOLT-M8-40')),
				),
				line('NUT-M8', '', at('NUT-M8') + 2, at('NUT-M8'), pct(at('NUT-M8') + 2, at('NUT-M8'))),
			]);

			const [drill, paint, label] = discrepancies(outputs[0]);
			expect(paint.pairedItem).toEqual([{ item: indexOf('PAINT-RED-1L', 'B2026-02') }]);
			const labelRows = erp.flatMap((row, item) => (row.sku === 'LABEL-A6' ? [{ item }] : []));
			expect(label.pairedItem).toEqual(labelRows);
			expect(drill.pairedItem).toHaveLength(erp.length); // the ERP did not list it: every WH1 line

			const summary = summaryOf(outputs);
			expect(summary.pairedItem).toEqual(erp.map((_, item) => ({ item })));
			expect(summary.json).toMatchObject({
				outcome: 'reported',
				dry_run: true,
				lines_compared: stock.size,
				lines_differing: 6,
				lines_matching: stock.size - 6,
				lines_not_in_erp_input: 1,
				total_absolute_units: at('DRILL-BIT-6') + 20 + 10 + 4 + 3 + 2,
				adjusted_lines: 0,
				input_items: erp.length,
				stock_lines: erp.length - 2, // two SKUs came in two bins each
				largest_differences: [
					{
						warehouse_code: 'WH1',
						sku: 'DRILL-BIT-6',
						batch: '',
						platform_minus_erp: at('DRILL-BIT-6'),
						percent: null,
					},
					{
						warehouse_code: 'WH1',
						sku: 'PAINT-RED-1L',
						batch: 'B2026-02',
						platform_minus_erp: -20,
						percent: -20,
					},
					expect.objectContaining({ sku: 'LABEL-A6', platform_minus_erp: 10 }),
					expect.objectContaining({ sku: 'HELMET-WHITE', platform_minus_erp: -4 }),
					expect.objectContaining({ sku: 'BOLT-M8-40', platform_minus_erp: 3 }),
				],
			});
			// The summary on its own output: the discrepancies' table has only the columns of a discrepancy.
			expect(outputs).toHaveLength(2);
			for (const line of outputs[0])
				expect(Object.keys(line.json).sort()).toEqual(Object.keys(outputs[0][0].json).sort());
			expect(outputs[0][0].json).not.toHaveProperty('lines_compared');
			expect(summary.json.net_units_platform_minus_erp).toBe(
				at('DRILL-BIT-6') - 20 + 10 - 4 + 3 - 2,
			);

			expect(snapshot(sim)).toBe(before);
			expect(sim.store.get('comparison', id)?.status).toBe('compared');
			for (const route of [
				'/comparison_adjustment_item/add',
				'/comparison_item/process',
				'/comparison/complete',
			]) {
				expect(sim.stats().requests[route]).toBeUndefined();
			}
		});

		it('adjusts only the differences inside the threshold, then processes, reports a move attempt and completes', async () => {
			const before = { label: at('LABEL-A6'), drill: at('DRILL-BIT-6') };
			const { outputs, error } = await harness.run(
				node('reconcile', {
					dryRun: false,
					thresholdRule: 'unitsAndPercent',
					maxUnits: 5,
					maxPercent: 5,
				}),
				erp,
			);
			expect(error).toBeUndefined();
			const lines = json(discrepancies(outputs[0]));
			expect(lines.map((l) => [l.sku, l.action, l.adjusted])).toEqual([
				['DRILL-BIT-6', 'needs_review', false],
				['PAINT-RED-1L', 'needs_review', false],
				['LABEL-A6', 'needs_review', false],
				['HELMET-WHITE', 'adjust', true],
				['BOLT-M8-40', 'adjust', true],
				['NUT-M8', 'adjust', true],
			]);
			const summary = summaryOf(outputs).json;
			expect(summary).toMatchObject({
				outcome: 'completed',
				dry_run: false,
				adjusted_lines: 3,
				adjusted_units: 9,
				needs_review_lines: 3,
			});
			expect(summary.move_attempts).toHaveLength(1);
			expect((summary.adjustments as IDataObject[]).map((a) => [a.sku, a.quantity_delta])).toEqual([
				['HELMET-WHITE', 4],
				['BOLT-M8-40', -3],
				['NUT-M8', 2],
			]);

			// The platform now matches the ERP where it was adjusted, and only there.
			expect(sim.store.onHand('WH1', 'BOLT-M8-40', '')).toBe(at('BOLT-M8-40') - 3);
			expect(sim.store.onHand('WH1', 'NUT-M8', '')).toBe(at('NUT-M8') + 2);
			expect(sim.store.onHand('WH1', 'HELMET-WHITE', '')).toBe(at('HELMET-WHITE') + 4);
			expect(sim.store.onHand('WH1', 'LABEL-A6', '')).toBe(before.label);
			expect(sim.store.onHand('WH1', 'DRILL-BIT-6', '')).toBe(before.drill);
			expect(sim.store.onHand('WH1', 'PAINT-RED-1L', 'B2026-02')).toBe(80);

			const comparison = sim.store.get('comparison', summary.comparison_id as string)!;
			expect(comparison.status).toBe('completed');
			expect(comparison.adjustments.map((a: IDataObject) => [a.sku, a.quantity_delta])).toEqual([
				['HELMET-WHITE', 4],
				['BOLT-M8-40', -3],
				['NUT-M8', 2],
			]);
			const update = sim.store.get('erp_update', (summary.move_attempts as string[])[0])!;
			expect(update.payload).toMatchObject({
				reason: 'comparison_adjustment',
				comparison_id: comparison.comparison_id,
			});
		});

		it('with "units or percent" also adjusts a difference that is small in percent only', async () => {
			const { outputs } = await harness.run(
				node('reconcile', {
					dryRun: false,
					thresholdRule: 'unitsOrPercent',
					maxUnits: 5,
					maxPercent: 2,
					createMoveAttempts: false,
				}),
				erp,
			);
			const adjusted = json(discrepancies(outputs[0]))
				.filter((l) => l.adjusted)
				.map((l) => l.sku);
			expect(adjusted).toEqual(['LABEL-A6', 'HELMET-WHITE', 'BOLT-M8-40', 'NUT-M8']);
			expect(sim.store.onHand('WH1', 'LABEL-A6', '')).toBe(at('LABEL-A6') - 10);
			expect(summaryOf(outputs).json.move_attempts).toEqual([]);
			expect(sim.stats().requests['/comparison_move_attempt/create']).toBeUndefined();
		});

		it('closes the comparison after a dry run when asked, adjusting nothing', async () => {
			const before = snapshot(sim);
			const { outputs, error } = await harness.run(
				node('reconcile', { closeAfterDryRun: true }),
				erp,
			);
			expect(error).toBeUndefined();
			const summary = summaryOf(outputs).json;
			expect(summary).toMatchObject({
				outcome: 'reported',
				dry_run: true,
				adjusted_lines: 0,
				message: expect.stringMatching(/nothing was adjusted\. The comparisons were completed\.$/),
			});
			expect(sim.store.get('comparison', summary.comparison_id as string)?.status).toBe(
				'completed',
			);
			expect(sim.stats().requests['/comparison_adjustment_item/add']).toBeUndefined();
			expect(snapshot(sim)).toBe(before);
		});

		it('leaves a dry run ready for review: chosen report lines go to Add Adjustment Items (quantity_delta = −platform_minus_erp), then Process and Complete', async () => {
			const { outputs } = await harness.run(node('reconcile'), erp);
			const approved = json(discrepancies(outputs[0]))
				.filter((l) => l.sku === 'PAINT-RED-1L' || l.sku === 'NUT-M8')
				.map((l) => ({
					comparison_id: l.comparison_id,
					sku: l.sku,
					batch: l.batch,
					quantity_delta: -Number(l.platform_minus_erp),
				}));
			const added = await harness.run(
				node('addAdjustmentItems', { fieldsToSend: 'inputItem' }),
				approved,
			);
			expect(added.error).toBeUndefined();
			expect(json(added.outputs[0]).map((r) => r.key)).toEqual(['PAINT-RED-1L|B2026-02', 'NUT-M8']);
			const id = approved[0].comparison_id;
			for (const operation of ['processItems', 'complete'])
				expect((await harness.run(node(operation), [{ comparison_id: id }])).error).toBeUndefined();
			expect(sim.store.onHand('WH1', 'PAINT-RED-1L', 'B2026-02')).toBe(100);
			expect(sim.store.onHand('WH1', 'NUT-M8', '')).toBe(at('NUT-M8') + 2);
			expect(sim.store.onHand('WH1', 'BOLT-M8-40', '')).toBe(at('BOLT-M8-40'));
		});

		it('names the step and the comparison when processing fails, leaves stock alone, and the single operations finish the job', async () => {
			sim.faults.add({ route: '/comparison_item/process', kind: '503', times: 1 });
			const before = snapshot(sim);
			const { error } = await harness.run(
				node('reconcile', { dryRun: false, options: { maxAttempts: 1 } }),
				erp,
			);
			expect(error?.message).toMatch(
				/^Reconcile stopped at step "process items" \(warehouse WH1, comparison (CMP-\d+)\): /,
			);
			const id = /comparison (CMP-\d+)/.exec(error!.message)![1];
			expect(error?.description).toContain(
				`Comparison ${id} is in state adjusting; to finish, run Process Items, then Create Move Attempts, then Complete with comparison ID ${id}`,
			);
			expect(snapshot(sim)).toBe(before);
			expect(sim.store.get('comparison', id)?.status).toBe('adjusting');

			for (const operation of ['processItems', 'createMoveAttempts', 'complete']) {
				const step = await harness.run(node(operation), [{ comparison_id: id }]);
				expect(step.error).toBeUndefined();
			}
			expect(sim.store.get('comparison', id)?.status).toBe('completed');
			expect(sim.store.onHand('WH1', 'BOLT-M8-40', '')).toBe(at('BOLT-M8-40') - 3);
		});

		it('under continue-on-fail puts the report and a "stopped" summary out, and the step failure on the error output', async () => {
			sim.faults.add({ route: '/comparison_item/process', kind: '503' });
			const { outputs, error } = await harness.run(
				node('reconcile', { dryRun: false, options: { maxAttempts: 1 } }, 'continueErrorOutput'),
				erp,
			);
			expect(error).toBeUndefined();
			expect(discrepancies(outputs[0])).toHaveLength(6);
			const summary = summaryOf(outputs).json;
			expect(summary).toMatchObject({
				outcome: 'stopped',
				failed_step: 'process items',
				failed_warehouse: 'WH1',
				adjusted_lines: 0,
			});
			// Discrepancies, Summary, then n8n's error output.
			expect(outputs[2]).toHaveLength(1);
			expect(outputs[2][0].json.message).toContain(
				`step "process items" (warehouse WH1, comparison ${String(summary.comparison_id)})`,
			);
			// The same structured error as every error item: the step's cause was a 503, so running again can help.
			expect(outputs[2][0].json.error).toMatchObject({
				code: 'step_failed',
				status: 503,
				retryable: true,
			});
		});

		it('stops at "load ERP on-hand" when the platform refuses every line, e.g. a reference whose comparison is already past loading', async () => {
			const first = await harness.run(node('reconcile', { reference: 'COUNT-7' }), erp);
			const id = summaryOf(first.outputs).json.comparison_id as string;
			const { outputs } = await harness.run(
				node('reconcile', { reference: 'COUNT-7' }, 'continueErrorOutput'),
				erp,
			);
			expect(summaryOf(outputs).json).toMatchObject({
				outcome: 'stopped',
				failed_step: 'load ERP on-hand',
				comparison_id: id,
				lines_differing: 0,
			});
			expect(discrepancies(outputs[0])).toHaveLength(0);
			expect(outputs[2].at(-1)!.json.message).toContain(
				`comparison ${id} is in state compared; cannot add ERP on-hand lines`,
			);
		});

		it('attaches the report as a CSV file to the summary', async () => {
			const { outputs } = await harness.run(
				node('reconcile', {
					attachCsv: true,
					binaryPropertyName: 'report',
					fileName: 'variance.csv',
				}),
				erp,
			);
			const file = summaryOf(outputs).binary!.report;
			expect(file).toMatchObject({ fileName: 'variance.csv', mimeType: 'text/csv' });
			const rows = Buffer.from(file.data, 'base64').toString('utf8').trim().split('\r\n');
			expect(rows[0]).toBe(
				'comparison_id,warehouse_code,sku,batch,erp_quantity,platform_quantity,platform_minus_erp,direction,percent,action,in_erp_input,adjusted',
			);
			expect(rows).toHaveLength(7);
			expect(rows[1]).toMatch(
				/^CMP-\d+,WH1,DRILL-BIT-6,,0,\d+,\d+,platform_higher,,report_only,false,false$/,
			);
			expect(rows[2]).toMatch(
				/^CMP-\d+,WH1,PAINT-RED-1L,B2026-02,100,80,-20,erp_higher,-20,report_only,true,false$/,
			);
		});

		it("reads ERP field names of the user's choosing, a default warehouse, and opens one comparison per warehouse", async () => {
			const rows = [
				{ item: 'BOLT-M8-40', stock: { qty: String(at('BOLT-M8-40')) } },
				{ item: 'NUT-M8', stock: { qty: at('NUT-M8') - 1 } },
				{ item: 'BOLT-M8-40', stock: { qty: 290 }, site: 'WH2' },
			];
			const { outputs, error } = await harness.run(
				node('reconcile', {
					defaultWarehouse: 'WH1',
					options: {
						skuField: 'item',
						quantityField: 'stock.qty',
						warehouseField: 'site',
						platformOnly: 'ignore',
					},
				}),
				rows,
			);
			expect(error).toBeUndefined();
			expect(
				json(discrepancies(outputs[0])).map((l) => [l.warehouse_code, l.sku, l.platform_minus_erp]),
			).toEqual([
				['WH2', 'BOLT-M8-40', 10],
				['WH1', 'NUT-M8', 1],
			]);
			const summary = summaryOf(outputs).json;
			expect(summary.comparison_id).toBeUndefined();
			expect(
				(summary.comparisons as IDataObject[]).map((c) => [c.warehouse_code, c.status]),
			).toEqual([
				['WH1', 'compared'],
				['WH2', 'compared'],
			]);
			expect(summary.lines_compared).toBe(3);
		});

		it('names a bad input item and field before anything is sent', async () => {
			const { error } = await harness.run(node('reconcile'), [
				erp[0],
				{ sku: 'NUT-M8', warehouse: 'WH1', qty: 'many' },
			]);
			expect(error?.message).toBe('The 2nd input item: qty must be a number (got "many")');
			const thousand = await harness.run(node('reconcile'), [
				erp[0],
				{ sku: 'NUT-M8', warehouse: 'WH1', qty: '1.000' },
			]);
			expect(thousand.error?.message).toMatch(
				/^The 2nd input item: qty is ambiguous \(got "1.000"\): 1000 with a thousands separator, or 1 with three decimals\?/,
			);
			const missing = await harness.run(node('reconcile'), [{ sku: 'NUT-M8', quantity: 3 }]);
			expect(missing.error?.message).toMatch(
				/^The 1st input item: warehouse_code is required but missing or empty/,
			);
			expect(sim.stats().requests['/comparison/add']).toBeUndefined();
			const unknown = await harness.run(node('reconcile'), [
				erp[0],
				{ sku: 'NUT-M8', warehouse_code: 'WH9', quantity: 1 },
			]);
			expect(unknown.error?.message).toBe(
				'Reconcile stopped at step "create comparison" (warehouse WH9, no comparison created): The 2nd input item: field "warehouse_code" warehouse WH9 does not exist',
			);
			expect(unknown.error?.description).toMatch(
				/Other comparisons of this run: WH1: CMP-\d+ \(open\)\.$/,
			);
		});

		it('under continue-on-fail reports the rest but adjusts nothing while an input item is bad or refused', async () => {
			const before = snapshot(sim);
			const rows = [
				...erp,
				{ sku: 'NO-SUCH-SKU', warehouse_code: 'WH1', quantity: 5 },
				{ sku: 'BOLT-M8-40', warehouse_code: 'WH1', quantity: -1 },
			];
			const { outputs } = await harness.run(
				node('reconcile', { dryRun: false }, 'continueErrorOutput'),
				rows,
			);
			expect(json(outputs[2]).map((e) => e.message)).toEqual([
				// The input's 25th and 26th items, as a person counts them.
				`The ${erp.length + 1}th input item: field "sku" inventory item NO-SUCH-SKU does not exist`,
				`The ${erp.length + 2}th input item: quantity must be 0 or more (got -1)`,
			]);
			expect(outputs[2].map((e) => e.pairedItem)).toEqual([
				{ item: erp.length },
				{ item: erp.length + 1 },
			]);
			const summary = summaryOf(outputs).json;
			expect(summary).toMatchObject({
				outcome: 'reported',
				input_items_failed: 2,
				adjusted_lines: 0,
			});
			expect(summary.message).toContain(
				'nothing was adjusted because 2 input items were not accepted',
			);
			expect(snapshot(sim)).toBe(before);
		});
	});

	describe('Reconcile and stock the ERP input did not contain', () => {
		/** The ERP input without the row of batch B2026-01 of PAINT-RED-1L, as if the export had lost it; DRILL-BIT-6 is not in it either. */
		const withoutBatch = () =>
			erp.filter((row) => !(row.sku === 'PAINT-RED-1L' && row.batch === 'B2026-01'));
		const generous = {
			dryRun: false,
			thresholdRule: 'units',
			maxUnits: 100000,
			createMoveAttempts: false,
		};

		it('never adjusts it by default, however generous the threshold: reported as needs review, marked, counted', async () => {
			const { outputs, error } = await harness.run(node('reconcile', generous), withoutBatch());
			expect(error).toBeUndefined();
			const lines = json(discrepancies(outputs[0]));
			expect(
				lines
					.filter((l) => !l.in_erp_input)
					.map((l) => [l.sku, l.batch, l.erp_quantity, l.action, l.adjusted]),
			).toEqual([
				['DRILL-BIT-6', '', 0, 'needs_review', false],
				['PAINT-RED-1L', 'B2026-01', 0, 'needs_review', false],
			]);
			expect(
				lines.filter((l) => l.in_erp_input).every((l) => l.action === 'adjust' && l.adjusted),
			).toBe(true);
			expect(sim.store.onHand('WH1', 'DRILL-BIT-6', '')).toBe(at('DRILL-BIT-6'));
			expect(sim.store.onHand('WH1', 'PAINT-RED-1L', 'B2026-01')).toBe(
				at('PAINT-RED-1L', 'B2026-01'),
			);
			expect(sim.store.onHand('WH1', 'PAINT-RED-1L', 'B2026-02')).toBe(100);
			const summary = summaryOf(outputs).json;
			expect(summary).toMatchObject({
				outcome: 'completed',
				lines_not_in_erp_input: 2,
				needs_review_lines: 2,
				adjust_lines_not_in_erp_input: false,
			});
			expect(summary.message).toContain(
				'2 need review (2 of them not in the ERP input, left alone)',
			);
			expect((summary.adjustments as IDataObject[]).map((a) => a.sku)).not.toContain('DRILL-BIT-6');
		});

		it('writes it off inside the threshold only with Adjust Lines Not in the Input on', async () => {
			const { outputs, error } = await harness.run(
				node('reconcile', { ...generous, adjustLinesNotInInput: true }),
				withoutBatch(),
			);
			expect(error).toBeUndefined();
			const lines = json(discrepancies(outputs[0]));
			expect(
				lines.filter((l) => !l.in_erp_input).map((l) => [l.sku, l.action, l.adjusted]),
			).toEqual([
				['DRILL-BIT-6', 'adjust', true],
				['PAINT-RED-1L', 'adjust', true],
			]);
			expect(sim.store.onHand('WH1', 'DRILL-BIT-6', '')).toBe(0);
			expect(sim.store.onHand('WH1', 'PAINT-RED-1L', 'B2026-01')).toBe(0);
			expect(summaryOf(outputs).json).toMatchObject({
				lines_not_in_erp_input: 2,
				needs_review_lines: 0,
				adjust_lines_not_in_erp_input: true,
			});
		});

		it('stops at "read comparison", adjusting nothing, when the platform answers an item without a numeric quantity', async () => {
			const proxy = await answersRewritten(sim, '/comparison/check_status', (body) => {
				const items = body.items as IDataObject[];
				items[0].platform_quantity = null;
			});
			try {
				const before = snapshot(sim);
				const proxied = new Harness({
					baseUrl: proxy.baseUrl,
					clientId: sim.clientId,
					clientSecret: sim.clientSecret,
				});
				const { error } = await proxied.run(node('reconcile', generous), erp);
				expect(error?.message).toMatch(
					/^Reconcile stopped at step "read comparison" \(warehouse WH1, comparison CMP-\d+\): The platform answered comparison CMP-\d+ with an item that has no SKU or no numeric quantities: \{.*"platform_quantity":null/,
				);
				expect(snapshot(sim)).toBe(before);
				expect(sim.stats().requests['/comparison_adjustment_item/add']).toBeUndefined();
			} finally {
				await proxy.close();
			}
		});
	});

	describe('single operations', () => {
		it('walks a comparison through every step, each operation taking the comparison id from its input item', async () => {
			const created = await harness.run(
				node('create', { warehouseCode: 'WH1', additionalFields: { reference: 'COUNT-1' } }),
				[{}],
			);
			expect(created.error).toBeUndefined();
			const id = created.outputs[0][0].json.comparison_id as string;
			expect(created.outputs[0][0].json).toMatchObject({ comparison_id: id, status: 'created' });
			const again = await harness.run(
				node('create', { warehouseCode: 'WH1', additionalFields: { reference: 'COUNT-1' } }),
				[{}],
			);
			expect(again.outputs[0][0].json).toMatchObject({ comparison_id: id, status: 'unchanged' });

			const lines = [
				{ comparison_id: id, sku: 'BOLT-M8-40', quantity: at('BOLT-M8-40') - 5 },
				{ comparison_id: id, sku: 'NUT-M8', quantity: at('NUT-M8') },
				{ comparison_id: id, sku: 'PAINT-RED-1L', batch: 'B2026-01', quantity: 120 },
			];
			const loaded = await harness.run(
				node('addErpOnHand', { fieldsToSend: 'inputItem', options: { batchSize: 2 } }),
				lines,
			);
			expect(loaded.error).toBeUndefined();
			expect(json(loaded.outputs[0]).map((r) => [r.comparison_id, r.key, r.status])).toEqual([
				[id, 'BOLT-M8-40', 'created'],
				[id, 'NUT-M8', 'created'],
				[id, 'PAINT-RED-1L|B2026-01', 'created'],
			]);
			expect(sim.stats().requests['/comparison_erp_on_hand/add']).toBe(2);

			const set = await harness.run(node('setPlatformOnHand'), [{ comparison_id: id }]);
			expect(set.outputs[0][0].json).toMatchObject({ comparison_id: id, status: 'compared' });

			const status = await harness.run(node('checkStatus'), [{ comparison_id: id }]);
			const bolt = (status.outputs[0][0].json.items as IDataObject[]).find(
				(item) => item.sku === 'BOLT-M8-40',
			);
			expect(bolt).toMatchObject({
				erp_quantity: at('BOLT-M8-40') - 5,
				platform_quantity: at('BOLT-M8-40'),
				difference: 5,
				processed: false,
			});

			const adjusted = await harness.run(
				node('addAdjustmentItems', {
					comparisonId: id,
					sku: 'BOLT-M8-40',
					quantityDelta: -5,
					additionalFields: { reason: 'counted short' },
				}),
				[{}],
			);
			expect(adjusted.outputs[0][0].json).toMatchObject({
				comparison_id: id,
				key: 'BOLT-M8-40',
				status: 'created',
			});

			const processed = await harness.run(node('processItems', { skus: 'BOLT-M8-40' }), [
				{ comparison_id: id },
			]);
			expect(processed.outputs[0][0].json).toMatchObject({ processed: 1, status: 'adjusting' });
			expect(sim.store.onHand('WH1', 'BOLT-M8-40', '')).toBe(at('BOLT-M8-40') - 5);
			const rest = await harness.run(node('processItems'), [{ comparison_id: id }]);
			expect(rest.outputs[0][0].json).toMatchObject({ remaining: 0, status: 'processed' });

			const moves = await harness.run(node('createMoveAttempts'), [{ comparison_id: id }]);
			expect(moves.outputs[0][0].json).toMatchObject({ created: 1 });
			expect(moves.outputs[0][0].json.erp_update_ids).toHaveLength(1);

			const done = await harness.run(node('complete'), [{ comparison_id: id }]);
			expect(done.outputs[0][0].json).toMatchObject({ comparison_id: id, status: 'completed' });
			expect(done.outputs[0][0].pairedItem).toEqual({ item: 0 });
		});

		it("offers the platform's warehouses in the warehouse dropdowns", async () => {
			const options = await harness.listAll(node('create'), 'getWarehouses');
			expect(options.map((o: { value: unknown }) => o.value)).toEqual(
				expect.arrayContaining(['WH1', 'WH2']),
			);
		});

		it('sets platform quantities given as input items, one request per comparison', async () => {
			const id = (await harness.run(node('create', { warehouseCode: 'WH2' }), [{}])).outputs[0][0]
				.json.comparison_id as string;
			await harness.run(node('addErpOnHand', { comparisonId: id, sku: 'NUT-M8', quantity: 10 }), [
				{},
			]);
			const { outputs } = await harness.run(
				node('setPlatformOnHand', {
					comparisonId: id,
					platformQuantities: 'fromItems',
					fieldsToSend: 'inputItem',
				}),
				[
					{ sku: 'NUT-M8', quantity: 12 },
					{ sku: 'BOLT-M8-40', quantity: 1 },
				],
			);
			expect(outputs[0]).toHaveLength(1);
			expect(outputs[0][0].json).toMatchObject({ platform_lines: 2, items: 2, differences: 2 });
			expect(outputs[0][0].pairedItem).toEqual([{ item: 0 }, { item: 1 }]);
			expect(sim.stats().requests['/comparison_platform_on_hand/set']).toBe(1);
		});

		it('names a missing comparison id, a zero adjustment and a bad SKU list before sending anything', async () => {
			const noId = await harness.run(node('complete'), [{}]);
			expect(noId.error?.message).toBe(
				'The 1st input item: Comparison ID is required but missing or empty',
			);
			const zero = await harness.run(
				node('addAdjustmentItems', { fieldsToSend: 'inputItem' }, 'continueErrorOutput'),
				[{ comparison_id: 'CMP-1', sku: 'A', quantity_delta: 0 }],
			);
			expect(zero.outputs[1][0].json.message).toBe(
				'The 1st input item: quantity_delta must not be 0: an adjustment changes the stock',
			);
			const badSku = await harness.run(
				node('processItems', { comparisonId: 'CMP-1', skus: 'A, B C |' }),
				[{}],
			);
			expect(badSku.error?.message).toMatch(
				/^The 1st input item: Only These SKUs entry 2 must be a code without blanks/,
			);
			expect(sim.stats().requests).toEqual({});
		});

		it("answers an unknown comparison and a forbidden state with the platform's words, per item under continue-on-fail", async () => {
			const id = (await harness.run(node('create', { warehouseCode: 'WH1' }), [{}])).outputs[0][0]
				.json.comparison_id as string;
			const { outputs } = await harness.run(node('complete', {}, 'continueErrorOutput'), [
				{ comparison_id: 'CMP-999999' },
				{ comparison_id: id },
			]);
			expect(json(outputs[1]).map((e) => e.message)).toEqual([
				'The 1st input item: comparison CMP-999999 does not exist (HTTP 404, not_found)',
				`The 2nd input item: comparison ${id} is in state open; cannot complete (HTTP 409, state_conflict)`,
			]);
			expect(outputs[1].map((e) => e.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		});
	});
	describe('examples/nightly-reconcile.json', () => {
		const workflow = JSON.parse(
			readFileSync(join(__dirname, '../../examples/nightly-reconcile.json'), 'utf8'),
		) as {
			nodes: Array<{ name: string; type: string; typeVersion: number; parameters: IDataObject }>;
			connections: Record<string, { main: Array<Array<{ node: string }>> }>;
		};
		const byName = (name: string) => workflow.nodes.find((n) => n.name === name)!;
		/**
		 * Runs a Code node's JavaScript the way its "run once for all items" mode does, with $input (all,
		 * first) and $('Reconcile').all(output) only.
		 */
		const code = (
			name: string,
			input: INodeExecutionData[],
			reconcile: INodeExecutionData[][] = [],
		) =>
			new Function('$input', '$', byName(name).parameters.jsCode as string)(
				{ all: () => input, first: () => input[0] },
				(node: string) => ({
					all: (output = 0) => (node === 'Reconcile' ? (reconcile[output] ?? []) : []),
				}),
			) as INodeExecutionData[];

		it("starts from a nightly schedule or by hand, and its Reconcile dry run reports the demo stock's planted differences", async () => {
			const starts = workflow.nodes.filter((n) => /Trigger$/.test(n.type)).map((n) => n.type);
			expect(starts.sort()).toEqual([
				'n8n-nodes-base.manualTrigger',
				'n8n-nodes-base.scheduleTrigger',
			]);
			for (const start of workflow.nodes.filter((n) => /Trigger$/.test(n.type)))
				expect(workflow.connections[start.name].main[0][0].node).toBe('ERP stock');

			const before = snapshot(sim);
			const reconcileNode = byName('Reconcile');
			expect(reconcileNode.type).toBe('n8n-nodes-wms-integration.wmsInventoryReconciliation');
			const stockLines = code('ERP stock', []).map((item) => item.json);
			const { outputs, error } = await harness.run(
				{ ...node('reconcile', reconcileNode.parameters), typeVersion: reconcileNode.typeVersion },
				stockLines,
			);
			expect(error).toBeUndefined();
			expect(
				json(discrepancies(outputs[0])).map((l) => [l.sku, l.batch, l.platform_minus_erp]),
			).toEqual([
				['PAINT-RED-1L', 'B2026-02', 10],
				['PALLET-EUR', '', -5],
				['BOLT-M8-40', '', 4],
			]);
			expect(snapshot(sim)).toBe(before);

			// Discrepancies → Differing lines, Summary → Variance report (which attaches the CSV File output), CSV File → CSV file.
			expect(
				workflow.connections.Reconcile.main.map((targets) => targets.map((t) => t.node)),
			).toEqual([['Differing lines'], ['Variance report'], ['CSV file']]);
			expect(outputs[1][0].binary).toBeUndefined();
			const [message] = code('Variance report', outputs[1], outputs);
			expect(message.json.subject).toBe(
				`Stock reconciliation: 3 of ${stock.size} lines differ (19 units)`,
			);
			expect(message.json.text).toContain('PAINT-RED-1L (B2026-02): platform − ERP 10');
			expect(message.binary?.data.fileName).toMatch(/^stock-variance-\d{4}-\d{2}-\d{2}\.csv$/);
		});
	});
});
