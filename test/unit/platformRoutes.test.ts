/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * What WMS Platform → Call a Route offers, for every route of the built-in description and of Acme
 * WMS 2.4.0's: the route list (those no other node covers first) and the mapper's fields of each
 * route — required fields first, the description's key as the only match for a route that writes
 * records, a required plain field where it names none, nothing to match on for a read or any other route.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	listedRoutes,
	mappedSpec,
	mapperRecord,
	routeFields,
} from '../../nodes/WmsPlatform/actions/route/routes';
import { mapperFields } from '../../nodes/shared/form/mapper';
import { BUILT_IN, type Platform } from '../../nodes/shared/platform';
import { platformFromText } from '../../nodes/shared/platform/compiled';

const acme = platformFromText(
	readFileSync(join(__dirname, '..', 'fixtures', 'acme-wms-2.4.0.json'), 'utf8'),
	{ kind: 'pasted' },
).platform;

const fieldsOf = (platform: Platform, path: string) => {
	const { spec, key } = mapperRecord(platform, path);
	return mapperFields(spec, key);
};

describe("Call a Route's route list", () => {
	it('lists every route of the built-in description, each one a node covers too', () => {
		const listed = listedRoutes(BUILT_IN);
		expect(listed.map((route) => route.path)).toEqual(BUILT_IN.routes());
		expect(listed.every((route) => route.named)).toBe(true);
		expect(listed.find((route) => route.path === '/supplier/add')?.words).toBe(
			'writes supplier records by code, up to 1000 at a time',
		);
		expect(listed.find((route) => route.path === '/comparison/complete')?.words).toBe(
			'one request per input item',
		);
	});

	it("puts Acme's routes no node names first, then the others (a moved route among them)", () => {
		const listed = listedRoutes(acme);
		expect(listed.slice(0, 2)).toEqual([
			{
				path: '/inventory_batch/add',
				shown: 'POST /inventory_batch/add',
				named: false,
				words: 'writes inventory batch records, up to 500 at a time',
			},
			{
				path: '/inventory_batch/check',
				shown: 'POST /inventory_batch/check',
				named: false,
				words: 'reads inventory batch records, page after page',
			},
		]);
		expect(listed.slice(2).every((route) => route.named)).toBe(true);
		expect(listed.map((route) => route.path)).toContain('/dangerous_goods/check');
		expect(listed).toHaveLength(acme.routes().length);
	});
});

describe("Call a Route's mapper fields", () => {
	it.each([
		['built-in', BUILT_IN],
		['Acme WMS 2.4.0', acme],
	] as const)(
		'every route of the %s description: fields once each, required first',
		(_, platform) => {
			for (const path of platform.routes()) {
				const route = routeFields(platform, path);
				const { kind } = route;
				const spec = mappedSpec(route);
				const fields = fieldsOf(platform, path);
				expect(fields.map((field) => field.id)).toEqual(
					[...spec.fields.filter((f) => f.required), ...spec.fields.filter((f) => !f.required)].map(
						(f) => f.name,
					),
				);
				expect(new Set(fields.map((field) => field.id)).size).toBe(fields.length);
				const required = fields.map((field) => field.required);
				expect(required).toEqual([...required].sort((a, b) => Number(b) - Number(a)));
				const matchable = fields.filter((field) => field.canBeUsedToMatch);
				if (kind !== 'bulk') expect(`${path}: ${matchable.length}`).toBe(`${path}: 0`);
				const key = platform.route(path).naturalKey;
				if (kind === 'bulk' && key)
					expect(matchable.map((field) => field.id).sort()).toEqual([...key].sort());
			}
		},
	);

	it("offers Acme's inventory batches their required plain fields to match on, its dates as text", () => {
		expect(
			fieldsOf(acme, '/inventory_batch/add').map(({ id, type, required, canBeUsedToMatch }) => [
				id,
				type,
				required,
				canBeUsedToMatch,
			]),
		).toEqual([
			['item_number', 'string', true, true],
			['batch', 'string', true, true],
			['expiry_date', 'string', false, false],
			['manufactured_date', 'string', false, false],
			['notes', 'string', false, false],
		]);
	});

	it('offers the comparison a line goes to beside the line, required, first', () => {
		expect(
			fieldsOf(acme, '/comparison_erp_on_hand/add').map(({ id, required, defaultMatch }) => [
				id,
				required,
				defaultMatch,
			]),
		).toEqual([
			['comparison_id', true, false],
			['sku', true, true],
			['quantity', true, false],
			['warehouse_code', false, false],
			['batch', false, true],
		]);
	});

	it("gives a read its filters, with their choices as a dropdown, and the built-in supplier's code as its key", () => {
		const filters = fieldsOf(BUILT_IN, '/sales_order/check');
		expect(filters.find((field) => field.id === 'status')).toMatchObject({
			type: 'options',
			options: expect.arrayContaining([expect.objectContaining({ value: 'shipped' })]),
		});
		expect(fieldsOf(BUILT_IN, '/supplier/add').filter((field) => field.defaultMatch)).toMatchObject(
			[{ id: 'code', required: true }],
		);
	});
});
