/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * What WMS Platform shows in the editor, through real n8n-core's load-options context against the
 * simulator speaking Acme WMS 2.4.0: the route list (the routes no other node covers first), the
 * mapper's fields of each kind of route, and Compare With Built-In's summary and differences.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, ResourceMapperFields } from 'n8n-workflow';

import { startSimulator, type RunningSimulator } from '../../dev/simulator';
import { harnessFor, type Harness, type NodeUnderTest } from '../support/harness';

const ACME = { description: 'platform', descriptionUrl: 'openapi.json' };

const onRoute = (route: string): NodeUnderTest => ({
	type: 'wmsPlatform',
	parameters: {
		resource: 'route',
		operation: 'call',
		route: { __rl: true, mode: 'list', value: route },
	},
});

/** The routes of Acme's description a node may call: every path but the one that issues tokens. */
const ACME_ROUTES = Object.keys(
	(
		JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'acme-wms-2.4.0.json'), 'utf8')) as {
			paths: IDataObject;
		}
	).paths,
).filter((path) => path !== '/oauth/token');

const compare: NodeUnderTest = {
	type: 'wmsPlatform',
	parameters: { resource: 'description', operation: 'compare' },
};

/** The mapper's fields in short: id, type, and the marks that matter. */
const brief = ({ fields }: ResourceMapperFields) =>
	fields.map((field) => ({
		id: field.id,
		type: field.type,
		required: field.required,
		match: field.defaultMatch ? 'default' : field.canBeUsedToMatch ? 'may' : 'no',
	}));

describe('WMS Platform in the editor, on Acme WMS 2.4.0', () => {
	let sim: RunningSimulator;
	let harness: Harness;
	beforeEach(async () => {
		sim = await startSimulator({ shape: 'acme' });
		harness = harnessFor(sim, ACME);
	});
	afterEach(async () => await sim.close());

	it('lists every route, the two no node covers first, and searches them', async () => {
		const listed = await harness.listAll(onRoute(''), 'routeSearch');
		expect(listed.slice(0, 2)).toEqual([
			{
				name: 'POST /inventory_batch/add — writes inventory batch records, up to 500 at a time',
				value: '/inventory_batch/add',
			},
			{
				name: 'POST /inventory_batch/check — reads inventory batch records, page after page',
				value: '/inventory_batch/check',
			},
		]);
		expect(listed.slice(2).every((entry) => entry.name.endsWith('(a node covers it too)'))).toBe(
			true,
		);
		expect(listed.map((entry) => entry.value)).toContain('/dangerous_goods/check');
		expect(listed.map((entry) => entry.value).sort()).toEqual([...ACME_ROUTES].sort());
		const found = await harness.listAll(onRoute(''), 'routeSearch', 'INVENTORY_BATCH');
		expect(found.map((entry) => entry.value)).toEqual([
			'/inventory_batch/add',
			'/inventory_batch/check',
		]);
	});

	it("loads each kind of route's fields into the mapper, and says why when there are none", async () => {
		const fields = (route: string) => harness.mapperFields(onRoute(route), 'routeFields');
		// Acme names no key for its batches: one of its required plain fields may be chosen to match on.
		expect(brief(await fields('/inventory_batch/add'))).toEqual([
			{ id: 'item_number', type: 'string', required: true, match: 'may' },
			{ id: 'batch', type: 'string', required: true, match: 'may' },
			{ id: 'expiry_date', type: 'string', required: false, match: 'no' },
			{ id: 'manufactured_date', type: 'string', required: false, match: 'no' },
			{ id: 'notes', type: 'string', required: false, match: 'no' },
		]);
		// A key the description names is the default match, and the only one.
		const suppliers = brief(await fields('/supplier/add'));
		expect(suppliers.filter((field) => field.match !== 'no')).toEqual([
			{ id: 'code', type: 'string', required: true, match: 'default' },
		]);
		// A read's filters and an action's body: nothing to match on.
		expect(brief(await fields('/inventory_batch/check'))).toEqual([
			{ id: 'item_number', type: 'string', required: false, match: 'no' },
			{ id: 'batch', type: 'string', required: false, match: 'no' },
		]);
		expect(brief(await fields('/comparison/check_status'))).toEqual([
			{ id: 'comparison_id', type: 'string', required: true, match: 'no' },
		]);
		expect(await fields('')).toEqual({
			fields: [],
			emptyFieldsNotice: 'Choose a route to see the fields it takes',
		});
		expect((await fields('/inventory_batch/remove')).emptyFieldsNotice).toMatch(
			/has no such route on \/inventory_batch\/remove/,
		);
		const unreadable = harnessFor(sim, { ...ACME, descriptionUrl: 'docs/openapi.json' });
		const notice = await unreadable.mapperFields(onRoute('/inventory_batch/add'), 'routeFields');
		expect(notice.fields).toEqual([]);
		expect(notice.emptyFieldsNotice).toMatch(
			/could not be read from .*docs\/openapi\.json \(HTTP 404\): there is no description at that address/,
		);
	});

	it('compares the description with the built-in one: a summary in words, then one item per difference', async () => {
		const { outputs, error } = await harness.run(compare, [{}]);
		expect(error).toBeUndefined();
		const [[summary], differences] = outputs;
		expect(summary.json).toMatchObject({
			outcome: 'differs',
			description: 'Acme WMS Public API 2.4.0',
			source: 'from_the_platform',
			url: `${sim.baseUrl}/openapi.json`,
			routes: ACME_ROUTES.length,
			moved: 1,
			missing: 0,
			not_taken: 5,
			no_node_covers: 2,
		});
		expect(summary.json.message).toMatch(
			/^Read the platform's API description \(Acme WMS Public API 2\.4\.0\): \d+ routes\. Differs from the built-in one: \/dangerous_goods_lookup\/check is at \/dangerous_goods\/check; .* 2 routes no node names \(see Call a Route\)\.$/,
		);
		expect(summary.pairedItem).toEqual({ item: 0 });
		const rows = differences.map((item) => item.json as IDataObject);
		expect(rows[0]).toEqual({
			route: '/dangerous_goods_lookup/check',
			kind: 'moved',
			message:
				'/dangerous_goods_lookup/check is at /dangerous_goods/check: the nodes follow it there',
		});
		expect(rows).toContainEqual({
			route: '/inventory/add',
			kind: 'breaking',
			message: '/inventory/add 2 new required fields (item_number, owner_code)',
		});
		expect(rows.filter((row) => row.kind === 'not_taken').map((row) => row.route)).toContain(
			'/inventory_batch/add',
		);
		expect(rows.slice(-2).map((row) => [row.kind, row.route])).toEqual([
			['no_node_covers', '/inventory_batch/add'],
			['no_node_covers', '/inventory_batch/check'],
		]);
		const counted = ['breaking', 'changed', 'additive'].map(
			(kind) => rows.filter((row) => row.kind === kind).length,
		);
		expect(counted).toEqual([summary.json.breaking, summary.json.changed, summary.json.additive]);
	});
});
