/** Sales orders: what the warehouse picks and ships to a customer. */
import type { FieldSpec, RecordSpec } from '../fields';
import { cancel, lineNumber, notBefore, orderNumber, orderNumbers, orderStatus, quantity } from '../lines';
import { changedSince, codeRules, currency, notes, skuRules } from './common';
import { courierServiceRef } from './courierService';
import { customerRef, supplyLocationRef } from './customer';
import { warehouseParent } from './warehouse';

export const salesOrderLineFields: FieldSpec[] = [
	lineNumber,
	{ name: 'sku', label: 'SKU', type: 'string', required: true, ...skuRules },
	quantity,
	{ name: 'unit_price', label: 'Unit Price', type: 'number', minimum: 0 },
	{ name: 'batch', label: 'Batch', type: 'string', minLength: 1, maxLength: 64, description: 'Ship only this batch' },
	{ name: 'notes', label: 'Line Notes', type: 'string', maxLength: 500 },
];

const statuses = orderStatus(['open', 'allocated', 'picking', 'shipped', 'cancelled']);

export const salesOrderSpec: RecordSpec = {
	noun: 'sales order',
	key: ['order_number'],
	readOnly: ['status', 'status_changed_at', 'shipments'],
	fields: [
		orderNumber,
		customerRef(true),
		warehouseParent,
		{ name: 'order_date', label: 'Order Date', type: 'date', required: true },
		{ name: 'lines', label: 'Lines', type: 'list', required: true, minItems: 1, fields: salesOrderLineFields, readOnly: ['quantity_shipped'] },
		supplyLocationRef,
		{ name: 'required_date', label: 'Required Date', type: 'date', description: 'When the customer needs the goods; not before the order date' },
		courierServiceRef('courier_service_code'),
		{ name: 'reference', label: 'Customer Reference', type: 'string', maxLength: 100, description: 'The customer\'s own reference, e.g. their PO number' },
		currency,
		notes,
		cancel,
	],
	checks: [notBefore('order_date', 'required_date')],
};

export const salesOrderFilters: FieldSpec[] = [
	orderNumbers,
	{ name: 'customer_code', label: 'Customer Code', type: 'string', ...codeRules },
	{ name: 'warehouse_code', label: 'Warehouse Code', type: 'string', ...codeRules },
	{ name: 'reference', label: 'Customer Reference', type: 'string', maxLength: 100 },
	statuses,
	changedSince,
];
