/**
 * Reconcile's input: ERP stock lines as items. Each item is read with the field names the user
 * set (Options → Input Field Names), or else by the usual names in snake_case or camelCase, and
 * checked before anything is sent. A problem names the item and the field as the user calls it.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { checkOrRefuse, itemError } from '../../../../shared/checking';
import type { Output } from '../../../../shared/output';
import { recordSpec } from '../../../../shared/platform';
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

/** Every input item as a checked stock line; one that cannot be read is its error on `output` (or stops the node). */
export function readErpLines(
	ctx: IExecuteFunctions,
	output: Output,
	items: INodeExecutionData[],
	defaultWarehouse: string,
): ErpLine[] {
	const names = Object.fromEntries(
		LINE_FIELDS.map((field) => [
			field,
			String(ctx.getNodeParameter(`options.${OPTION_OF[field]}`, 0, '') ?? '').trim(),
		]),
	) as Record<LineField, string>;
	return output.readEach(items.length, (itemIndex): ErpLine => {
		const json = items[itemIndex].json;
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
		const record = checkOrRefuse(ctx, itemIndex, lineSpec, raw, {
			unknownFields: 'ignore',
			fieldName: (field) => keyOf[field] ?? field,
		});
		return {
			itemIndex,
			warehouse_code: record.warehouse_code as string,
			sku: record.sku as string,
			batch: (record.batch as string | undefined) ?? '',
			quantity: record.quantity as number,
		};
	});
}
