/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * What the resource mapper offers for every write and read of the package, from the built-in
 * description and from a platform of another shape (Acme WMS 2.4.0, committed fixture): a
 * snapshot a person reviewed (test/unit/__snapshots__/mapperFields.test.ts.snap), so a change to a
 * description that changes what the forms offer is seen in review.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { platformFromText } from '../../nodes/shared/platform/compiled';
import { mapperFields } from '../../nodes/shared/form/mapper';
import { BUILT_IN, type Platform } from '../../nodes/shared/platform';

const acme = platformFromText(
	readFileSync(join(__dirname, '../fixtures/acme-wms-2.4.0.yaml'), 'utf8'),
	{ kind: 'pasted' },
).platform;

/** One line per field: what a person sees of it in the mapper. */
function shown(platform: Platform, route: string): string[] {
	const info = platform.route(route);
	const fields =
		info.kind === 'read'
			? mapperFields({ noun: 'filter', fields: platform.filterFields(route) }, undefined, false)
			: mapperFields(platform.recordSpec(route), info.naturalKey);
	return fields.map(
		(field) =>
			`${field.id} "${field.displayName}" ${field.type}${field.required ? ' required' : ''}${field.defaultMatch ? ' key' : field.canBeUsedToMatch ? ' matchable' : ''}${field.options ? ` [${field.options.map((option) => option.value).join('|')}]` : ''}`,
	);
}

const routesOf = (platform: Platform) =>
	platform.routes().filter((route) => ['bulk', 'read'].includes(platform.route(route).kind));

describe("the mapper's fields", () => {
	it.each(routesOf(BUILT_IN))('of %s in the built-in description', (route) => {
		expect(shown(BUILT_IN, route)).toMatchSnapshot();
	});

	it.each(routesOf(acme))("of %s in Acme's description", (route) => {
		expect(shown(acme, route)).toMatchSnapshot();
	});

	it("of a record are required first, marked in their label, and the platform's names, never ours, where it names them otherwise", () => {
		const fields = shown(acme, '/inventory/add');
		expect(fields.slice(0, 4).every((line) => line.includes(' required'))).toBe(true);
		expect(fields.some((line) => line.startsWith('sku '))).toBe(false);
		expect(fields).toContain('item_number "Item Number (required)" string required matchable');
		expect(fields).toContain('weight_kg "Weight (kg)" number');
	});
});
