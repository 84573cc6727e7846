/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * 100,000 inventory items through the WMS Inventory node (Item: Add or Update) in real n8n-core
 * against the simulator, beside
 *   (a) the raw floor: the same 100 chunks of 1000 posted one after the other by a bare axios client;
 *   (b) the per-item way a user would build with n8n's HTTP Request node: one authenticated request
 *       per item through n8n-core's request helper, measured on 5,000 items and scaled to 100,000.
 * Each run gets a fresh simulator in its own process (as the platform is a server of its own), so
 * all three pay the same platform cost and none pays for the others' memory.
 * The node runs two ways each round: version 2's form (Use Each Input Item As Is) and version 3's
 * mapper (Map Automatically); then, on --expressions items, four fields by expressions each way.
 * Prints requests, tokens, wall times, node/raw for both, mapper/form, per-item/node, peak RSS and
 * the load. Targets: ≤ 100 data requests + 1 token request; node/raw ≤ 1.3; mapper/form ≤ 1.1;
 * per-item/node ≥ 50.
 *
 *   npx tsc -p tsconfig.tools.json && node .tools/bench/inventory-bulk.js [--items 100000] [--per-item 5000] [--runs 5] [--expressions 10000]
 *
 * "Node" time is n8n's own executionTime of the node (what the editor shows); the whole
 * workflow run (the test Source node parsing 100,000 items, the harness's secret check) is
 * printed beside it. node/raw is the median of the paired runs (each node run against the raw
 * run just before it), as wall time on a shared machine wobbles by ±20 %.
 *
 * Figures as measured, with the command, date and load: docs/performance.md (Bulk push).
 */
import '../../test/support/setup';

import axios from 'axios';
import { Agent } from 'node:http';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { Harness, harnessFor } from '../../test/support/harness';
import { ALL_NODE_TYPES } from '../../test/support/nodeTypes';
import {
	arg,
	erpItems,
	loadAverage,
	spread,
	withPeakRss,
	withSimulator,
	type Platform,
} from './support';

/** Peak RSS and wall time of one run, after collecting what the runs before it left. */
const measureRun = <T>(work: () => Promise<T>) => withPeakRss(work, { collectFirst: true });

/** What n8n's HTTP Request node does with a predefined credential: one authenticated request per item. */
class PerItemRequest implements INodeType {
	description = {
		displayName: 'Per-Item Request',
		name: 'benchPerItemRequest',
		group: ['transform'],
		version: 1,
		description: 'One POST per input item, as the HTTP Request node sends it',
		defaults: { name: 'Per-Item Request' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'wmsIntegrationApi', required: true }],
		properties: [{ displayName: 'URL', name: 'url', type: 'string', default: '' }],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const url = this.getNodeParameter('url', 0) as string;
		const out: INodeExecutionData[] = [];
		const items = this.getInputData();
		for (let i = 0; i < items.length; i++) {
			const json = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				'wmsIntegrationApi',
				{
					method: 'POST',
					url,
					body: { items: [items[i].json] },
					json: true,
				},
			)) as IDataObject;
			out.push({ json, pairedItem: { item: i } });
		}
		return [out];
	}
}

interface Figures {
	label: string;
	items: number;
	requests: number;
	tokens: number;
	seconds: number;
	peakMb: number;
	note?: string;
}

/** Requests and tokens the platform saw; fails the bench when not every item was stored. */
async function counts(platform: Platform, items: number) {
	const stats = await platform.stats();
	const stored = stats.items['/inventory/add'] ?? 0;
	if (stored !== items)
		throw new Error(`expected ${items} items stored, the platform took ${stored}`);
	// Every way fills the same fields: the weight (an additional field of the form) reached the platform.
	const weighed = await platform.control<{ matching: number }>('/count', {
		kind: 'inventory_item',
		key: 'sku',
		keyPrefix: 'BENCH-',
		field: 'weight_kg',
		equals: 0.25,
	});
	if (weighed.matching !== items)
		throw new Error(
			`expected ${items} items stored with their weight, ${weighed.matching} have it`,
		);
	return { requests: stats.requests['/inventory/add'] ?? 0, tokens: stats.tokensIssued };
}

/**
 * The ways a person fills the node's fields for an ERP export: the form of versions 1 and 2, and
 * version 3's resource mapper loaded from the description. "form" and "mapper" take each input
 * item as it comes (Use Each Input Item As Is, Map Automatically); "form-expressions" and
 * "mapper-expressions" fill four fields by expressions (Define Below, Map Each Column Manually),
 * which n8n evaluates once per field and item in both.
 */
const PATHS = {
	form: {
		label: 'WMS Inventory node (form, as is)',
		typeVersion: 2,
		parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem' },
	},
	mapper: {
		label: 'WMS Inventory node (mapper, automatically)',
		typeVersion: 3,
		parameters: {
			resource: 'item',
			operation: 'upsert',
			columns: {
				mappingMode: 'autoMapInputData',
				value: null,
				matchingColumns: ['sku'],
				schema: [],
			},
		},
	},
	'form-expressions': {
		label: 'WMS Inventory node (form, expressions)',
		typeVersion: 2,
		parameters: {
			resource: 'item',
			operation: 'upsert',
			fieldsToSend: 'form',
			sku: '={{ $json.sku }}',
			description: '={{ $json.description }}',
			additionalFields: {
				unitOfMeasure: '={{ $json.unit_of_measure }}',
				weightKg: '={{ $json.weight_kg }}',
			},
		},
	},
	'mapper-expressions': {
		label: 'WMS Inventory node (mapper, expressions)',
		typeVersion: 3,
		parameters: {
			resource: 'item',
			operation: 'upsert',
			columns: {
				mappingMode: 'defineBelow',
				value: {
					sku: '={{ $json.sku }}',
					description: '={{ $json.description }}',
					unit_of_measure: '={{ $json.unit_of_measure }}',
					weight_kg: '={{ $json.weight_kg }}',
				},
				matchingColumns: ['sku'],
				schema: [],
			},
		},
	},
} as const;
type Path = keyof typeof PATHS;

async function runNode(items: IDataObject[], path: Path = 'form'): Promise<Figures> {
	const { label, typeVersion, parameters } = PATHS[path];
	return await withSimulator([], async (sim) => {
		const harness = harnessFor(sim);
		const {
			result: run,
			peakMb,
			seconds,
		} = await measureRun(() =>
			harness.run(
				{ type: 'wmsInventory', typeVersion, parameters: parameters as unknown as IDataObject },
				items,
			),
		);
		if (run.error) throw run.error;
		if (run.outputs[0].length !== items.length)
			throw new Error(`expected ${items.length} output items, got ${run.outputs[0].length}`);
		const nodeSeconds = (run.run.data.resultData.runData.WMS[0].executionTime ?? 0) / 1000;
		return {
			label,
			items: items.length,
			...(await counts(sim, items.length)),
			seconds: nodeSeconds,
			peakMb,
			note: `whole workflow run ${seconds.toFixed(2)} s`,
		};
	});
}

async function runRaw(items: IDataObject[]): Promise<Figures> {
	return await withSimulator([], async (sim) => {
		const agent = new Agent({ keepAlive: true });
		const client = axios.create({
			baseURL: sim.baseUrl,
			httpAgent: agent,
			headers: { 'Content-Type': 'application/json' },
		});
		const { peakMb, seconds } = await measureRun(async () => {
			const token = (
				await client.post('/oauth/token', {
					client_id: sim.clientId,
					client_secret: sim.clientSecret,
					grant_type: 'client_credentials',
				})
			).data.access_token;
			for (let start = 0; start < items.length; start += 1000) {
				await client.post(
					'/inventory/add',
					{ items: items.slice(start, start + 1000) },
					{ headers: { Authorization: `Bearer ${token}` } },
				);
			}
		});
		agent.destroy();
		return {
			label: 'raw floor (bare axios, 1000 per request)',
			items: items.length,
			...(await counts(sim, items.length)),
			seconds,
			peakMb,
		};
	});
}

async function runPerItem(items: IDataObject[], scaleTo: number): Promise<Figures> {
	return await withSimulator([], async (sim) => {
		const harness = new Harness(
			{ baseUrl: sim.baseUrl, clientId: sim.clientId, clientSecret: sim.clientSecret },
			[...ALL_NODE_TYPES, new PerItemRequest()],
		);
		const { result: run, peakMb } = await measureRun(() =>
			harness.run(
				{ type: 'benchPerItemRequest', parameters: { url: `${sim.baseUrl}/inventory/add` } },
				items,
			),
		);
		if (run.error) throw run.error;
		const measured = (run.run.data.resultData.runData.WMS[0].executionTime ?? 0) / 1000;
		const factor = scaleTo / items.length;
		return {
			label: 'per item (HTTP Request node style)',
			items: scaleTo,
			...(await counts(sim, items.length)),
			seconds: measured * factor,
			peakMb,
			note: `measured ${items.length} items in ${measured.toFixed(2)} s, scaled ×${factor}`,
		};
	}).then((figures) => ({ ...figures, requests: figures.requests * (scaleTo / items.length) }));
}

/** The run with the median time (wall time on a shared machine wobbles; the median of interleaved runs does not much). */
function median(runs: Figures[]): Figures {
	return [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)];
}

/** Median (least–greatest) of ratios, each taken within one round so load on a shared machine hits both alike. */
const ratioOf = (over: Figures[], under: Figures[]) =>
	over.map((f, i) => f.seconds / under[i].seconds);
const middle = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function print(f: Figures): void {
	console.log(
		`${f.label.padEnd(44)} ${f.items.toLocaleString('en-US').padStart(8)} items  ${String(Math.round(f.requests)).padStart(7)} data requests  ${f.tokens} token  ${f.seconds.toFixed(2).padStart(7)} s  peak RSS ${Math.round(f.peakMb)} MB${f.note ? `  (${f.note})` : ''}`,
	);
}

async function main(): Promise<void> {
	const total = arg('items', 100_000);
	const perItem = arg('per-item', 5_000);
	const repeats = arg('runs', 5);
	const withExpressions = arg('expressions', 10_000);
	const items = erpItems(total);
	// Warm-up (JIT of the node, n8n-core and the simulator) on a separate simulator.
	for (const path of Object.keys(PATHS) as Path[]) await runNode(items.slice(0, 2000), path);
	await runRaw(items.slice(0, 2000));

	// Each round: the raw floor, then the form path and the mapper path on the same items.
	const raws: Figures[] = [];
	const forms: Figures[] = [];
	const mappers: Figures[] = [];
	for (let run = 0; run < repeats; run++) {
		raws.push(await runRaw(items));
		forms.push(await runNode(items, 'form'));
		mappers.push(await runNode(items, 'mapper'));
	}
	const slow = await runPerItem(items.slice(0, perItem), total);
	for (const f of [median(forms), median(mappers), median(raws), slow]) print(f);
	console.log(
		`runs (raw → form → mapper): ${raws.map((f, i) => `${f.seconds.toFixed(2)} → ${forms[i].seconds.toFixed(2)} → ${mappers[i].seconds.toFixed(2)} s`).join(', ')}`,
	);
	const formOverRaw = ratioOf(forms, raws);
	const mapperOverRaw = ratioOf(mappers, raws);
	const mapperOverForm = ratioOf(mappers, forms);
	const perItemOverNode = slow.seconds / median(mappers).seconds;
	console.log(
		`node/raw = form ${spread(formOverRaw)}, mapper ${spread(mapperOverRaw)} (median (least–greatest) of ${repeats} rounds; target ≤ 1.3)`,
	);
	console.log(
		`mapper/form = ${spread(mapperOverForm)} (target ≤ 1.1: the mapper in the same time as the form)   per-item/node = ${perItemOverNode.toFixed(0)} (target ≥ 50); load average (1 min) ${loadAverage()}`,
	);

	// Fields filled by expressions: n8n evaluates each expression once per item in both ways.
	let expressionRatio: number | undefined;
	if (withExpressions > 0) {
		const few = items.slice(0, withExpressions);
		const byForm: Figures[] = [];
		const byMapper: Figures[] = [];
		for (let run = 0; run < repeats; run++) {
			byForm.push(await runNode(few, 'form-expressions'));
			byMapper.push(await runNode(few, 'mapper-expressions'));
		}
		for (const f of [median(byForm), median(byMapper)]) print(f);
		const ratios = ratioOf(byMapper, byForm);
		expressionRatio = middle(ratios);
		console.log(`with four fields by expressions: mapper/form = ${spread(ratios)} (target ≤ 1.1)`);
	}
	console.log(
		`process peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (the simulator runs in its own process)`,
	);
	const node = median(mappers);
	const met =
		node.requests <= Math.ceil(total / 1000) &&
		node.tokens === 1 &&
		middle(mapperOverRaw) <= 1.3 &&
		middle(mapperOverForm) <= 1.1 &&
		(expressionRatio === undefined || expressionRatio <= 1.1) &&
		perItemOverNode >= 50;
	console.log(met ? 'targets: met' : 'targets: NOT met');
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
