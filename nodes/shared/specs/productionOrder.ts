/** Production orders: an output item made in a warehouse from component lines. */
import type { FieldSpec, RecordSpec } from '../fields';
import { cancel, lineNumber, notBefore, orderNumber, orderNumbers, orderStatus, quantity } from '../lines';
import { changedSince, codeRules, notes, skuRules } from './common';
import { warehouseParent } from './warehouse';

export const productionComponentFields: FieldSpec[] = [
	lineNumber,
	{ name: 'sku', label: 'SKU', type: 'string', required: true, ...skuRules },
	quantity,
	{ name: 'batch', label: 'Batch', type: 'string', minLength: 1, maxLength: 64, description: 'Consume only this batch' },
];

export const productionOrderSpec: RecordSpec = {
	noun: 'production order',
	key: ['order_number'],
	readOnly: ['status', 'status_changed_at', 'quantity_produced'],
	fields: [
		orderNumber,
		warehouseParent,
		{ name: 'output_sku', label: 'Output SKU', type: 'string', required: true, ...skuRules, description: 'The item this order makes' },
		{ ...quantity, name: 'output_quantity', label: 'Output Quantity', description: 'How many of the output item to make' },
		{ name: 'due_date', label: 'Due Date', type: 'date', required: true },
		{ name: 'components', label: 'Components', type: 'list', required: true, minItems: 1, fields: productionComponentFields },
		{ name: 'output_batch', label: 'Output Batch', type: 'string', minLength: 1, maxLength: 64 },
		{ name: 'start_date', label: 'Start Date', type: 'date', description: 'Not after the due date' },
		{ name: 'reference', label: 'Reference', type: 'string', maxLength: 100 },
		notes,
		cancel,
	],
	checks: [notBefore('start_date', 'due_date')],
};

export const productionOrderFilters: FieldSpec[] = [
	orderNumbers,
	{ name: 'output_sku', label: 'Output SKU', type: 'string', ...skuRules },
	{ name: 'warehouse_code', label: 'Warehouse Code', type: 'string', ...codeRules },
	orderStatus(['planned', 'released', 'in_progress', 'completed', 'cancelled']),
	changedSince,
];
