/**
 * Bin: Add Range — warehouse teams set up racking a range at a time: aisles A-C × positions
 * 1-10 × levels 1-5 become 150 bins, each checked like a bin from Bin: Add, sent in chunks by
 * the shared bulk writer, one output item per bin paired to the input item of its range.
 * "Preview Only" shows the bins without sending anything.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { bulkWrite } from '../../../shared/bulk/write';
import { checkOrRefuse, itemError } from '../../../shared/checking';
import {
	bulkWriteOptions,
	bulkOptions,
	optionsCollection,
	unknownFieldsOptions,
} from '../../../shared/form/options';
import { recordProperties, showFor } from '../../../shared/form/properties';
import { checkedRecord, recordSource, type RecordSource } from '../../../shared/form/records';
import type { Operation } from '../../../shared/operations';
import { Output, type ItemRecord } from '../../../shared/output';
import { effectiveSpec, requireAll } from '../../../shared/drift';
import { recordSpec, type FieldSpec, type RecordSpec } from '../../../shared/platform';
import { binsOfRange } from './range';

const op = { resource: 'bin', operation: 'addRange' };
const route = '/bin/add';
const binSpec = recordSpec(route);
const DEFAULT_MAX_BINS = 10_000;

/** What the range makes for each bin; the rest of a bin's fields are asked once for the whole range. */
const MADE_BY_THE_RANGE = ['bin_code', 'aisle', 'level', 'position'];
const PARENTS = ['warehouse_code', 'zone_code', 'bin_type'];
const binField = (name: string) => binSpec.fields.find((field) => field.name === name)!;

const rangeFields: FieldSpec[] = [
	{
		name: 'aisles',
		label: 'Aisles',
		type: 'string',
		required: true,
		placeholder: 'e.g. A-C, F',
		description: 'Letters, numbers or ranges, comma-separated, e.g. "A-C" or "A, B, F"',
	},
	{
		name: 'positions',
		label: 'Positions (Bays)',
		type: 'string',
		required: true,
		placeholder: 'e.g. 1-10',
		description: 'Bays along each aisle, e.g. "1-10"; "01-10" keeps the leading zero',
	},
	{
		name: 'levels',
		label: 'Levels',
		type: 'string',
		required: true,
		placeholder: 'e.g. 1-5',
		description: 'Shelf or beam levels, e.g. "1-5"; give one value (e.g. "0") for floor bins',
	},
	{
		name: 'bin_code_pattern',
		label: 'Bin Code Pattern',
		type: 'string',
		required: true,
		default: '{aisle}-{position:2}-{level:2}',
		description:
			'How each bin\'s code is made: {aisle}, {position} (or {bay}) and {level}; ":2" pads numbers to 2 digits, so A-C × 1-10 × 1-5 gives A-01-01 … C-10-05',
	},
];

/** What one input item gives: the parents, the bin type and details every bin of the range shares, and the range itself. */
const rangeSpec: RecordSpec = {
	noun: 'bin range',
	fields: [
		...PARENTS.map(binField),
		...rangeFields,
		...binSpec.fields.filter(
			(field) => !MADE_BY_THE_RANGE.includes(field.name) && !PARENTS.includes(field.name),
		),
	],
};

/** Every bin of one input item's range, each a checked bin record. */
function binsOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	source: RecordSource,
	bins: RecordSpec,
): IDataObject[] {
	const range = checkedRecord(ctx, rangeSpec, itemIndex, source);
	const maxBins = ctx.getNodeParameter('options.maxBins', itemIndex, DEFAULT_MAX_BINS) as number;
	const { aisles, positions, levels, bin_code_pattern: pattern, ...shared } = range;
	const expanded = binsOfRange(
		{
			aisles: String(aisles),
			positions: String(positions),
			levels: String(levels),
			pattern: String(pattern),
		},
		maxBins,
	);
	if ('problem' in expanded)
		throw itemError(ctx.getNode(), itemIndex, expanded.field, expanded.problem);
	// The range itself went through the Unknown Fields policy: what is left of it is meant for every bin.
	return expanded.bins.map((place) =>
		checkOrRefuse(ctx, itemIndex, bins, { ...shared, ...place }, { unknownFields: 'send' }),
	);
}

export const addRange: Operation = {
	value: op.operation,
	name: 'Add Range',
	action: 'Add a range of bins',
	description:
		'Create many bins at once from aisles × positions × levels and a code pattern (e.g. A-C × 1-10 × 1-5 → 150 bins). Needs warehouse, zone, bin type, aisles, positions, levels and bin code pattern.',
	contract: { route },
	properties: [
		...recordProperties(rangeSpec, op),
		optionsCollection(
			[
				{
					displayName: 'Preview Only',
					name: 'previewOnly',
					type: 'boolean',
					default: false,
					description:
						'Whether to output the bins the range makes without sending them, to check codes before creating hundreds of bins',
				},
				{
					displayName: 'Max Bins',
					name: 'maxBins',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 100_000 },
					default: DEFAULT_MAX_BINS,
					description:
						"Most bins one input item's range may make; a guard against a typo like 1-1000",
				},
				...bulkWriteOptions(route),
				...unknownFieldsOptions,
			],
			showFor(op),
		),
	],
	async execute(session, items) {
		const { ctx } = session;
		requireAll(
			session,
			'Add Range',
			{ [route]: [...PARENTS, ...MADE_BY_THE_RANGE].map((name) => `items.${name}`) },
			"Create the bins with Add (one input item per bin), named as the platform's description names their fields",
		);
		const bins = effectiveSpec(session, route);
		const output = new Output(session);
		const source = recordSource(session);
		const ranges = output.readEach(items.length, (itemIndex) => ({
			itemIndex,
			bins: binsOf(ctx, itemIndex, source, bins),
		}));
		const rows: ItemRecord[] = ranges.flatMap(({ itemIndex, bins }) =>
			bins.map((record) => ({ itemIndexes: [itemIndex], record })),
		);
		if (ctx.getNodeParameter('options.previewOnly', 0, false) as boolean) {
			// Each bin as it would be sent, in place of the platform's answer.
			for (const row of rows) output.add(row.itemIndexes, row.record);
		} else {
			output.addOutcomes(
				rows,
				await bulkWrite(
					session,
					route,
					rows.map((row) => row.record),
					bulkOptions(session, route),
				),
			);
		}
		return output.items();
	},
};
