/**
 * Options → Include Response Headers on a route that writes records in batches: each row's item
 * carries the declared headers of the answer that settled its row (the one that confirmed it, or
 * refused it), as a call's item does. A row is sent again without its refused neighbours, so the
 * last answer to a request holding it is the one that settled it; the transport tells each answer
 * with what was sent, and the rows are found in it by their records.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { RowOutcome } from '../../../shared/bulk/write';
import type { ItemRecord } from '../../../shared/output';
import type { ExecuteSession } from '../../../shared/session';
import type { OnAnswer } from '../../../shared/transport/answered';
import { declaredHeaders, HEADERS, withErrorHeaders } from './headers';

/** No answer came to the last request that held the row (lost, or never sent). */
const NONE = undefined;

export class RowAnswers {
	/** The headers of the last answer to a request holding each record, by the record sent. */
	private readonly last = new Map<IDataObject, Record<string, unknown> | undefined>();
	private readonly container: string;

	constructor(
		private readonly session: ExecuteSession,
		private readonly route: string,
		rows: ItemRecord[],
	) {
		for (const row of rows) this.last.set(row.record, NONE);
		this.container = session.platform.route(route).wire?.records ?? 'items';
	}

	/** For the transport (RequestOptions.onAnswer): any request's answer, its rows found by their records. */
	readonly onAnswer: OnAnswer = (sent, headers) => {
		const records = Array.isArray(sent) ? sent : sent[this.container];
		if (!Array.isArray(records)) return;
		for (const record of records as IDataObject[])
			if (this.last.has(record)) this.last.set(record, headers);
	};

	/**
	 * The write's items with their rows' headers: a stored row's under headers beside its result
	 * (none came when it was confirmed by reading it back); a row the platform refused, or whose
	 * answer is in doubt, has its answer's under its error, where n8n's error output still takes it.
	 */
	put(items: INodeExecutionData[], rows: ItemRecord[], outcomes: RowOutcome[]): void {
		const byItem = new Map<number, { record: IDataObject; outcome: RowOutcome }>();
		rows.forEach((row, k) =>
			byItem.set(row.itemIndexes[0], { record: row.record, outcome: outcomes[k] }),
		);
		for (const item of items) {
			const paired = item.pairedItem as { item?: number } | undefined;
			const row = paired?.item === undefined ? undefined : byItem.get(paired.item);
			if (!row || row.outcome.kind === 'checked') continue;
			const answered = this.last.get(row.record);
			const headers = declaredHeaders(this.session, this.route, answered);
			if (row.outcome.kind === 'stored') item.json[HEADERS] = headers;
			else if (answered !== NONE) withErrorHeaders(item, headers);
		}
	}
}
