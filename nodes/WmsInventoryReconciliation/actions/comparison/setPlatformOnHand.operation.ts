/**
 * Set Platform On-Hand builds the comparison items. Usually the platform takes a snapshot of its
 * own stock (one request per input item); a user may instead give the platform quantities as
 * input items, one line each, which are sent together per comparison — a second request would
 * be a new snapshot replacing the first, so one comparison takes at most 1000 lines here.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { itemError } from '../../../shared/errors';
import { gatherRows, failedItem, type Operation } from '../../../shared/operations';
import { optionsCollection, retryPolicy, unknownFieldsOption } from '../../../shared/options';
import { recordProperties, showFor } from '../../../shared/properties';
import { routeInfo } from '../../../shared/platform';
import { platformOnHandSpec } from '../../../shared/specs/reconciliation';
import { comparisonIdProperty, lineRecord, platformCall, readComparisonId, show } from './common';

const OPERATION = 'setPlatformOnHand';
const ROUTE = '/comparison_platform_on_hand/set';
const where = show(OPERATION);

/** Shows record properties only when the quantities come from the input items. */
const fromItemsOnly = (property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: { show: { ...property.displayOptions?.show, platformQuantities: ['fromItems'] } },
});

export const setPlatformOnHand: Operation = {
	value: OPERATION,
	name: 'Set Platform On-Hand',
	action: 'Set the platform on-hand quantities of a comparison (needs comparison ID)',
	description: 'Take the platform\'s stock into the comparison and build its items (a new snapshot replaces the last)',
	contract: { route: ROUTE, record: platformOnHandSpec },
	properties: [
		comparisonIdProperty(OPERATION),
		{
			displayName: 'Platform Quantities',
			name: 'platformQuantities',
			type: 'options',
			noDataExpression: true,
			displayOptions: showFor(where),
			options: [
				{
					name: 'Snapshot of Platform Stock',
					value: 'snapshot',
					description: 'The platform takes its own on-hand stock of the comparison\'s warehouse (one request per input item)',
				},
				{
					name: 'From Input Items',
					value: 'fromItems',
					description: 'Each input item is one platform line (SKU, batch, quantity); the lines of a comparison are sent together',
				},
			],
			default: 'snapshot',
		},
		...recordProperties(platformOnHandSpec, where).map(fromItemsOnly),
		optionsCollection([unknownFieldsOption], showFor(where)),
	],
	async execute(items) {
		const mode = this.getNodeParameter('platformQuantities', 0, 'snapshot') as string;
		const max = routeInfo(ROUTE).maxItems ?? 1000;
		const comparisonOf = new Map<number, string>();
		const { rows, failed } = gatherRows(this, items, (itemIndex) => {
			comparisonOf.set(itemIndex, readComparisonId(this, itemIndex));
			return mode === 'fromItems' ? lineRecord(this, platformOnHandSpec, itemIndex) : {};
		});
		// One request per comparison: its lines (fromItems) or just the id (snapshot, once per item).
		const requests: Array<{ id: string; itemIndexes: number[]; lines?: IDataObject[] }> = [];
		if (mode === 'fromItems') {
			const byComparison = new Map<string, { id: string; itemIndexes: number[]; lines: IDataObject[] }>();
			for (const row of rows) {
				const id = comparisonOf.get(row.itemIndex)!;
				const request = byComparison.get(id) ?? { id, itemIndexes: [], lines: [] };
				request.itemIndexes.push(row.itemIndex);
				request.lines.push(row.record);
				byComparison.set(id, request);
			}
			for (const request of byComparison.values()) {
				if (request.lines.length > max) {
					throw itemError(this.getNode(), request.itemIndexes[max], 'comparison_id', `is the comparison of more than ${max} platform lines; one snapshot takes at most ${max}: use Snapshot of Platform Stock instead`);
				}
				requests.push(request);
			}
		} else {
			for (const row of rows) requests.push({ id: comparisonOf.get(row.itemIndex)!, itemIndexes: [row.itemIndex] });
		}

		const out: INodeExecutionData[] = [...failed.values()];
		for (const request of requests) {
			const itemIndex = request.itemIndexes[0];
			const body: IDataObject = { comparison_id: request.id };
			if (request.lines) body.items = request.lines;
			try {
				const answer = await platformCall(this, ROUTE, body, { itemIndex, retry: retryPolicy(this, itemIndex) });
				out.push({ json: answer, pairedItem: request.itemIndexes.map((item) => ({ item })) });
			} catch (error) {
				const failed = failedItem(this, error, itemIndex);
				for (const index of request.itemIndexes) out.push({ ...failed, pairedItem: { item: index } });
			}
		}
		return out.sort((a, b) => firstItem(a) - firstItem(b));
	},
};

function firstItem(item: INodeExecutionData): number {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'object' && paired !== null ? paired.item : 0;
}
