/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * How a platform's description differs from the built-in one, in the words the credential test
 * answers: what a workflow fills in (a record's fields, a read's filters), not where the platform
 * puts them (records under `data`, filters at the top of the body, page numbers), which the
 * package follows by itself; breaking differences first, each route's together.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

import { BUILT_IN } from '../../nodes/shared/platform';
import { platformFromText } from '../../nodes/shared/platform/compiled';
import { differences, differencesInWords } from '../../nodes/shared/platform/differences';
import { describedAs } from '../../nodes/shared/platform/platform';

const root = join(__dirname, '..', '..');
const contractText = readFileSync(join(root, 'contract', 'openapi.yaml'), 'utf8');

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The words for a description: the contract's, changed by `tweak`. */
function wordsFor(tweak: (doc: Doc) => void, most?: number): string {
	const doc = parse(contractText) as Doc;
	tweak(doc);
	const { platform } = platformFromText(JSON.stringify(doc), { kind: 'pasted' });
	return differencesInWords(describedAs(platform.source), differences(BUILT_IN, platform), most);
}

describe('the differences from the built-in description, in words', () => {
	it('our own contract read at run time agrees on every route', () => {
		expect(wordsFor(() => {})).toMatch(
			/^Read the platform's API description \(.+ 1\.0\.0\): 40 routes\. It agrees with the built-in one on every route the nodes name\.$/,
		);
	});

	it("one route's differences together, the breaking ones before the ones the package follows", () => {
		const words = wordsFor((doc) => {
			doc.paths['/inventory/add'].post['x-max-items'] = 250;
			doc.components.schemas.InventoryAddRequest.properties.items.maxItems = 250;
			const item = doc.components.schemas.InventoryItem;
			item.properties.owner_code = { type: 'string', minLength: 1, maxLength: 20 };
			item.required = [...item.required, 'owner_code'];
		});
		expect(words).toContain(
			'Differs from the built-in one: /inventory/add 1 new required field (owner_code), 250 records per request (was 1,000).',
		);
	});

	it('Acme WMS 2.4.0 (records under data, filters at the top, page numbers): what a workflow fills in, not where it goes', () => {
		const text = readFileSync(join(root, 'test', 'fixtures', 'acme-wms-2.4.0.yaml'), 'utf8');
		const { platform } = platformFromText(text, { kind: 'pasted' });
		const found = differences(BUILT_IN, platform);
		const words = differencesInWords(describedAs(platform.source), found);
		expect(words).toMatch(
			/^Read the platform's API description \(Acme WMS Public API 2\.4\.0\): 42 routes\. Differs from the built-in one: \/inventory\/add names no key \(was sku\), field sku is gone, 2 new required fields \(item_number, owner_code\), field unit_of_measure is now required; /,
		);
		const all = differencesInWords(describedAs(platform.source), found, Infinity);
		expect(all).toContain('250 records per request (was 1,000)');
		expect(all).toContain('/dangerous_goods_lookup/check is at /dangerous_goods/check');
		// The wire is not a difference: the records' list, the filters' place, the paging fields.
		expect(all).not.toMatch(/field (items|data|filter|cursor|limit|page|per_page)\b/);
		expect(all).not.toMatch(/new (required )?fields? \((data|page|per_page)\)/);
		const told = 6;
		const total = found.moved.length + found.missing.length + found.changes.length;
		expect(words).toContain(`; and ${total - told} more.`);
		expect(words).toMatch(/ 2 routes no node names \(see Call a Route\)\.$/);
	});

	it('a route the nodes name that the description lacks is told first', () => {
		const words = wordsFor((doc) => {
			doc.paths['/supplier/add'].post['x-max-items'] = 2000;
			delete doc.paths['/bin/check'];
		});
		expect(words).toContain(
			'Differs from the built-in one: /bin/check is missing; /supplier/add 2,000 records per request (was',
		);
	});
});
