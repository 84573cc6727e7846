/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The platform's description against the built-in one, in what a person gives each route: a
 * description that puts the records under `data`, the filters at the top of the body and pages by
 * number (Acme WMS 2.4.0) differs in its fields, limits and keys, not in where it puts them — the
 * package follows that by itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { BUILT_IN } from '../../nodes/shared/platform';
import { platformFromText } from '../../nodes/shared/platform/compiled';
import { differences } from '../../nodes/shared/platform/differences';

const acme = platformFromText(
	readFileSync(join(__dirname, '..', 'fixtures', 'acme-wms-2.4.0.json'), 'utf8'),
	{ kind: 'pasted' },
).platform;
const found = differences(BUILT_IN, acme);
const said = (route: string) =>
	found.changes.filter((change) => change.route === route).map(({ kind, text }) => [kind, text]);

describe('differences from the built-in description', () => {
	it('say nothing of where the records, filters and paging are on the wire', () => {
		const wire = found.changes.filter((change) =>
			/field (items|data|filter|limit|cursor|page|per_page)\b|\((data|page|per_page)\)/.test(
				change.text,
			),
		);
		expect(wire).toEqual([]);
	});

	it("say what changed in a route's records and filters, and its limit and key", () => {
		expect(said('/inventory/add')).toEqual([
			['changed', '250 records per request (was 1,000)'],
			[
				'breaking',
				'names no key (was sku): choose the matching column in the node, or records are told apart by their place in the answer',
			],
			['breaking', 'field sku is gone'],
			['breaking', '2 new required fields (item_number, owner_code)'],
			['breaking', 'field unit_of_measure is now required'],
		]);
		expect(said('/inventory/check')).toEqual([
			['breaking', 'field skus is gone'],
			['additive', '2 new fields (item_number, item_numbers)'],
		]);
		expect(said('/customer/add')).toEqual([
			['breaking', 'field addresses.type no longer takes other'],
		]);
	});

	it('say which routes moved and which no node names', () => {
		expect(found.moved).toEqual([
			{ from: '/dangerous_goods_lookup/check', to: '/dangerous_goods/check' },
		]);
		expect(found.missing).toEqual([]);
		expect(found.unnamed).toEqual(['/inventory_batch/add', '/inventory_batch/check']);
	});
});
