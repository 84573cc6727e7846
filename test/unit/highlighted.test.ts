/**
 * The value of a highlighted-data entry: the keys in full as far as they fit in what n8n shows and
 * stores without a warning, then how many more; read back to add a later node's keys.
 */
import fc from 'fast-check';

import { entryName, entryValue, parseEntryValue } from '../../nodes/shared/highlighted';

describe('highlighted data entries', () => {
	it('names an entry after the kind of record, in the letters n8n allows in a key', () => {
		expect(entryName('sales order')).toBe('sales_order');
		expect(entryName('ERP update')).toBe('erp_update');
		expect(entryName('ERP on-hand line')).toBe('erp_on_hand_line');
	});

	it('shows every key when they fit, else the first ones and how many more', () => {
		expect(entryValue(['SO-1', 'SO-2'])).toBe('SO-1, SO-2');
		const keys = Array.from({ length: 100 }, (_, i) => `SO-${1000 + i}`);
		const value = entryValue(keys);
		expect(value).toMatch(/^SO-1000, SO-1001, .* and \d+ more$/);
		expect(value.length).toBeLessThanOrEqual(255);
		expect(entryValue(['X'.repeat(300)])).toBe('1 more');
	});

	it('reads back what it wrote: the keys shown and the count, for any keys', () => {
		const key = fc.stringMatching(/^[A-Z0-9][A-Z0-9|_/-]{0,40}$/);
		fc.assert(
			fc.property(fc.uniqueArray(key, { maxLength: 200 }), (keys) => {
				const value = entryValue(keys);
				expect(value.length).toBeLessThanOrEqual(255);
				const back = parseEntryValue(value);
				expect(back.total).toBe(keys.length);
				expect(back.keys).toEqual(keys.slice(0, back.keys.length));
			}),
		);
	});
});
