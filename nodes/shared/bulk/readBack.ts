/**
 * After a lost answer on a write that is not known to be safe to send twice: which of its rows the
 * platform has, read back by key with the route that reads the same records. A row it has with
 * every field as sent counts as stored (the platform holds exactly this); one it has otherwise is
 * not sent again, and not counted; only the rows it does not have are sent again.
 */
import type { IDataObject } from 'n8n-workflow';

import { readByKeys } from '../paging';
import { foldKey } from '../recordKey';
import type { Session } from '../session';
import { behaviourOf } from '../version';
import type { RequestOptions } from '../transport/request';

export interface ReadBack {
	/** The route it read with. */
	check: string;
	/** Rows the platform has as sent: the result to output for each. */
	confirmed: Map<number, IDataObject>;
	/** Rows the platform has otherwise: the first field that differs. */
	differing: Map<number, string>;
	/** Rows the platform does not have. */
	missing: number[];
}

/** The first field (a path) where `found` does not hold what was sent, or undefined when it holds all of it. */
function firstDifference(sent: unknown, found: unknown, path: string): string | undefined {
	if (Array.isArray(sent)) {
		if (!Array.isArray(found) || found.length !== sent.length) return path;
		for (let i = 0; i < sent.length; i++) {
			const differs = firstDifference(sent[i], found[i], `${path}[${i}]`);
			if (differs !== undefined) return differs;
		}
		return undefined;
	}
	if (sent !== null && typeof sent === 'object') {
		if (found === null || typeof found !== 'object' || Array.isArray(found)) return path;
		for (const [field, value] of Object.entries(sent)) {
			const differs = firstDifference(
				value,
				(found as IDataObject)[field],
				path ? `${path}.${field}` : field,
			);
			if (differs !== undefined) return differs;
		}
		return undefined;
	}
	if (sent === found) return undefined;
	// A number the platform keeps as text (or the other way round) is the same value.
	const plain = (value: unknown) => typeof value === 'string' || typeof value === 'number';
	return plain(sent) && plain(found) && String(sent) === String(found) ? undefined : path;
}

/** Reads back the keys of `rows`; undefined when the route has no read by key, or the read fails. */
export async function readBack(
	session: Session,
	route: string,
	records: IDataObject[],
	rows: number[],
	options: RequestOptions,
): Promise<ReadBack | undefined> {
	const check = session.platform.checkRouteOf(route);
	const filter = check ? session.platform.route(check).keyFilter : undefined;
	if (!check || !filter) return undefined;
	const keyOf = (row: number) => String(records[row][filter.key] ?? '');
	const keys = [...new Set(rows.map(keyOf))];
	const found = new Map<string, IDataObject>();
	try {
		const read = await readByKeys(session, check, filter.list, keys, filter.max, {
			retry: options.retry,
		});
		for (const record of read) found.set(foldKey(String(record[filter.key] ?? '')), record);
	} catch {
		return undefined;
	}
	const back: ReadBack = { check, confirmed: new Map(), differing: new Map(), missing: [] };
	for (const row of rows) {
		const record = found.get(foldKey(keyOf(row)));
		if (!record) back.missing.push(row);
		else {
			const differs = firstDifference(records[row], record, '');
			if (differs === undefined)
				back.confirmed.set(row, {
					key: String(record[filter.key]),
					// Whether this run created it or it was there already, reading back cannot tell: from version 3 it says no more than that.
					status: behaviourOf(session.ctx.getNode()) >= 3 ? 'stored' : 'unchanged',
					confirmed_by: 'read_back',
				});
			else back.differing.set(row, differs);
		}
	}
	return back;
}
