/**
 * Bin: Add Range — warehouse teams set up racking a range at a time: aisles A-C × positions
 * 1-10 × levels 1-5 become 150 bins, each checked like a bin from Bin: Add, sent in chunks by
 * the shared bulk writer, one output item per bin paired to the input item of its range.
 * "Preview Only" shows the bins without sending anything.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { bulkWrite } from '../../../shared/bulk';
import { itemError } from '../../../shared/errors';
import { gatherRows, outcomesToItems, type Operation } from '../../../shared/operations';
import { batchSizeOption, optionsCollection, retryPolicy, unknownFieldsOption } from '../../../shared/options';
import { recordProperties, showFor } from '../../../shared/properties';
import { buildRecord, checkRecord } from '../../../shared/record';
import { routeInfo } from '../../../shared/platform';
import { binRangeSpec, binSpec } from '../../../shared/specs/warehouse';
import { binsOfRange } from './range';

const show = { resource: 'bin', operation: 'addRange' };
const route = '/bin/add';
const max = routeInfo(route).maxItems ?? 1000;
const DEFAULT_MAX_BINS = 10_000;

/** Every bin of one input item's range, each a checked bin record. */
function binsOf(ctx: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const range = buildRecord(ctx, binRangeSpec, itemIndex);
	const maxBins = ctx.getNodeParameter('options.maxBins', itemIndex, DEFAULT_MAX_BINS) as number;
	const { aisles, positions, levels, bin_code_pattern: pattern, ...shared } = range;
	const expanded = binsOfRange({ aisles: String(aisles), positions: String(positions), levels: String(levels), pattern: String(pattern) }, maxBins);
	if ('problem' in expanded) throw itemError(ctx.getNode(), itemIndex, expanded.field, expanded.problem);
	// The range itself went through the Unknown Fields policy: what is left of it is meant for every bin.
	return expanded.bins.map((place) => checkRecord(ctx, binSpec, itemIndex, { ...shared, ...place }, 'send'));
}

export const addRange: Operation = {
	value: show.operation,
	name: 'Add Range',
	action: 'Add a range of bins, aisles × positions × levels (needs warehouse, zone, bin type, aisles, positions, levels and bin code pattern)',
	description: 'Create many bins at once from aisles × positions × levels and a code pattern (e.g. A-C × 1-10 × 1-5 → 150 bins)',
	contract: { route },
	properties: [
		...recordProperties(binRangeSpec, show),
		optionsCollection(
			[
				{
					displayName: 'Preview Only',
					name: 'previewOnly',
					type: 'boolean',
					default: false,
					description: 'Whether to output the bins the range makes without sending them, to check codes before creating hundreds of bins',
				},
				{
					displayName: 'Max Bins',
					name: 'maxBins',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 100_000 },
					default: DEFAULT_MAX_BINS,
					description: 'Most bins one input item\'s range may make; a guard against a typo like 1-1000',
				},
				batchSizeOption(max),
				unknownFieldsOption,
			],
			showFor(show),
		),
	],
	async execute(items) {
		const { rows: ranges, failed } = gatherRows(this, items, (itemIndex) => ({ bins: binsOf(this, itemIndex) }));
		const rows = ranges.flatMap(({ itemIndex, record }) => (record.bins as IDataObject[]).map((bin) => ({ itemIndex, record: bin })));
		if (this.getNodeParameter('options.previewOnly', 0, false) as boolean) {
			// Each bin as it would be sent, in place of the platform's answer.
			return outcomesToItems(this, rows.map(({ itemIndex, record }) => ({ itemIndex, ok: true, result: record })), failed);
		}
		const outcomes = await bulkWrite.call(this, route, rows, {
			batchSize: this.getNodeParameter('options.batchSize', 0, max) as number,
			retry: retryPolicy(this),
		});
		return outcomesToItems(this, outcomes, failed);
	},
};
