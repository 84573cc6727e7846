/**
 * Set Platform On-Hand builds the comparison items. Usually the platform takes a snapshot of its
 * own stock (one request per input item); a user may instead give the platform quantities as
 * input items, one line each, which are sent together per comparison — a second request would
 * be a new snapshot replacing the first, so one comparison takes at most 1000 lines here.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { itemError } from '../../../shared/checking';
import { optionsCollection, retryPolicy, unknownFieldsOptions } from '../../../shared/form/options';
import { recordProperties, showFor } from '../../../shared/form/properties';
import type { Operation } from '../../../shared/operations';
import { Output } from '../../../shared/output';
import { recordSpec } from '../../../shared/platform';
import { platformRequest } from '../../../shared/transport/request';
import { effectiveSpec } from '../../../shared/drift';
import { mapperProperty, RECORD_FIELDS } from '../../../shared/form/mapper';
import { onlyVersions } from '../../../shared/version';
import {
	comparisonIdProperty,
	linesOf,
	comparisonOperation,
	needComparisonId,
	comparisonIdReader,
	type ComparisonId,
} from './common';
import { lineFormName, linesRefused } from './refusedField';

const OPERATION = 'setPlatformOnHand';
const ROUTE = '/comparison_platform_on_hand/set';
const op = comparisonOperation(OPERATION);
const lineSpec = recordSpec(ROUTE);

/** Shows record properties only when the quantities come from the input items. */
const fromItemsOnly = (property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: { show: { ...property.displayOptions?.show, platformQuantities: ['fromItems'] } },
});

export const setPlatformOnHand: Operation = {
	value: OPERATION,
	name: 'Set Platform On-Hand',
	action: 'Set platform on-hand quantities',
	description:
		"Take the platform's stock into the comparison and build its items (a new snapshot replaces the last). Needs the comparison ID.",
	contract: { route: ROUTE, record: lineSpec },
	properties: [
		comparisonIdProperty(OPERATION),
		{
			displayName: 'Platform Quantities',
			name: 'platformQuantities',
			type: 'options',
			noDataExpression: true,
			displayOptions: showFor(op),
			options: [
				{
					name: 'Snapshot of Platform Stock',
					value: 'snapshot',
					description:
						"The platform takes its own on-hand stock of the comparison's warehouse (one request per input item)",
				},
				{
					name: 'From Input Items',
					value: 'fromItems',
					description:
						'Each input item is one platform line (SKU, batch, quantity); the lines of a comparison are sent together',
				},
			],
			default: 'snapshot',
		},
		...onlyVersions(recordProperties(lineSpec, op), 3, false).map(fromItemsOnly),
		...onlyVersions([mapperProperty(op, lineSpec.noun, RECORD_FIELDS)], 3, true).map(fromItemsOnly),
		optionsCollection([...unknownFieldsOptions], showFor(op)),
	],
	async execute(session, items) {
		const { ctx } = session;
		const output = new Output(session);
		const mode = ctx.getNodeParameter('platformQuantities', 0, 'snapshot') as string;
		needComparisonId(session, ROUTE);
		const effective = mode === 'fromItems' ? effectiveSpec(session, ROUTE) : lineSpec;
		const lineOf = mode === 'fromItems' ? linesOf(session, ROUTE, lineSpec, effective) : undefined;
		const max = session.platform.route(ROUTE).maxItems ?? 1000;
		const container = session.platform.wire(ROUTE).records ?? 'items';
		// Only lines from the input items have fields of their own to name.
		const formName = mode === 'fromItems' ? lineFormName(session, ROUTE) : undefined;
		const comparisonOf = comparisonIdReader(session, ROUTE);
		const lines = output.readEach(items.length, (itemIndex) => ({
			itemIndex,
			comparison: comparisonOf(itemIndex),
			line: lineOf?.(itemIndex),
		}));
		// One request per comparison: its lines (fromItems), or the id alone once per item (a snapshot).
		const requests: Array<{ itemIndexes: number[]; body: IDataObject }> = [];
		if (mode === 'fromItems') {
			const byComparison = new Map<
				ComparisonId,
				{ itemIndexes: number[]; body: IDataObject; lines: IDataObject[] }
			>();
			for (const { itemIndex, comparison, line } of lines) {
				let request = byComparison.get(comparison);
				if (!request) {
					const taken: IDataObject[] = [];
					request = {
						itemIndexes: [],
						body: { comparison_id: comparison, [container]: taken },
						lines: taken,
					};
					byComparison.set(comparison, request);
				}
				request.itemIndexes.push(itemIndex);
				request.lines.push(line!);
			}
			for (const request of byComparison.values()) {
				// A second request would be a new snapshot replacing the first.
				if (request.itemIndexes.length > max) {
					throw itemError(
						ctx.getNode(),
						request.itemIndexes[max],
						'comparison_id',
						`is the comparison of more than ${max} platform lines; one snapshot takes at most ${max}: use Snapshot of Platform Stock instead`,
					);
				}
				requests.push(request);
			}
		} else {
			for (const { itemIndex, comparison } of lines)
				requests.push({ itemIndexes: [itemIndex], body: { comparison_id: comparison } });
		}
		for (const { itemIndexes, body } of requests) {
			try {
				const answer = await platformRequest(session, ROUTE, body, {
					itemIndex: itemIndexes[0],
					retry: retryPolicy(ctx, itemIndexes[0]),
				});
				output.add(itemIndexes, answer.body);
			} catch (error) {
				// The snapshot's lines fail together, each on its own item: the line the platform names with its field, the others told so.
				const failures = linesRefused(error, itemIndexes, body, container, formName);
				itemIndexes.forEach((itemIndex, k) => output.fail(itemIndex, failures[k]));
			}
		}
		return output.items();
	},
};
