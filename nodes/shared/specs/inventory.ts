/** Inventory records: the item itself and what is set per item (stocking factors, warehouse info, dangerous goods). */
import type { FieldSpec, RecordSpec } from '../fields';
import { active, changedSince, codeList, codeRules, notes, skuRules } from './common';
import { hazardClass, packingGroup, unNumber } from './dangerousGoods';
import { warehouseParent } from './warehouse';

export const sku: FieldSpec = {
	name: 'sku',
	label: 'SKU',
	type: 'string',
	required: true,
	...skuRules,
	description: 'The stock-keeping unit, the item\'s key; an item with the same SKU is updated',
};

const country: FieldSpec = {
	name: 'country_of_origin',
	label: 'Country of Origin',
	type: 'string',
	pattern: '^[A-Z]{2}$',
	patternHint: 'a two-letter ISO country code in capitals, like DE or CN',
};

const quantityAtLeastZero = (name: string, label: string, description?: string): FieldSpec => ({
	name,
	label,
	type: 'number',
	minimum: 0,
	description,
});

export const inventoryItemSpec: RecordSpec = {
	noun: 'inventory item',
	key: ['sku'],
	readOnly: ['on_hand', 'total_on_hand', 'stocking_factors', 'warehouse_info', 'dangerous_goods'],
	fields: [
		sku,
		{ name: 'description', label: 'Description', type: 'string', required: true, minLength: 1, maxLength: 500 },
		{
			name: 'barcodes',
			label: 'Barcodes',
			type: 'stringList',
			minLength: 1,
			maxLength: 64,
			description: 'EAN/UPC/GTIN or internal barcodes of the base unit, comma-separated; up to 20',
		},
		{ name: 'unit_of_measure', label: 'Unit of Measure', type: 'string', minLength: 1, maxLength: 20, placeholder: 'EA', description: 'Base unit, e.g. EA, KG, M (the platform assumes EA)' },
		{
			name: 'pack_sizes',
			label: 'Pack Sizes',
			type: 'list',
			description: 'Larger units the item comes in (case, pallet); up to 10',
			fields: [
				{ name: 'unit_of_measure', label: 'Unit of Measure', type: 'string', required: true, minLength: 1, maxLength: 20, placeholder: 'CASE' },
				{ name: 'quantity', label: 'Quantity', type: 'integer', required: true, minimum: 1, default: 1, description: 'Base units per pack' },
				{ name: 'barcode', label: 'Barcode', type: 'string', minLength: 1, maxLength: 64 },
			],
		},
		quantityAtLeastZero('weight_kg', 'Weight (kg)'),
		{
			name: 'dimensions_cm',
			label: 'Dimensions (cm)',
			type: 'object',
			fields: [
				{ name: 'length', label: 'Length', type: 'number', required: true, minimum: 0 },
				{ name: 'width', label: 'Width', type: 'number', required: true, minimum: 0 },
				{ name: 'height', label: 'Height', type: 'number', required: true, minimum: 0 },
			],
		},
		{ name: 'batch_tracked', label: 'Batch Tracked', type: 'boolean', description: 'Whether stock of this item is kept per batch (lot)' },
		{ name: 'serial_tracked', label: 'Serial Tracked', type: 'boolean', description: 'Whether each unit carries its own serial number' },
		{ name: 'expiry_tracked', label: 'Expiry Tracked', type: 'boolean', description: 'Whether stock of this item has expiry dates' },
		{ name: 'shelf_life_days', label: 'Shelf Life (Days)', type: 'integer', minimum: 0, maximum: 36500 },
		country,
		{
			name: 'hs_code',
			label: 'HS Code',
			type: 'string',
			pattern: '^[0-9]{6,10}$',
			patternHint: 'a Harmonized System customs code of 6 to 10 digits, like 731815',
		},
		{ name: 'category', label: 'Category', type: 'string', maxLength: 100 },
		{ ...active, description: 'Whether the item can be used in new orders' },
		notes,
	],
};

export const inventoryFilters: FieldSpec[] = [
	codeList('skus', 'SKUs', skuRules),
	{ name: 'barcode', label: 'Barcode', type: 'string', minLength: 1, maxLength: 64 },
	{ name: 'category', label: 'Category', type: 'string', maxLength: 100 },
	{ name: 'active', label: 'Active', type: 'boolean', default: true },
	{
		...warehouseParent,
		required: false,
		description: 'Only stock in this warehouse is shown. Choose from the list, or specify a code using an expression.',
	},
	{ name: 'in_stock', label: 'In Stock', type: 'boolean', default: true, description: 'Whether to return only items with stock on hand (on) or only items without (off)' },
	changedSince,
];

export const stockingFactorSpec: RecordSpec = {
	noun: 'stocking factor',
	key: ['sku', 'warehouse_code'],
	fields: [
		sku,
		warehouseParent,
		{ ...quantityAtLeastZero('min_quantity', 'Minimum Quantity', 'Below this the warehouse replenishes'), required: true },
		{ ...quantityAtLeastZero('max_quantity', 'Maximum Quantity', 'Replenishment fills up to this'), required: true },
		quantityAtLeastZero('reorder_quantity', 'Reorder Quantity'),
	],
	checks: [
		(record) =>
			typeof record.min_quantity === 'number' && typeof record.max_quantity === 'number' && record.min_quantity > record.max_quantity
				? {
						field: 'min_quantity',
						problem: `must not be more than the maximum quantity (got minimum ${record.min_quantity}, maximum ${record.max_quantity})`,
					}
				: undefined,
	],
};

const binInWarehouse = (name: string, label: string): FieldSpec => ({
	name,
	label,
	type: 'string',
	...codeRules,
	loadOptionsMethod: 'getBins',
	loadOptionsDependsOn: ['warehouseCode'],
});

export const warehouseInfoSpec: RecordSpec = {
	noun: 'warehouse info',
	key: ['sku', 'warehouse_code'],
	fields: [
		sku,
		warehouseParent,
		binInWarehouse('default_bin_code', 'Default Bin'),
		binInWarehouse('pick_face_bin_code', 'Pick Face Bin'),
		quantityAtLeastZero('replenishment_quantity', 'Replenishment Quantity'),
		{
			name: 'abc_class',
			label: 'ABC Class',
			type: 'string',
			options: [
				{ name: 'A', value: 'A' },
				{ name: 'B', value: 'B' },
				{ name: 'C', value: 'C' },
			],
		},
	],
};

export const itemDangerousGoodsSpec: RecordSpec = {
	noun: 'dangerous goods classification',
	key: ['sku'],
	fields: [
		sku,
		{ ...unNumber, description: 'Four digits without "UN", like 1263; it must exist as a dangerous goods lookup' },
		{ ...hazardClass, required: false, description: 'Defaults to the lookup\'s class' },
		{ ...packingGroup, description: 'Defaults to the lookup\'s packing group' },
		{ name: 'limited_quantity', label: 'Limited Quantity', type: 'boolean', description: 'Whether it is shipped under limited-quantity provisions' },
		quantityAtLeastZero('net_quantity_per_unit', 'Net Quantity per Unit', 'Net quantity of dangerous substance per base unit (kg or L)'),
	],
};
