/**
 * An error entry that names its row apart from its field ({index: 1, field: "$.description"}):
 * the field is within that row, so a JSONPath root or a pointer's fragment before it says nothing
 * and the field is the record's own, as the nodes hold it (found by the vendor generator).
 */
import { problemOf } from '../../nodes/shared/transport/problem';

describe('a field beside a row named apart', () => {
	it.each([
		['$.description', 'description'],
		['#/description', 'description'],
		['/lines/0/sku', 'lines[0].sku'],
		['$.lines[0].sku', 'lines[0].sku'],
		['description', 'description'],
	])("%s is the row's field %s", (path, field) => {
		expect(
			problemOf({ title: 'Invalid', errors: [{ index: 1, field: path, message: 'is blocked' }] })
				?.details,
		).toEqual([{ path: field, message: 'is blocked', row: 1 }]);
	});

	it('leaves a path that names its row as the platform wrote it', () => {
		expect(
			problemOf({ title: 'Invalid', errors: [{ field: '$.items[1].description', message: 'x' }] })
				?.details,
		).toEqual([{ path: '$.items[1].description', message: 'x' }]);
	});
});
