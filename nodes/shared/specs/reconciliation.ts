/** Inventory reconciliation (comparisons): the records of the eight comparison routes, in the platform's words. */
import type { FieldSpec, RecordSpec } from '../fields';
import { codeRules, notes, skuRules } from './common';

export const comparisonId: FieldSpec = {
	name: 'comparison_id',
	label: 'Comparison ID',
	type: 'string',
	required: true,
	minLength: 1,
	maxLength: 50,
	placeholder: 'e.g. CMP-000001',
	description: 'The comparison to work on, as Create Comparison or Reconcile returned it',
};

export const warehouseCode = (required: boolean): FieldSpec => ({
	name: 'warehouse_code',
	label: 'Warehouse Code',
	type: 'string',
	required: required || undefined,
	...codeRules,
});

const sku: FieldSpec = { name: 'sku', label: 'SKU', type: 'string', required: true, ...skuRules };

const batch: FieldSpec = {
	name: 'batch',
	label: 'Batch',
	type: 'string',
	minLength: 1,
	maxLength: 64,
	description: 'Leave empty for stock without a batch',
};

const onHandQuantity: FieldSpec = {
	name: 'quantity',
	label: 'Quantity',
	type: 'number',
	required: true,
	minimum: 0,
	description: 'Units on hand, in the item\'s unit of measure',
};

/** A comparison is opened per warehouse; with a reference, re-sending answers the same one. */
export const comparisonSpec: RecordSpec = {
	noun: 'comparison',
	key: ['warehouse_code', 'reference'],
	fields: [
		{ ...warehouseCode(true), loadOptionsMethod: 'getWarehouses', description: 'The warehouse whose stock is compared' },
		{
			name: 'reference',
			label: 'Reference',
			type: 'string',
			minLength: 1,
			maxLength: 100,
			description: 'Your name for this count, e.g. STOCKTAKE-2026-11. Sending the same warehouse and reference again answers the same comparison.',
		},
		notes,
	],
};

export const erpOnHandSpec: RecordSpec = {
	noun: 'ERP on-hand line',
	key: ['sku', 'batch'],
	fields: [
		sku,
		{ ...warehouseCode(false), description: 'When given, must be the comparison\'s warehouse' },
		batch,
		{ ...onHandQuantity, description: 'Units on hand in the ERP' },
	],
};

export const platformOnHandSpec: RecordSpec = {
	noun: 'platform on-hand line',
	key: ['sku', 'batch'],
	fields: [sku, batch, { ...onHandQuantity, description: 'Units on hand on the platform' }],
};

export const adjustmentItemSpec: RecordSpec = {
	noun: 'adjustment item',
	key: ['sku', 'batch'],
	fields: [
		sku,
		batch,
		{
			name: 'quantity_delta',
			label: 'Quantity Change',
			type: 'number',
			required: true,
			description: 'Signed change to the platform stock: negative takes units away, positive adds them',
		},
		{ name: 'reason', label: 'Reason', type: 'string', maxLength: 200 },
	],
	checks: [(record) => (record.quantity_delta === 0 ? { field: 'quantity_delta', problem: 'must not be 0: an adjustment changes the stock' } : undefined)],
};

/** Process Items: only these skus (all their batches); every item when empty. */
export const processSkus: FieldSpec = {
	name: 'skus',
	label: 'Only These SKUs',
	type: 'stringList',
	...skuRules,
	description: 'Comma-separated; up to 1000. Leave empty to process every item of the comparison.',
};

/** Longest SKU list one Process Items request takes (contract: ComparisonItemProcessRequest.skus). */
export const MAX_PROCESS_SKUS = 1000;
