/** The node Options every area node shares: retry budgets, batch size, re-sending, unknown-field policy. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	ADAPTIVE_CAP,
	ADAPTIVE_START,
	ADAPTIVE_STEADY,
	MAX_PARALLEL,
	type Parallel,
} from '../bulk/lanes';
import type { BulkOptions } from '../bulk/write';
import { autoSaveHighlightedDataOption } from '../highlighted';
import { checkRouteOf, routeInfo, type RoutePath } from '../platform';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../transport/retry';

const retryOptions: INodeProperties[] = [
	{
		displayName: 'Max Attempts',
		name: 'maxAttempts',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 20 },
		default: 5,
		description:
			'How many times one request is tried when the platform is busy (429), unavailable (502/503/504) or the connection drops',
	},
	{
		displayName: 'Max Total Wait (Seconds)',
		name: 'maxWaitSeconds',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 3600 },
		default: 60,
		description:
			'Longest time this node may spend waiting to retry, over its whole run and all its requests (Retry-After included); when a wait would go past it, the node stops retrying and reports what was not confirmed',
	},
];

const timeoutOption: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeoutSeconds',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 3600 },
	default: 120,
	description:
		"How long one request may take, from sending to the end of the platform's answer, before it counts as a dropped connection (and is retried when that is safe)",
};

/** Most records one request of a bulk route takes. */
export const maxRecordsOf = (route: RoutePath): number => routeInfo(route).maxItems ?? 1000;

export const batchSizeOption = (route: RoutePath): INodeProperties => ({
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: maxRecordsOf(route) },
	default: maxRecordsOf(route),
	description: `Records per request (at most ${maxRecordsOf(route)}, the platform's limit); input items are split automatically`,
});

/** Re-Send where the contract says the route matches records by their key, else Check First. */
const resendDefault = (route: RoutePath): string =>
	routeInfo(route).idempotent ? 'resend' : 'checkFirst';

/**
 * Whether a request whose answer was lost is sent again. The contract's word for the route is
 * the default (an upsert by key is safe to repeat); a user whose platform adds a second record
 * for the same key says otherwise here.
 */
export function resendOption(route: RoutePath): INodeProperties {
	const check = checkRouteOf(route);
	const contractSays = resendDefault(route);
	return {
		displayName: 'Re-Send After a Lost Answer',
		name: 'resend',
		type: 'options',
		options: [
			{
				name: 'Re-Send',
				value: 'resend',
				description:
					'Send the records again: safe when the platform updates a record whose key it already has, as the contract says of this route',
			},
			{
				name: check ? 'Check First' : 'Do Not Re-Send',
				value: 'checkFirst',
				description: check
					? `Read the keys back (${check}) and send again only the records the platform does not have, for a platform that may add a second record with the same key`
					: 'Report the records as not confirmed, for a platform that may add a second record with the same key (this route has no read by key to check with)',
			},
		],
		default: contractSays,
		description:
			"What to do when the platform's answer to a request is lost (a dropped connection, a timeout, a gateway error), so it may or may not have stored the records",
	};
}

/** The Options of a bulk write: Batch Size, Re-Send After a Lost Answer (Requests in Parallel comes with Batch Size). */
export const bulkWriteOptions = (route: RoutePath): INodeProperties[] => [
	batchSizeOption(route),
	resendOption(route),
];

/** Shown wherever Batch Size is: every bulk write. */
const requestsInParallelOption: INodeProperties = {
	displayName: 'Requests in Parallel',
	name: 'requestsInParallel',
	type: 'options',
	options: [
		{
			name: 'Adaptive',
			value: 'adaptive',
			description: `Starts with ${ADAPTIVE_START}, grows to ${ADAPTIVE_STEADY} while the platform keeps up, and on up to ${ADAPTIVE_CAP} only while that brings more records per second; halves when the platform answers busy (429/503)`,
		},
		...Array.from({ length: MAX_PARALLEL }, (_, i) => ({ name: String(i + 1), value: i + 1 })),
	],
	default: 'adaptive',
	description:
		"How many requests of this node may be in flight at once: more hides the round trip to a distant platform. Output items keep the input's order, and records with the same key are never sent side by side, so the last one in the input is what the platform keeps.",
};

export const unknownFieldsOption: INodeProperties = {
	displayName: 'Unknown Fields',
	name: 'unknownFields',
	type: 'options',
	options: [
		{
			name: 'Fail the Item',
			value: 'error',
			description: 'Safest: a misspelt field is reported, not silently dropped',
		},
		{ name: 'Ignore', value: 'ignore', description: 'Drop fields the platform does not know' },
		{ name: 'Send As Is', value: 'send', description: 'Send them; the platform decides' },
	],
	default: 'error',
	description:
		'What to do with input-item or JSON fields the platform does not know (fields starting with x_ are always sent)',
};

export const includeInputFieldsOption: INodeProperties = {
	displayName: 'Include Input Fields',
	name: 'includeInputFields',
	type: 'boolean',
	default: false,
	description:
		"Whether each result also carries the fields of the input item it came from, so the next node can use what the ERP sent without expressions. Where a field has the same name, the platform's answer wins. (Error items always carry them.)",
};

/** Options → Include Input Fields of this run. */
export const includeInputFields = (ctx: IExecuteFunctions): boolean =>
	ctx.getNodeParameter('options.includeInputFields', 0, false) as boolean;

export function optionsCollection(
	options: INodeProperties[],
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [
			...options,
			...(options.some((option) => option.name === 'batchSize') ? [requestsInParallelOption] : []),
			...retryOptions,
			timeoutOption,
			autoSaveHighlightedDataOption,
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

export function retryPolicy(ctx: IExecuteFunctions, itemIndex = 0): Partial<RetryPolicy> {
	const maxAttempts = ctx.getNodeParameter(
		'options.maxAttempts',
		itemIndex,
		DEFAULT_RETRY_POLICY.maxAttempts,
	) as number;
	const maxWaitSeconds = ctx.getNodeParameter(
		'options.maxWaitSeconds',
		itemIndex,
		DEFAULT_RETRY_POLICY.maxWaitMs / 1000,
	) as number;
	const timeoutSeconds = ctx.getNodeParameter(
		'options.timeoutSeconds',
		itemIndex,
		DEFAULT_RETRY_POLICY.requestTimeoutMs / 1000,
	) as number;
	return { maxAttempts, maxWaitMs: maxWaitSeconds * 1000, requestTimeoutMs: timeoutSeconds * 1000 };
}

/** Options → Requests in Parallel. */
export function requestsInParallel(ctx: IExecuteFunctions): Parallel {
	const value = ctx.getNodeParameter('options.requestsInParallel', 0, 'adaptive') as
		| Parallel
		| string;
	return typeof value === 'number' ? value : 'adaptive';
}

/** How this run sends a bulk write to `route`: Options → Batch Size, Requests in Parallel and the retry budgets. */
export function bulkOptions(ctx: IExecuteFunctions, route: RoutePath): BulkOptions {
	const resend = ctx.getNodeParameter('options.resend', 0, resendDefault(route));
	return {
		batchSize: ctx.getNodeParameter('options.batchSize', 0, maxRecordsOf(route)) as number,
		parallel: requestsInParallel(ctx),
		retry: retryPolicy(ctx),
		idempotent: resend === 'resend',
	};
}
