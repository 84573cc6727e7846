/**
 * ERP updates: work the warehouse finished (shipments, receipts, stock moves), offered to the ERP
 * until it marks each one complete or error. The kinds, in the warehouse's words, for the ERP
 * Update node and its trigger.
 */
import type { RoutePath } from './platform';

export type ErpUpdateKind = 'outgoing_consignment' | 'incoming_consignment' | 'move_attempt';

export interface ErpUpdateKindInfo {
	value: ErpUpdateKind;
	/** The form's name for one update of this kind: the warehouse's word, the platform's beside it. */
	name: string;
	/** The platform's own name for the kind ("Outgoing Consignment"). */
	platformName: string;
	/** Updates of this kind in a person's words ("shipments"). */
	many: string;
	/** In the warehouse's words, for descriptions. */
	noun: string;
	route: `/erp_update/${ErpUpdateKind}` & RoutePath;
}

export const ERP_UPDATE_KINDS: readonly ErpUpdateKindInfo[] = [
	{
		value: 'outgoing_consignment',
		name: 'Shipment (Outgoing Consignment)',
		platformName: 'Outgoing Consignment',
		many: 'shipments',
		noun: 'completed shipment',
		route: '/erp_update/outgoing_consignment',
	},
	{
		value: 'incoming_consignment',
		name: 'Receipt (Incoming Consignment)',
		platformName: 'Incoming Consignment',
		many: 'receipts',
		noun: 'completed receipt',
		route: '/erp_update/incoming_consignment',
	},
	{
		value: 'move_attempt',
		name: 'Stock Move (Move Attempt)',
		platformName: 'Move Attempt',
		many: 'stock moves',
		noun: 'inventory movement',
		route: '/erp_update/move_attempt',
	},
];

export function kindInfo(kind: string): ErpUpdateKindInfo | undefined {
	return ERP_UPDATE_KINDS.find((info) => info.value === kind);
}
