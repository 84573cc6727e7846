/** The node Options every area node shares: retry budgets, batch size, re-sending, unknown-field policy. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ADAPTIVE_CAP, ADAPTIVE_START, MAX_PARALLEL, type Parallel } from '../bulk/lanes';
import type { BulkOptions } from '../bulk/write';
import { autoSaveHighlightedDataOption } from '../highlighted';
import { checkRouteOf, routeInfo, type RouteInfo, type RoutePath } from '../platform';
import type { ExecuteSession } from '../session';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../transport/retry';
import type { UnknownFieldPolicy } from '../checking';
import { behaviourOf, byVersion, fromVersion } from '../version';

const retryOptions: INodeProperties[] = [
	{
		displayName: 'Max Attempts',
		name: 'maxAttempts',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 20 },
		default: 5,
		description:
			'How many times to try sending the same records when the platform is busy, briefly out of service or the connection drops',
	},
	{
		displayName: 'Max Total Wait (Seconds)',
		name: 'maxWaitSeconds',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 3600 },
		default: 60,
		description:
			'How long to wait in total when the platform is busy or out of reach, over the whole run of this node. When it would have to wait longer, it stops trying and lists the records the platform has not confirmed.',
	},
];

const timeoutOption: INodeProperties = {
	displayName: 'Timeout (Seconds)',
	name: 'timeoutSeconds',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 3600 },
	default: 120,
	description:
		"How long to wait for the platform's whole answer to one send before counting it as lost. It is tried again only where that cannot store a record twice.",
};

/** Most records one request of a bulk route takes. */
export const maxRecordsOf = (route: RoutePath): number => routeInfo(route).maxItems ?? 1000;

export const batchSizeOption = (route: RoutePath): INodeProperties => ({
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: maxRecordsOf(route) },
	default: maxRecordsOf(route),
	description: `How many records to send at once (at most ${maxRecordsOf(route)}, the most the platform takes). Any number of input items is split into batches of this size.`,
});

/**
 * Re-Send where the description says the route is safe to repeat, else Check First. Our own
 * contract infers it from a natural key: versions 1 and 2 keep that; from version 3 only the
 * description's own word (x-idempotent) makes Re-Send the default, as no description says whether
 * a platform really matches records by their key.
 */
const resendDefault = (info: RouteInfo, version: number): string =>
	info.idempotent && (version < 3 || info.idempotentStated) ? 'resend' : 'checkFirst';

/**
 * Whether a request whose answer was lost is sent again. The contract's word for the route is
 * the default (an upsert by key is safe to repeat); a user whose platform adds a second record
 * for the same key says otherwise here.
 */
export function resendOption(route: RoutePath): INodeProperties[] {
	const check = checkRouteOf(route);
	const before = resendDefault(routeInfo(route), 2);
	const property: INodeProperties = {
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
		default: before,
		description:
			"What to do when the platform's answer to a request is lost (a dropped connection, a timeout, a gateway error), so it may or may not have stored the records",
	};
	const from3 = resendDefault(routeInfo(route), 3);
	return from3 === before ? [property] : byVersion(property, 3, { default: from3 });
}

/** The Options of a bulk write: Batch Size, Re-Send After a Lost Answer (Requests in Parallel comes with Batch Size). */
export const bulkWriteOptions = (route: RoutePath): INodeProperties[] => [
	batchSizeOption(route),
	...resendOption(route),
	checkOnlyOption,
];

/** Before a site goes live: every check against the platform's description, nothing sent. */
const checkOnlyOption: INodeProperties = {
	displayName: 'Check Only',
	name: 'checkOnly',
	type: 'boolean',
	default: false,
	description:
		"Whether to run every check of the platform's description on the records and send nothing: the same Not Stored rows and Summary a real run gives, so an ERP export can be cleaned before the first night",
};

/** Shown wherever Batch Size is: every bulk write. */
const requestsInParallelOption: INodeProperties = {
	displayName: 'Requests in Parallel',
	name: 'requestsInParallel',
	type: 'options',
	options: [
		{
			name: 'Adaptive',
			value: 'adaptive',
			description: `Grows from ${ADAPTIVE_START} while sending more at once pays (up to ${ADAPTIVE_CAP}): while the platform answers as quickly, or confirms more records per second though each answer takes longer; then keeps as many as the platform carries at once and half as many again; half as many as soon as it says it is busy. A later run to the same platform starts at a quarter of the last one's width.`,
		},
		...Array.from({ length: MAX_PARALLEL }, (_, i) => ({ name: String(i + 1), value: i + 1 })),
	],
	default: 'adaptive',
	description:
		'How many batches to send at the same time. More is faster when the platform is far away; choose 1 for a platform that must take one at a time. Output items keep the input order, and two records with the same key are never sent at the same time, so the platform keeps the last one of the input.',
};

/** Version 1 fails an item with a field the platform does not know; version 2 leaves such fields out and says which. */
export const unknownFieldsOptions: INodeProperties[] = byVersion(
	{
		displayName: 'Unknown Fields',
		name: 'unknownFields',
		type: 'options',
		options: [
			{
				name: 'Fail the Item',
				value: 'error',
				description:
					'The item is not sent, and its error names the columns: for when a misspelt column must not go unnoticed',
			},
			{
				name: 'Leave Out',
				value: 'ignore',
				description:
					'Send the fields the platform knows; the columns left out are listed once in the output panel',
			},
			{
				name: 'Send As Is',
				value: 'send',
				description: 'Send them too; the platform decides whether to take them',
			},
		],
		default: 'error',
		description:
			'What to do with columns of the input items (or of the JSON) the platform has no field for. Columns whose name starts with x_ are always sent.',
	},
	2,
	{ default: 'ignore' },
);

/** Options → Unknown Fields of this run: left at its default, Fail the Item at version 1, Leave Out from version 2. */
export const unknownFieldsPolicy = (ctx: IExecuteFunctions): UnknownFieldPolicy =>
	ctx.getNodeParameter(
		'options.unknownFields',
		0,
		fromVersion(ctx, 2) ? 'ignore' : 'error',
	) as UnknownFieldPolicy;

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
export function bulkOptions(session: ExecuteSession, route: string): BulkOptions {
	const { ctx } = session;
	const info = session.platform.route(route);
	const resend = ctx.getNodeParameter(
		'options.resend',
		0,
		resendDefault(info, behaviourOf(ctx.getNode())),
	);
	return {
		batchSize: ctx.getNodeParameter('options.batchSize', 0, info.maxItems ?? 1000) as number,
		parallel: requestsInParallel(ctx),
		retry: retryPolicy(ctx),
		idempotent: resend === 'resend',
		checkOnly: ctx.getNodeParameter('options.checkOnly', 0, false) as boolean,
	};
}
