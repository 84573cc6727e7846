/** Purchase orders: what the warehouse expects to receive from a supplier. */
import type { FieldSpec, RecordSpec } from '../fields';
import { cancel, lineNumber, notBefore, orderNumber, orderNumbers, orderStatus, quantity } from '../lines';
import { changedSince, codeRules, currency, notes, skuRules } from './common';
import { warehouseParent } from './warehouse';

/** A supplier picked from the platform's list, or given by an expression. */
export const supplierRef: FieldSpec = {
	name: 'supplier_code',
	label: 'Supplier',
	type: 'string',
	required: true,
	...codeRules,
	loadOptionsMethod: 'getSuppliers',
};

export const purchaseOrderLineFields: FieldSpec[] = [
	lineNumber,
	{ name: 'sku', label: 'SKU', type: 'string', required: true, ...skuRules },
	quantity,
	{ name: 'unit_cost', label: 'Unit Cost', type: 'number', minimum: 0 },
	{ name: 'expected_date', label: 'Line Expected Date', type: 'date', description: 'When this line is expected, if not with the order' },
	{ name: 'notes', label: 'Line Notes', type: 'string', maxLength: 500 },
];

export const purchaseOrderSpec: RecordSpec = {
	noun: 'purchase order',
	key: ['order_number'],
	readOnly: ['status', 'status_changed_at', 'receipts'],
	fields: [
		orderNumber,
		supplierRef,
		warehouseParent,
		{ name: 'order_date', label: 'Order Date', type: 'date', required: true },
		{ name: 'lines', label: 'Lines', type: 'list', required: true, minItems: 1, fields: purchaseOrderLineFields, readOnly: ['quantity_received'] },
		{ name: 'expected_date', label: 'Expected Date', type: 'date', description: 'When the goods are expected; not before the order date' },
		{ name: 'reference', label: 'Reference', type: 'string', maxLength: 100 },
		currency,
		notes,
		cancel,
	],
	checks: [notBefore('order_date', 'expected_date')],
};

export const purchaseOrderFilters: FieldSpec[] = [
	orderNumbers,
	{ name: 'supplier_code', label: 'Supplier Code', type: 'string', ...codeRules },
	{ name: 'warehouse_code', label: 'Warehouse Code', type: 'string', ...codeRules },
	orderStatus(['open', 'partially_received', 'received', 'cancelled']),
	changedSince,
];
