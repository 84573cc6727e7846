/** What a bulk write is given, and the state one run of it carries from request to request. */
import type { IDataObject } from 'n8n-workflow';

import type { Session } from '../session';
import type { PlatformError } from '../transport/errors';
import type { RequestOptions } from '../transport/request';
import type { Lanes, Parallel } from './lanes';
import type { RowOutcome } from './outcomes';

export interface BulkOptions extends RequestOptions {
	/** Rows per request; capped at the route's own limit. */
	batchSize?: number;
	/** Fields sent beside `items` in every request (e.g. comparison_id). */
	envelope?: IDataObject;
	/** Requests in flight at once: 1–8, or adaptive (the default, 2–32). */
	parallel?: Parallel;
	/** Check Only: nothing is sent; each row is told it passed its checks, or that it names a record the platform does not have. */
	checkOnly?: boolean;
}

export interface RowsWritten<T> {
	/** The record a row sends. */
	recordOf(row: T): IDataObject;
	/** Told each row's outcome as its request settles (requests settle in any order). */
	settle(row: T, outcome: RowOutcome): void;
}

/** One write's run: what it sends, through which lanes, and how far it has come. */
export interface WriteRun<T> {
	session: Session;
	route: string;
	rows: RowsWritten<T>;
	options: BulkOptions;
	lanes: Lanes;
	/** Rows per request: smaller for the rest of the run once the platform refuses one as too large. */
	size: number;
	/** Requests sent (a request sent again without its refused rows counts again). */
	requests: number;
	/** Set when the transport gave up: no request is started and no row taken after it. */
	stopped?: PlatformError;
	/** Lost answers not sent again since the last answer: the second stops the write. */
	lostInARow: number;
	/** A failure of a request's code or of the rows' source: ends the write once the requests in flight settle. */
	failure?: { error: unknown };
}

/** Whether the write still sends: not given up, not failed, not cancelled. */
export const sending = (run: WriteRun<unknown>): boolean =>
	run.stopped === undefined && run.failure === undefined && run.session.signal?.aborted !== true;
