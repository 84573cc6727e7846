/**
 * Call a Route's Options: those of the package's bulk writes, for a route known only when the node
 * runs. Its limit and its word on repeating come from the platform's description then.
 */
import type { INodeProperties } from 'n8n-workflow';

import type { BulkOptions } from '../../../shared/bulk/write';
import {
	bulkOptions,
	includeInputFieldsOption,
	optionsCollection,
	unknownFieldsOptions,
} from '../../../shared/form/options';
import { showFor, type ResourceOperation } from '../../../shared/form/properties';
import type { ExecuteSession } from '../../../shared/session';
import { includeHeadersOption } from './headers';

const batchSizeOption: INodeProperties = {
	displayName: 'Batch Size',
	name: 'batchSize',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 1000,
	description:
		"For a route that writes records: how many to send at once. Never more than the route takes (its limit in the platform's description, which is used when this option is not set).",
};

const resendOption: INodeProperties = {
	displayName: 'Re-Send After a Lost Answer',
	name: 'resend',
	type: 'options',
	options: [
		{
			name: 'Re-Send',
			value: 'resend',
			description:
				'Send the records again: safe when the platform updates a record whose key it already has',
		},
		{
			name: 'Check First',
			value: 'checkFirst',
			description:
				"Read the keys back where the platform's description has a read by key, and send again only the records the platform does not have; else report them as not confirmed",
		},
	],
	default: 'checkFirst',
	description:
		"What to do when the platform's answer to a request is lost (a dropped connection, a timeout, a gateway error), so it may or may not have stored the records. When not set: Re-Send where the platform's description says sending the route twice is harmless, else Check First.",
};

const checkOnlyOption: INodeProperties = {
	displayName: 'Check Only',
	name: 'checkOnly',
	type: 'boolean',
	default: false,
	description:
		"Whether to run every check of the platform's description and send nothing: on each record of a route that writes records, on each item's request of a route that neither writes records nor reads",
};

/** Options → Unknown Fields as the area nodes have it from version 2 (leave such columns out), for Map Automatically. */
const unknownFieldsOption: INodeProperties = (() => {
	const option = { ...unknownFieldsOptions.find((candidate) => candidate.default === 'ignore')! };
	delete option.displayOptions;
	return option;
})();

export function routeOptions(op: ResourceOperation): INodeProperties {
	return optionsCollection(
		[
			batchSizeOption,
			resendOption,
			checkOnlyOption,
			includeHeadersOption,
			includeInputFieldsOption,
			unknownFieldsOption,
		],
		showFor(op),
	);
}

/**
 * How this run writes to a bulk route: Batch Size, Requests in Parallel, Check Only and the retry
 * budgets as every bulk write reads them; Re-Send only where the person chose it, or where the
 * description itself says the route is harmless to send twice.
 */
export function writeOptions(session: ExecuteSession, route: string): BulkOptions {
	const info = session.platform.route(route);
	const stated = info.idempotent && info.idempotentStated === true;
	const resend = session.ctx.getNodeParameter(
		'options.resend',
		0,
		stated ? 'resend' : 'checkFirst',
	);
	return { ...bulkOptions(session, route), idempotent: resend === 'resend' };
}
