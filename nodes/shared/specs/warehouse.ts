/** Warehouse structure: warehouses, their areas, zones and bins. Parents are picked from the platform. */
import type { FieldSpec, RecordSpec } from '../fields';
import { active, address, code, codeRules } from './common';

const name = (label: string): FieldSpec => ({ name: 'name', label, type: 'string', required: true, minLength: 1, maxLength: 200 });

const options = (values: string[]) =>
	values.map((value) => ({ name: value.replace(/_/g, ' ').replace(/\b./g, (c) => c.toUpperCase()), value }));

/** A parent picked from the platform's structure, or given by an expression. */
const parent = (fieldName: string, label: string, method: string, dependsOn: string[] = []): FieldSpec => ({
	name: fieldName,
	label,
	type: 'string',
	required: true,
	...codeRules,
	loadOptionsMethod: method,
	loadOptionsDependsOn: dependsOn.length ? dependsOn : undefined,
});

export const warehouseParent = parent('warehouse_code', 'Warehouse', 'getWarehouses');

export const warehouseSpec: RecordSpec = {
	noun: 'warehouse',
	key: ['code'],
	readOnly: ['areas'],
	fields: [
		code('Warehouse Code', 'The warehouse\'s code; a warehouse with the same code is updated'),
		name('Name'),
		address,
		{ name: 'timezone', label: 'Timezone', type: 'string', maxLength: 64, placeholder: 'Europe/Berlin', description: 'IANA time zone of the site' },
		{ ...active, description: 'Whether the warehouse takes new orders' },
	],
};

/** What Warehouse: Get sends: one warehouse, with or without the structure below it. */
export const warehouseGetFilters: FieldSpec[] = [
	{ ...warehouseParent, name: 'code', required: false },
	{ name: 'include_structure', label: 'Include Structure', type: 'boolean', default: true },
];

export const AREA_TYPES = ['receiving', 'storage', 'picking', 'packing', 'shipping', 'quarantine', 'production', 'returns'];

export const areaSpec: RecordSpec = {
	noun: 'area',
	key: ['warehouse_code', 'area_code'],
	fields: [
		warehouseParent,
		{ ...code('Area Code', 'Unique within the warehouse; an area with the same code is updated', 'area_code') },
		name('Name'),
		{ name: 'area_type', label: 'Area Type', type: 'string', options: options(AREA_TYPES), default: 'storage' },
	],
};

export const zoneSpec: RecordSpec = {
	noun: 'zone',
	key: ['warehouse_code', 'zone_code'],
	fields: [
		warehouseParent,
		parent('area_code', 'Area', 'getAreas', ['warehouseCode']),
		code('Zone Code', 'Unique within the warehouse; a zone with the same code is updated', 'zone_code'),
		name('Name'),
		{ name: 'temperature_controlled', label: 'Temperature Controlled', type: 'boolean', description: 'Whether the zone is chilled or heated' },
	],
};

export const BIN_TYPES = ['pallet', 'shelf', 'floor', 'bulk', 'pick_face', 'staging', 'dock'];

/** What every bin carries besides its code and place; shared by Bin: Add and Bin: Add Range. */
export const binDetails: FieldSpec[] = [
	{
		name: 'capacity',
		label: 'Capacity',
		type: 'object',
		fields: [
			{ name: 'max_weight_kg', label: 'Max Weight (kg)', type: 'number', minimum: 0 },
			{ name: 'max_volume_m3', label: 'Max Volume (m³)', type: 'number', minimum: 0 },
			{ name: 'max_units', label: 'Max Units', type: 'integer', minimum: 0 },
		],
	},
	{ name: 'pickable', label: 'Pickable', type: 'boolean', default: true, description: 'Whether pickers may take stock from this bin' },
	{ ...active, description: 'Whether stock may be put into this bin' },
];

export const binZone = parent('zone_code', 'Zone', 'getZones', ['warehouseCode']);

export const binType: FieldSpec = { name: 'bin_type', label: 'Bin Type', type: 'string', required: true, options: options(BIN_TYPES), default: 'shelf' };

/** Where a bin sits in the racking; Bin: Add Range fills these from the range. */
export const binPlace: FieldSpec[] = [
	{ name: 'aisle', label: 'Aisle', type: 'string', maxLength: 20 },
	{ name: 'level', label: 'Level', type: 'string', maxLength: 20 },
	{ name: 'position', label: 'Position', type: 'string', maxLength: 20, description: 'Bay or slot along the aisle' },
];

export const binSpec: RecordSpec = {
	noun: 'bin',
	key: ['warehouse_code', 'bin_code'],
	fields: [
		warehouseParent,
		code('Bin Code', 'Unique within the warehouse; a bin with the same code is updated', 'bin_code'),
		binZone,
		binType,
		...binPlace,
		...binDetails,
	],
};

/**
 * What Bin: Add Range takes per input item: the parent, the bin type and details every bin of
 * the range shares, and the range itself. Each generated bin is checked against binSpec.
 */
export const binRangeSpec: RecordSpec = {
	noun: 'bin range',
	key: ['warehouse_code', 'bin_code_pattern'],
	fields: [
		warehouseParent,
		binZone,
		binType,
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
		...binDetails,
	],
};
