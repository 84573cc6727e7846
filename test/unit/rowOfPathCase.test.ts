/**
 * The row a refusal's path names where the platform spells the records' list in another case, as
 * ASP.NET's validation names it by its C# property (`Items[1].Name` for a body's `items`): that
 * row, not the whole request (nodes/shared/counting.ts rowOfPath).
 */
import { requestPlace, rowOfPath } from '../../nodes/shared/counting';

describe("a refusal's path whose list is spelt in another case", () => {
	it.each([
		['Items[1].Name', 'items'],
		['ITEMS.1.Name', 'items'],
		['/Data/1/Name', 'data'],
		['$.Records[1].Name', 'records'],
	])('%s names row 1 of %s', (path, container) => {
		expect(rowOfPath(path, container)).toEqual({ row: 1, field: 'Name' });
	});

	it('says the record in words', () => {
		expect(requestPlace('Items[1].ItemName')).toBe('the 2nd record of the request, ItemName');
	});

	it('still names no row for another list', () => {
		expect(rowOfPath('Lines[1].Name', 'items')).toBeUndefined();
	});
});
