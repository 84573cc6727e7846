/**
 * "Fetch Test Event": one real pending update if the platform has any (the oldest of the first
 * watched kind that has one), else a sample clearly marked as such. Reads only: no ledger
 * change, no acknowledgement.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { readAll } from '../shared/paging';
import { INTERACTIVE_RETRY } from '../shared/transport/retry';
import type { ErpUpdateKindInfo } from '../shared/erpUpdateKinds';
import type { PendingUpdate } from './ledger';

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

const TIME_FIELD: Record<string, string> = { outgoing_consignment: 'shipped_at', incoming_consignment: 'received_at', move_attempt: 'moved_at' };

export async function sampleUpdate(ctx: IPollFunctions, kinds: ErpUpdateKindInfo[]): Promise<PendingUpdate> {
	for (const info of kinds) {
		const [first] = await readAll.call(ctx, info.route, { status: 'pending' }, { limit: 1, retry: INTERACTIVE_RETRY });
		if (first) return { ...(first as PendingUpdate), kind: String(first.kind ?? info.value) };
	}
	const kind = kinds[0].value;
	const at = new Date().toISOString();
	return {
		id: 'UPD-SAMPLE',
		kind,
		status: 'pending',
		created_at: at,
		updated_at: at,
		payload: { ...SAMPLE_PAYLOADS[kind], [TIME_FIELD[kind]]: at },
		sample: true,
		note: 'A sample: no update of the watched kinds is pending on the platform. Real updates look the same, without "sample" and "note".',
	};
}
