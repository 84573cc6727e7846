/**
 * ERP updates: work the warehouse finished (shipments, receipts, stock moves), offered to the ERP
 * until it marks each one complete or error. Names and limits as in contract/openapi.yaml.
 */
import type { FieldSpec, RecordSpec } from '../fields';
import { codeRules } from './common';

export type ErpUpdateKind = 'outgoing_consignment' | 'incoming_consignment' | 'move_attempt';

export interface ErpUpdateKindInfo {
	value: ErpUpdateKind;
	/** The form's name for one update of this kind. */
	name: string;
	/** In the warehouse's words, for descriptions. */
	noun: string;
	route: `/erp_update/${ErpUpdateKind}`;
}

export const ERP_UPDATE_KINDS: readonly ErpUpdateKindInfo[] = [
	{ value: 'outgoing_consignment', name: 'Outgoing Consignment', noun: 'completed shipment', route: '/erp_update/outgoing_consignment' },
	{ value: 'incoming_consignment', name: 'Incoming Consignment', noun: 'completed receipt', route: '/erp_update/incoming_consignment' },
	{ value: 'move_attempt', name: 'Move Attempt', noun: 'inventory movement', route: '/erp_update/move_attempt' },
];

export function kindInfo(kind: string): ErpUpdateKindInfo | undefined {
	return ERP_UPDATE_KINDS.find((info) => info.value === kind);
}

const updateId: FieldSpec = {
	name: 'id',
	label: 'Update ID',
	type: 'string',
	required: true,
	minLength: 1,
	maxLength: 50,
	description: 'The ERP update\'s ID, e.g. UPD-000001',
};

export const setCompleteSpec: RecordSpec = {
	noun: 'ERP update',
	key: ['id'],
	fields: [
		updateId,
		{
			name: 'erp_reference',
			label: 'ERP Reference',
			type: 'string',
			maxLength: 100,
			description: 'The ERP document that booked the update, e.g. a delivery note number',
		},
	],
};

export const setErrorSpec: RecordSpec = {
	noun: 'ERP update',
	key: ['id'],
	fields: [
		updateId,
		{ name: 'message', label: 'Error Message', type: 'string', required: true, minLength: 1, maxLength: 2000 },
		{ name: 'code', label: 'Error Code', type: 'string', maxLength: 50, description: 'A short code the ERP uses for this kind of failure, e.g. PO_CLOSED' },
	],
};

export const ERP_UPDATE_STATUSES = [
	{ name: 'Pending', value: 'pending' },
	{ name: 'Complete', value: 'complete' },
	{ name: 'Error', value: 'error' },
] as const;

export const erpUpdateFilters: FieldSpec[] = [
	{
		name: 'status',
		label: 'Status',
		type: 'string',
		options: ERP_UPDATE_STATUSES,
		default: 'pending',
		description: 'Without this filter only pending updates are returned',
	},
	{ name: 'ids', label: 'Update IDs', type: 'stringList', minLength: 1, description: 'Comma-separated; up to 500' },
	{ name: 'order_number', label: 'Order Number', type: 'string', ...codeRules },
	{ name: 'warehouse_code', label: 'Warehouse Code', type: 'string', ...codeRules },
	{ name: 'created_since', label: 'Created Since', type: 'dateTime', description: 'Only updates created at or after this moment' },
];
