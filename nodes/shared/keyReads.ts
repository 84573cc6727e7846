/**
 * Reads by key (Get Status by order numbers, Get Many by codes or SKUs): every key asked for is
 * answered, found or not, and the keys of all input items are read together, as few requests as
 * the route's key list allows. Input items with the same other filters share requests; a key two
 * items ask for is asked once and answered to both.
 *
 * Keys are matched as the platform matches them; a record whose key differs from the one asked
 * for only in letter case is paired to it all the same (a platform that folds case answers in its
 * own spelling).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Output } from './output';
import { readAll } from './paging';
import {
	recordsRoute,
	routeInfo,
	type ContractField,
	type KeyFilter,
	type RoutePath,
} from './platform';
import { foldKey, recordName } from './recordKey';
import type { ExecuteSession } from './session';
import type { RetryPolicy } from './transport/retry';

/** A read's key-list filter as the form offers it, with what its records are called. */
export interface KeyRoute extends KeyFilter {
	noun: string;
}

/** The key-list filter of a read route, when the contract gives one and the form shows it among `filters`. */
export function keyFilterOf(route: RoutePath, filters: ContractField[]): KeyRoute | undefined {
	const filter = routeInfo(route).keyFilter;
	const records = recordsRoute(route);
	if (!filter || !records || !filters.some((field) => field.name === filter.list)) return undefined;
	return { ...filter, noun: routeInfo(records).noun ?? filter.key };
}

export const notFoundOption = (filter: KeyRoute, label: string): INodeProperties => ({
	displayName: 'Keys Not Found',
	name: 'notFound',
	type: 'options',
	options: [
		{
			name: 'Output an Item With Found: False',
			value: 'item',
			description: `{ ${filter.key}: …, found: false } on the main output`,
		},
		{
			name: 'Error',
			value: 'error',
			description:
				'An error item (on the error output under "On Error → Continue (using error output)"), else the node stops',
		},
	],
	default: 'item',
	description: `What each ${label} asked for under Filters → ${label} that the platform does not have becomes. Found records say found: true. ${label} are matched as the platform matches them; a record whose key differs only in letter case is paired to the one asked for.`,
});

/** One input item's read by keys: the keys it asked for and its other filters. */
export interface KeyRead {
	itemIndex: number;
	keys: string[];
	rest: IDataObject;
}

/** The records of every key read, each paired to the input items that asked for it. */
export async function readByKeys(
	session: ExecuteSession,
	output: Output,
	route: RoutePath,
	filter: KeyRoute,
	reads: KeyRead[],
	options: { retry: Partial<RetryPolicy>; notFound: 'item' | 'error' },
): Promise<void> {
	// Input items whose other filters are the same are read together.
	const groups = new Map<string, KeyRead[]>();
	for (const read of reads) {
		const same = JSON.stringify(read.rest);
		groups.set(same, [...(groups.get(same) ?? []), read]);
	}
	for (const group of groups.values()) {
		const keys = [...new Set(group.flatMap((read) => read.keys))];
		const found = new Map<string, IDataObject>();
		const folded = new Map<string, IDataObject>();
		const failed = new Map<string, unknown>();
		for (let start = 0; start < keys.length; start += filter.max) {
			const chunk = keys.slice(start, start + filter.max);
			try {
				const records = await readAll(
					session,
					route,
					{ ...group[0].rest, [filter.list]: chunk },
					{ itemIndex: group[0].itemIndex, retry: options.retry },
				);
				for (const record of records) {
					const key = String(record[filter.key] ?? '');
					found.set(key, record);
					folded.set(foldKey(key), record);
				}
			} catch (error) {
				for (const key of chunk) failed.set(key, error);
			}
		}
		for (const read of group) {
			const failure = read.keys.map((key) => failed.get(key)).find((error) => error !== undefined);
			if (failure !== undefined) {
				output.fail(read.itemIndex, failure);
				continue;
			}
			for (const key of read.keys) {
				const record = found.get(key) ?? folded.get(foldKey(key));
				if (record) output.add(read.itemIndex, { ...record, found: true });
				else if (options.notFound === 'item')
					output.add(read.itemIndex, { [filter.key]: key, found: false });
				else
					output.fail(
						read.itemIndex,
						notFound(session, filter, key),
						{ [filter.key]: key },
						{ code: 'not_found', retryable: false },
					);
			}
		}
	}
}

function notFound(session: ExecuteSession, filter: KeyRoute, key: string): NodeOperationError {
	return new NodeOperationError(session.ctx.getNode(), `not found on the platform`, {
		description: `${recordName(filter.noun, { [filter.key]: key })} was asked for but the platform has no such record matching the other filters.`,
	});
}
