/**
 * Reconcile's input: ERP stock lines as items. Each item is read with the field names the user
 * set (Options → Input Field Names), or else by the usual names in snake_case or camelCase, and
 * checked before anything is sent. A problem names the item and the field as the user calls it.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkOrRefuse, itemError } from '../../../../shared/checking';
import type { Output } from '../../../../shared/output';
import { recordSpec, type RecordSpec } from '../../../../shared/platform';
import type { ErpLine } from './variance';

const lineSpec = recordSpec('/comparison_erp_on_hand/add');

type LineField = 'sku' | 'warehouse_code' | 'quantity' | 'batch';

/** Keys looked for when the user names no field: the platform's name, its camelCase, and common ERP words. */
const USUAL_NAMES: Record<LineField, string[]> = {
	sku: ['sku', 'SKU', 'item_code', 'itemCode'],
	warehouse_code: ['warehouse_code', 'warehouseCode', 'warehouse'],
	quantity: ['quantity', 'on_hand', 'onHand', 'qty'],
	batch: ['batch', 'batch_number', 'batchNumber', 'lot'],
};

const OPTION_OF: Record<LineField, string> = {
	sku: 'skuField',
	warehouse_code: 'warehouseField',
	quantity: 'quantityField',
	batch: 'batchField',
};
const LINE_FIELDS = Object.keys(OPTION_OF) as LineField[];

/** A value at a key, or at a dotted path such as stock.qty. */
function valueAt(json: IDataObject, path: string): unknown {
	if (path in json) return json[path];
	return path
		.split('.')
		.reduce<unknown>(
			(value, key) =>
				value && typeof value === 'object' ? (value as IDataObject)[key] : undefined,
			json,
		);
}

function lookup(
	json: IDataObject,
	field: LineField,
	chosen: string,
): { key: string; value: unknown } {
	if (chosen) return { key: chosen, value: valueAt(json, chosen) };
	const key = USUAL_NAMES[field].find(
		(name) => json[name] !== undefined && json[name] !== null && json[name] !== '',
	);
	return { key: key ?? field, value: key === undefined ? undefined : json[key] };
}

/** The names Options → Input Field Names give (empty: the usual names). */
export type LineNames = Record<LineField, string>;

export function lineNames(ctx: IExecuteFunctions): LineNames {
	return Object.fromEntries(
		LINE_FIELDS.map((field) => [
			field,
			String(ctx.getNodeParameter(`options.${OPTION_OF[field]}`, 0, '') ?? '').trim(),
		]),
	) as LineNames;
}

/** Whether a column (of a file) holds the quantity, by the name chosen or a usual name. */
export const isQuantityColumn = (names: LineNames, column: string): boolean =>
	names.quantity ? column === names.quantity : USUAL_NAMES.quantity.includes(column);

/** What is missing from a file's columns for stock lines, or undefined. */
export function missingLineColumns(
	names: LineNames,
	columns: string[],
	defaultWarehouse: string,
): string | undefined {
	const missing = (['sku', 'quantity', 'warehouse_code'] as LineField[]).filter((field) => {
		if (field === 'warehouse_code' && defaultWarehouse) return false;
		const wanted = names[field] ? [names[field]] : USUAL_NAMES[field];
		return !wanted.some((name) => columns.includes(name) || columns.includes(name.split('.')[0]));
	});
	if (missing.length === 0) return undefined;
	const said = missing.map((field) =>
		names[field] ? `"${names[field]}"` : USUAL_NAMES[field].map((name) => `"${name}"`).join(' or '),
	);
	return `has no column ${said.join(', nor ')} for the stock lines' ${missing.join(', ')}${missing.includes('warehouse_code') ? ' (or set Default Warehouse)' : ''}. Its columns: ${columns.map((c) => `"${c}"`).join(', ')}. Name the columns so, or set their names under Options`;
}

/** One ERP stock line from an item's (or a file row's) fields, checked; the item error naming the field as the input calls it. */
export function readErpLine(
	ctx: IExecuteFunctions,
	json: IDataObject,
	names: LineNames,
	defaultWarehouse: string,
	itemIndex: number,
	spec: RecordSpec = lineSpec,
): Omit<ErpLine, 'itemIndex'> {
	const raw: IDataObject = {};
	const keyOf: Partial<Record<string, string>> = {};
	for (const field of LINE_FIELDS) {
		const { key, value } = lookup(json, field, names[field]);
		keyOf[field] = key;
		if (value !== undefined && value !== null && value !== '')
			raw[field] = value as IDataObject[string];
	}
	if (raw.warehouse_code === undefined && defaultWarehouse) {
		raw.warehouse_code = defaultWarehouse;
		keyOf.warehouse_code = 'Default Warehouse';
	}
	if (raw.warehouse_code === undefined) {
		throw itemError(
			ctx.getNode(),
			itemIndex,
			keyOf.warehouse_code ?? 'warehouse_code',
			'is required but missing or empty: give each stock line its warehouse, or set Default Warehouse',
		);
	}
	// A problem names the field as the user's item calls it.
	const record = checkOrRefuse(ctx, itemIndex, spec, raw, {
		unknownFields: 'ignore',
		fieldName: (field) => keyOf[field] ?? field,
	});
	return {
		warehouse_code: record.warehouse_code as string,
		sku: record.sku as string,
		batch: (record.batch as string | undefined) ?? '',
		quantity: record.quantity as number,
	};
}

/** Every input item as a checked stock line; one that cannot be read is its error on `output` (or stops the node). */
export function readErpLines(
	ctx: IExecuteFunctions,
	output: Output,
	items: INodeExecutionData[],
	defaultWarehouse: string,
	spec: RecordSpec = lineSpec,
): ErpLine[] {
	const names = lineNames(ctx);
	return output.readEach(
		items.length,
		(itemIndex): ErpLine => ({
			itemIndex,
			...readErpLine(ctx, items[itemIndex].json, names, defaultWarehouse, itemIndex, spec),
		}),
	);
}
