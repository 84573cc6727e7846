/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * `npm run contract:diff`: a platform's own description (test/fixtures/platform-openapi.json, a
 * realistic one: no x- extensions, renamed and new fields, tighter limits, a moved route) against
 * ours, reported route by route as a person deciding whether to upgrade reads it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import { compare, renderReport, similarity } from '../../dev/scripts/contract/diff';
import { DEFAULTS } from '../../dev/scripts/contract/generate';
import { readDocument } from '../../dev/scripts/contract/load';

const root = join(__dirname, '../..');
const fixture = join(root, 'test/fixtures/platform-openapi.json');
const ours = readDocument(DEFAULTS.contract);
const overlay = readDocument(DEFAULTS.overlay);

describe('contract:diff against a platform description that differs', () => {
	const report = compare(ours, readDocument(fixture), overlay);
	const printed = execFileSync(
		process.execPath,
		['dev/scripts/contract/diff.js', 'test/fixtures/platform-openapi.json'],
		{ cwd: root, encoding: 'utf8' },
	);

	it('prints the report the data makes, the verdict first', () => {
		expect(printed).toBe(
			renderReport(report, {
				ours: 'contract/openapi.yaml',
				theirs: 'test/fixtures/platform-openapi.json',
			}),
		);
		expect(printed.split('\n').slice(0, 3)).toEqual([
			'Contract diff: contract/openapi.yaml (1.0.0, 40 routes) → test/fixtures/platform-openapi.json (2.4.0, 40 routes)',
			'11 breaking, 5 additive, 1 changed by the package itself.',
			'Breaking changes: a workflow that works today may fail or mean something else. Read them before adopting this description.',
		]);
	});

	it('groups by route, breaking first', () => {
		const supplier = printed.slice(
			printed.indexOf('/supplier/add (supplier)'),
			printed.indexOf('\n\n', printed.indexOf('/supplier/add (supplier)')),
		);
		expect(supplier.split('\n')).toEqual([
			'/supplier/add (supplier): 2 breaking, 1 additive',
			'  breaking  record field "payment_terms_days" renamed to "payment_terms" (guessed: same type, similar name): workflows must send payment_terms',
			'  breaking  record field "vat_number" renamed to "vat_id" (guessed: same type, similar name): workflows must send vat_id',
			'  additive  record field "website" is new (string, at most 200 characters): the forms offer it',
		]);
	});

	it('names newly required fields, enum changes, lengths and records per request', () => {
		expect(printed).toContain(
			'  breaking  record field "unit_of_measure" is now required: items without it will be refused before sending',
		);
		expect(printed).toContain(
			'  breaking  record field "channel" is new and required (string, one of web, edi, phone, store): items without it will be refused before sending',
		);
		expect(printed).toContain('  breaking  record field "service_level" no longer accepts freight');
		expect(printed).toContain('  additive  record field "service_level" also accepts two_day');
		expect(printed).toContain('  additive  record field "bin_type" also accepts mezzanine');
		expect(printed).toContain(
			'  breaking  record field "reference" at most 35 characters (was at most 100 characters)',
		);
		expect(printed).toContain(
			'  breaking  record field "addresses" at most 5 entries (was at most 10 entries)',
		);
		expect(printed).toContain(
			'  changed   at most 50 records per request (was 100): the package sends smaller chunks, more requests',
		);
	});

	it('lists routes moved, gone and new, and what their description is silent on', () => {
		expect(report.moved).toEqual([
			{ from: '/dangerous_goods_lookup/check', to: '/dangerous_goods/check' },
		]);
		expect(report.removed).toEqual(['/comparison_move_attempt/create']);
		expect(report.added).toEqual(['/inventory_batch/add']);
		expect(printed).toContain(
			'  breaking  /comparison_move_attempt/create is gone: operations that call it will fail',
		);
		expect(report.kept.filter((entry) => entry.key === 'x-natural-key')).toHaveLength(21);
		expect(
			report.kept.filter((entry) => entry.key === 'x-idempotent').map((entry) => entry.path),
		).toEqual([
			'/erp_update/set_complete',
			'/erp_update/set_error',
			'/comparison/add',
			'/comparison_platform_on_hand/set',
			'/comparison_item/process',
			'/comparison/complete',
			'/comparison/check_status',
		]);
		// Silence about an extension is not reported as a change of the route.
		expect(printed).not.toContain('safe to repeat');
		expect(report.overlay).toEqual([
			'routes./dangerous_goods_lookup/check: the route moved; rename the entry to /dangerous_goods/check',
		]);
	});

	it('finds nothing between our description and itself', () => {
		const same = compare(ours, ours, overlay);
		expect([same.routes, same.moved, same.added, same.removed, same.kept, same.overlay]).toEqual([
			[],
			[],
			[],
			[],
			[],
			[],
		]);
		expect(renderReport(same)).toContain(
			'The descriptions agree on every route the package calls.',
		);
	});
});

describe('contract:diff on one change at a time', () => {
	const changed = (
		change: (schemas: Record<string, { properties: Record<string, unknown> }>) => void,
	) => {
		const theirs = structuredClone(ours);
		change(theirs.components.schemas);
		return compare(ours, theirs, overlay).routes.flatMap((route) =>
			route.changes.map((entry) => `${route.path} ${entry.kind}: ${entry.text}`),
		);
	};

	it('a field gone', () => {
		expect(changed((schemas) => delete schemas.Warehouse.properties.timezone)).toEqual([
			'/warehouse/add breaking: record field "timezone" is gone: the forms drop it, and items that still send it are refused as unknown',
		]);
	});

	it('an object renamed is one rename, not its fields gone and added', () => {
		expect(
			changed((schemas) => {
				const { address, ...rest } = schemas.Supplier.properties;
				schemas.Supplier.properties = { ...rest, postal_address: address };
			}),
		).toEqual([
			'/supplier/add breaking: record field "address" renamed to "postal_address" (guessed: same type, similar name): workflows must send postal_address',
		]);
	});
});

describe('rename guesses', () => {
	it.each([
		['payment_terms_days', 'payment_terms', true],
		['vat_number', 'vat_id', true],
		['contact_name', 'contact', true],
		['vat_number', 'website', false],
		['code', 'carrier', false],
	])('%s → %s alike: %s', (a, b, alike) => expect(similarity(a, b) >= 0.3).toBe(alike));
});
