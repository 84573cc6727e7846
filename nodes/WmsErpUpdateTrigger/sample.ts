/**
 * A run from the editor ("Fetch Test Event", "Execute workflow"): the pending updates of the
 * watched kinds as the platform has them now, oldest first, up to "Max Updates per Poll", so a
 * manual run shows the whole loop (booked and refused alike); a sample clearly marked as such
 * when none is pending. Reads only: no ledger change, no acknowledgement.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { ErpUpdateKindInfo } from '../shared/erpUpdateKinds';
import { readAll } from '../shared/paging';
import type { Session } from '../shared/session';
import { Ledger } from './ledger';
import { report } from './report';
import { KindScan, type PendingUpdate } from './scan';

const SAMPLE_PAYLOADS: Record<string, Record<string, unknown>> = {
	outgoing_consignment: {
		shipment_id: 'SHP-SAMPLE',
		order_number: 'SO-SAMPLE-1',
		customer_code: 'CUST-1',
		warehouse_code: 'WH1',
		tracking_numbers: ['TRK000000000'],
		lines: [{ line_number: 1, sku: 'SKU-1', quantity: 1 }],
	},
	incoming_consignment: {
		receipt_id: 'RCP-SAMPLE',
		order_number: 'PO-SAMPLE-1',
		supplier_code: 'SUP-1',
		warehouse_code: 'WH1',
		lines: [{ line_number: 1, sku: 'SKU-1', quantity: 5 }],
	},
	move_attempt: {
		move_id: 'MOV-SAMPLE',
		warehouse_code: 'WH1',
		reason: 'relocation',
		lines: [{ sku: 'SKU-1', quantity: 1, from_bin_code: 'A-01-01', to_bin_code: 'A-01-02' }],
	},
};

const TIME_FIELD: Record<string, string> = {
	outgoing_consignment: 'shipped_at',
	incoming_consignment: 'received_at',
	move_attempt: 'moved_at',
};

export async function manualRunUpdates(
	session: Session<IPollFunctions>,
	kinds: ErpUpdateKindInfo[],
	max: number,
	pendingWords: Record<string, string>,
): Promise<PendingUpdate[]> {
	const pending: PendingUpdate[] = [];
	const withoutId: Array<{ kind: string; update: IDataObject }> = [];
	for (const info of kinds) {
		const word = pendingWords[info.value];
		const updates = await readAll(session, info.route, { status: word }, { limit: max });
		// Read as a poll reads them (an update without an id is reported, not delivered), with nothing held.
		const scan = new KindScan(info.value, new Ledger(), 1, max, word);
		for (const update of updates) scan.offer(update, Date.now());
		pending.push(...scan.candidates.map((candidate) => candidate.update));
		withoutId.push(...scan.withoutId.map((update) => ({ kind: info.value, update })));
	}
	report(session.ctx, { withoutId, refused: [] });
	if (pending.length === 0) return [sampleUpdate(kinds[0], pendingWords)];
	// Oldest first across the kinds, as the platform lists each kind.
	const at = (update: PendingUpdate) => Date.parse(String(update.created_at ?? '')) || 0;
	return pending.sort((a, b) => at(a) - at(b)).slice(0, max);
}

/**
 * A sample in the platform's word for pending, which later steps may compare its state with. Its
 * ID stays UPD-SAMPLE: where updates are numbered, a mark of the sample is refused before
 * sending, where a number could mark a real update.
 */
function sampleUpdate(
	info: ErpUpdateKindInfo,
	pendingWords: Record<string, string>,
): PendingUpdate {
	const kind = info.value;
	const at = new Date().toISOString();
	return {
		id: 'UPD-SAMPLE',
		kind,
		status: pendingWords[kind] ?? 'pending',
		created_at: at,
		updated_at: at,
		payload: { ...SAMPLE_PAYLOADS[kind], [TIME_FIELD[kind]]: at },
		sample: true,
		note: 'A sample: no update of the watched kinds is pending on the platform. Real updates look the same, without "sample" and "note".',
	};
}
