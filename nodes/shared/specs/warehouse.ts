/**
 * Warehouse structure: warehouses, their areas, zones and bins. Fields from contract/openapi.yaml;
 * Bin: Add Range's own fields (the range and the code pattern) are written here.
 */
import type { FieldSpec, RecordSpec } from '../fields';
import { filterFields, recordField, recordSpec } from '../platform';

/** The warehouse a record belongs to, picked from the platform's list. */
export const warehouseParent = recordField('/bin/add', 'warehouse_code');

export const warehouseSpec = recordSpec('/warehouse/add');

/** What Warehouse: Get sends: one warehouse, with or without the structure below it. */
export const warehouseGetFilters = filterFields('/warehouse/check');

export const areaSpec = recordSpec('/area/add');

export const zoneSpec = recordSpec('/zone/add');

export const binSpec = recordSpec('/bin/add');

/** What Bin: Add Range asks once for every bin of a range: everything but the code and the place, which the range makes. */
const MADE_BY_THE_RANGE = ['bin_code', 'aisle', 'level', 'position'];
const PARENTS = ['warehouse_code', 'zone_code', 'bin_type'];
const binField = (name: string) => binSpec.fields.find((field) => field.name === name)!;
const binDetails = binSpec.fields.filter((field) => !MADE_BY_THE_RANGE.includes(field.name) && !PARENTS.includes(field.name));

const rangeFields: FieldSpec[] = [
	{ name: 'aisles', label: 'Aisles', type: 'string', required: true, placeholder: 'A-C', description: 'Letters, numbers or ranges, comma-separated, e.g. "A-C" or "A, B, F"' },
	{ name: 'positions', label: 'Positions (Bays)', type: 'string', required: true, placeholder: '1-10', description: 'Bays along each aisle, e.g. "1-10"; "01-10" keeps the leading zero' },
	{ name: 'levels', label: 'Levels', type: 'string', required: true, placeholder: '1-5', description: 'Shelf or beam levels, e.g. "1-5"; give one value (e.g. "0") for floor bins' },
	{
		name: 'bin_code_pattern',
		label: 'Bin Code Pattern',
		type: 'string',
		required: true,
		default: '{aisle}-{position:2}-{level:2}',
		description: 'How each bin\'s code is made: {aisle}, {position} (or {bay}) and {level}; ":2" pads numbers to 2 digits, so A-C × 1-10 × 1-5 gives A-01-01 … C-10-05',
	},
];

/**
 * What Bin: Add Range takes per input item: the parents, the bin type and details every bin of
 * the range shares, and the range itself. Each generated bin is checked against binSpec.
 */
export const binRangeSpec: RecordSpec = {
	noun: 'bin range',
	fields: [...PARENTS.map(binField), ...rangeFields, ...binDetails],
};
