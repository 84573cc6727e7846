/**
 * What a poll could not deliver, said in n8n's log once (per n8n process, or per window for a
 * refusal): updates listed without an id, which cannot be marked complete and so are not
 * emitted, and updates whose completion the platform refused (Acknowledge on Emit).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { asObject } from '../shared/objects';
import type { PendingUpdate } from './scan';

/** Fields by which a person can find an update that has no id. */
const FINDING_FIELDS = [
	'created_at',
	'shipment_id',
	'receipt_id',
	'move_id',
	'order_number',
	'reference',
];

export interface Unreported {
	withoutId: Array<{ kind: string; update: IDataObject }>;
	refused: Array<{ update: PendingUpdate; why: string; stale: boolean }>;
}

/** An update without an id, in words a person can search the platform for. */
function described(kind: string, update: IDataObject): string {
	const payload = asObject(update.payload) ?? {};
	const found = FINDING_FIELDS.flatMap((field) => {
		const value = update[field] ?? payload[field];
		return typeof value === 'string' || typeof value === 'number' ? [`${field} ${value}`] : [];
	});
	return `${kind.replace(/_/g, ' ')}${found.length > 0 ? ` (${found.slice(0, 3).join(', ')})` : ''}`;
}

const listed = (words: string[]) =>
	`${words.slice(0, 5).join('; ')}${words.length > 5 ? `; and ${words.length - 5} more` : ''}`;

export function report(ctx: IPollFunctions, unreported: Unreported): void {
	const { withoutId, refused } = unreported;
	if (withoutId.length > 0) {
		ctx.logger.warn(
			`WMS ERP Update Trigger: ${withoutId.length} pending updates listed without an id were not emitted: without one they cannot be marked complete, so each would come again at every poll. Ask the platform's operator to give them ids: ${listed(withoutId.map(({ kind, update }) => described(kind, update)))}`,
		);
	}
	if (refused.length > 0) {
		const stale = refused.every((refusal) => refusal.stale);
		ctx.logger.warn(
			`WMS ERP Update Trigger: the platform refused to mark ${refused.length} pending updates complete, so they were not emitted${stale ? ' (another process may have completed them while the list still shows them)' : ''}; each is tried again after Redeliver After, and the others keep flowing: ${listed(refused.map(({ update, why }) => `${String(update.id)}: ${why}`))}`,
		);
	}
}
