/**
 * A field a refusal names, as the record sent spells it (nodes/shared/bulk/recordField.ts):
 * ASP.NET's C# names (Name, ItemName, Lines[0].Sku) are the record's name, item_name,
 * lines[0].sku; a name the record has, or one matching none, stays as written.
 */
import { recordField } from '../../nodes/shared/bulk/recordField';

const record = { item_name: 'Widget', name: 'W', lines: [{ sku: 'A-1', qty: 2 }] };

describe('recordField', () => {
	it.each([
		['Name', 'name'],
		['ItemName', 'item_name'],
		['Lines[0].Sku', 'lines[0].sku'],
		['item_name', 'item_name'],
		['Colour', 'Colour'],
		['Lines[3].Sku', 'lines[3].Sku'],
	])('%s is %s', (field, held) => {
		expect(recordField(field, record)).toBe(held);
	});

	it('keeps the field where no record is at hand', () => {
		expect(recordField('Name', undefined)).toBe('Name');
	});
});
