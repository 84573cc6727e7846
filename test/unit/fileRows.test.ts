/**
 * A file's rows as records: columns found by the field's name, camelCase or the form's label,
 * dotted names inside objects and lists; numbers read with the file's decimal separator, learnt
 * from the first number that can only be read one way, and a number against it refused.
 */
import { checkRecord } from '../../nodes/shared/checking';
import { columnField, recordShape } from '../../nodes/shared/file/fields';
import { RowReader, type DecimalSeparator } from '../../nodes/shared/file/rows';
import { recordSpec } from '../../nodes/shared/platform';

const items = recordSpec('/inventory/add');

function reader(
	header: string[],
	decimal: DecimalSeparator = 'detect',
	mapping = new Map<string, string>(),
) {
	const rows = new RowReader(recordShape(items, 'error'), mapping, decimal);
	rows.header({ line: 1, cells: header });
	return (cells: string[], line: number) => rows.csvRow({ line, cells }, line - 1);
}

describe('columns as fields', () => {
	it.each([
		['sku', ['sku'], false],
		['SKU', ['sku'], false],
		['unitOfMeasure', ['unit_of_measure'], false],
		['Unit of Measure', ['unit_of_measure'], false],
		['Weight (kg)', ['weight_kg'], true],
		['dimensions_cm.length', ['dimensions_cm', 'length'], true],
		['Dimensions (cm).Height', ['dimensions_cm', 'height'], true],
		['pack_sizes.2.quantity', ['pack_sizes', '1', 'quantity'], true],
		['barcodes.3', ['barcodes', '2'], false],
	])('%s → %j', (name, path, number) => {
		expect(columnField(items.fields, name)).toEqual({ path, number });
	});

	it.each(['Artikel', 'dimensions_cm', 'pack_sizes', 'pack_sizes.0.quantity', 'sku.1'])(
		'%s is no field a cell can fill',
		(name) => expect(columnField(items.fields, name)).toBeUndefined(),
	);

	it('builds objects and list entries from dotted columns, leaving empty cells out', () => {
		const row = reader([
			'sku',
			'description',
			'pack_sizes.1.unit_of_measure',
			'pack_sizes.1.quantity',
			'barcodes.1',
			'barcodes.2',
			'notes',
		])(['A-1', 'Bolt', 'CASE', '12', '', '4000', ''], 2);
		expect(row.values).toEqual({
			sku: 'A-1',
			description: 'Bolt',
			pack_sizes: [{ unit_of_measure: 'CASE', quantity: '12' }],
			barcodes: ['4000'],
		});
		expect(
			checkRecord(items, row.values, { unknownFields: 'error', timeZone: 'UTC' }).problems,
		).toEqual([]);
	});
});

describe('decimal separators', () => {
	const header = ['sku', 'description', 'weight_kg'];
	const weights = (decimal: DecimalSeparator, cells: string[]) => {
		const read = reader(header, decimal);
		return cells.map((cell, i) => {
			const row = read(['A', 'B', cell], i + 2);
			return row.problems.length ? row.problems[0].problem : row.values.weight_kg;
		});
	};

	it('learns a comma from the first number that can only be read one way, then refuses a dot', () => {
		expect(weights('detect', ['12', '1,000', '0,25', '1,5', '1.5', '2'])).toEqual([
			'12',
			'1,000',
			0.25,
			1.5,
			'has a "." (got "1.5"), but this file writes decimals with a comma (as line 4 shows): write it without thousands separators, like 1234,5',
			'2',
		]);
	});

	it('learns a dot the same way and leaves a comma to checking, which refuses it', () => {
		const read = weights('detect', ['2.25', '1,5']);
		expect(read).toEqual(['2.25', '1,5']);
		const checked = checkRecord(
			items,
			{ sku: 'A', description: 'B', weight_kg: read[1] },
			{ unknownFields: 'error', timeZone: 'UTC' },
		);
		expect(checked.problems[0].problem).toMatch(/has a decimal comma/);
	});

	it('reads a comma as chosen, even where it alone could not tell (1,000 is one)', () => {
		expect(weights(',', ['1,000', '-0,5'])).toEqual([1, -0.5]);
		expect(weights('.', ['1,000'])).toEqual(['1,000']);
	});
});
