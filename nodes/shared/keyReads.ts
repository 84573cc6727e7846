/**
 * Reads by key (Get Status by order numbers, Get Many by codes or SKUs): every key asked for is
 * answered, found or not, and the keys of all input items are read together, as few requests as
 * the route's key list allows. Input items with the same other filters share requests; a key two
 * items ask for is asked once and answered to both.
 *
 * Keys are matched as the platform matches them; a record whose key differs from the one asked
 * for only in letter case is paired to it all the same (a platform that folds case answers in its
 * own spelling).
 *
 * From version 2 a key the platform does not have is an answer of its own: an item on the Not
 * Found output with the key, `found: false` and a message, so each output's table has the columns
 * of its own items; a record found starts with its key and `found`. Run as an AI agent's tool, the
 * node answers both on the one output the agent reads.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Output } from './output';
import { readAll } from './paging';
import type { ContractField, KeyFilter, Platform } from './platform';
import { spoken } from './form/words';
import { foldKey, recordName } from './recordKey';
import type { ExecuteSession } from './session';
import type { RetryPolicy } from './transport/retry';
import { byVersion } from './version';

/** A read's key-list filter as the form offers it, with what its records are called. */
export interface KeyRoute extends KeyFilter {
	noun: string;
}

/** The key-list filter of a read route, when the description gives one and its filters (`filters`) show it. */
export function keyFilterOf(
	platform: Platform,
	route: string,
	filters: ContractField[] = platform.filterFields(route),
): KeyRoute | undefined {
	const filter = platform.route(route).keyFilter;
	const records = platform.recordsRoute(route);
	if (!filter || !records || !filters.some((field) => field.name === filter.list)) return undefined;
	return { ...filter, noun: platform.route(records).noun ?? filter.key };
}

/** What a key the platform does not have becomes: an item beside the records found (version 1), one on the Not Found output, or an error. */
export type NotFoundAs = 'item' | 'branch' | 'error';

/** The outputs of a read by key from version 2 on. */
export const KEY_READ_OUTPUTS = ['Found', 'Not Found'];

const asError = {
	name: 'Error',
	value: 'error',
	description:
		'An error item (on the error output under Settings → On Error → Continue (using error output)), else the node stops',
};

export const notFoundOption = (filter: KeyRoute, label: string): INodeProperties[] =>
	byVersion(
		{
			displayName: 'Keys Not Found',
			name: 'notFound',
			type: 'options',
			options: [
				{
					name: 'Output an Item With Found: False',
					value: 'item',
					description: `An item with the ${spoken(label).replace(/s$/, '')} and found: false, among the records found`,
				},
				asError,
			],
			default: 'item',
			description: `What becomes of each of the ${spoken(label)} under Filters the platform does not have. Records found say found: true. They are matched as the platform matches them; a record whose key differs only in letter case counts as the one asked for.`,
		},
		2,
		{
			options: [
				{
					name: 'Output on Not Found',
					value: 'branch',
					description: `An item with the ${spoken(label).replace(/s$/, '')}, found: false and a message, on the Not Found output`,
				},
				asError,
			],
			default: 'branch',
		},
	);

/** Whether n8n runs the node as an AI agent's (or MCP client's) tool: its type then ends in "Tool", as n8n names the tool version of a node. */
export const runsAsTool = (ctx: IExecuteFunctions): boolean => /Tool$/.test(ctx.getNode().type);

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
	route: string,
	filter: KeyRoute,
	reads: KeyRead[],
	options: { retry: Partial<RetryPolicy>; notFound: NotFoundAs },
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
				if (record && options.notFound === 'item')
					output.add(read.itemIndex, { ...record, found: true });
				else if (record)
					output.add(read.itemIndex, { [filter.key]: record[filter.key], found: true, ...record });
				else if (options.notFound === 'item')
					output.add(read.itemIndex, { [filter.key]: key, found: false });
				else if (options.notFound === 'branch')
					output.addOn(runsAsTool(session.ctx) ? 0 : 1, read.itemIndex, {
						[filter.key]: key,
						found: false,
						message: notOnThePlatform(filter, key, read.rest),
					});
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

/** "Sales order SO-9999 is not on the platform", with the other filters when there were any. */
function notOnThePlatform(filter: KeyRoute, key: string, rest: IDataObject): string {
	const name = recordName(filter.noun, { [filter.key]: key });
	return Object.keys(rest).length
		? `${name} is not on the platform with the other filters given`
		: `${name} is not on the platform`;
}

function notFound(session: ExecuteSession, filter: KeyRoute, key: string): NodeOperationError {
	return new NodeOperationError(session.ctx.getNode(), `not found on the platform`, {
		description: `${recordName(filter.noun, { [filter.key]: key })} was asked for but the platform has no such record matching the other filters.`,
	});
}
