/**
 * The two shapes of the single comparison operations: an action on one comparison per input
 * item (process, complete, check status...), and a bulk write of lines into comparisons
 * (ERP on-hand, adjustment items) where each input item is one line and names its comparison.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { bulkWrite, type BulkOutcome, type BulkRow } from '../../../shared/bulk';
import { itemError } from '../../../shared/errors';
import { coerceFields, type Problem, type RecordSpec } from '../../../shared/fields';
import { gatherRows, outcomesToItems, failedItem, type Operation } from '../../../shared/operations';
import { batchSizeOption, optionsCollection, retryPolicy, unknownFieldsOption } from '../../../shared/options';
import { fieldProperty, recordProperties, showFor, type Show } from '../../../shared/properties';
import { checkOptions, checkRecord, gatherRecord, recordSettings, type RecordSettings } from '../../../shared/record';
import { routeInfo } from '../../../shared/platform';
import { comparisonId } from '../../../shared/specs/reconciliation';
import { wmsRequest, type RequestOptions } from '../../../shared/transport';

export const RESOURCE = 'comparison';

/** One request through the transport, answered as a JSON object. */
export async function platformCall(ctx: IExecuteFunctions, route: string, body: IDataObject, options: RequestOptions): Promise<IDataObject> {
	return (await wmsRequest.call(ctx, route, body, options)) as IDataObject;
}

export const show = (operation: string): Show => ({ resource: RESOURCE, operation });

/** The comparison to act on: typed in, or (by default) the input item's comparison_id. */
export function comparisonIdProperty(operation: string): INodeProperties {
	return {
		...fieldProperty(comparisonId),
		default: '={{ $json.comparison_id }}',
		description: 'The comparison to work on. By default the comparison_id of the input item (as Create Comparison or Reconcile output it).',
		displayOptions: showFor(show(operation)),
	};
}

/** The checked comparison id of one item, or the item error that names the field. */
export function readComparisonId(ctx: IExecuteFunctions, itemIndex: number): string {
	const problems: Problem[] = [];
	const raw = ctx.getNodeParameter('comparisonId', itemIndex, '') as unknown;
	const value = typeof raw === 'string' ? raw.trim() : raw;
	const checked = coerceFields([comparisonId], { comparison_id: value as string }, '', problems, checkOptions(ctx, 'error'));
	if (problems.length) throw itemError(ctx.getNode(), itemIndex, 'comparison_id', problems[0].problem);
	return checked.comparison_id as string;
}

export interface ActionConfig {
	operation: string;
	route: string;
	name: string;
	action: string;
	description: string;
	/** Fields beyond the comparison id. */
	properties?: INodeProperties[];
	/** Request fields beyond comparison_id, read and checked for one item (throw itemError when bad). */
	body?(ctx: IExecuteFunctions, itemIndex: number): IDataObject;
}

/**
 * One request per input item on the comparison it names. Every item is checked before the
 * first request; the answer (or the error, under continue-on-fail) pairs to its item.
 */
export function comparisonAction(config: ActionConfig): Operation {
	const where = show(config.operation);
	return {
		value: config.operation,
		name: config.name,
		action: config.action,
		description: config.description,
		contract: { route: config.route },
		properties: [comparisonIdProperty(config.operation), ...(config.properties ?? []), optionsCollection([], showFor(where))],
		async execute(items) {
			const { rows, failed } = gatherRows(this, items, (itemIndex) => ({
				comparison_id: readComparisonId(this, itemIndex),
				...config.body?.(this, itemIndex),
			}));
			const out = new Map(failed);
			for (const { itemIndex, record } of rows) {
				try {
					const answer = await platformCall(this, config.route, record, { itemIndex, retry: retryPolicy(this, itemIndex) });
					out.set(itemIndex, { json: answer, pairedItem: { item: itemIndex } });
				} catch (error) {
					out.set(itemIndex, failedItem(this, error, itemIndex));
				}
			}
			return [...out.keys()].sort((a, b) => a - b).map((index) => out.get(index)!);
		},
	};
}

/**
 * One line of a comparison as the user gave it, checked. An input item's comparison_id says
 * which comparison the line belongs to (it goes beside the items, not in them), so it is not
 * an unknown field of the line.
 */
export function lineRecord(ctx: IExecuteFunctions, spec: RecordSpec, itemIndex: number, settings?: RecordSettings): IDataObject {
	const { raw, mode, policy } = gatherRecord(ctx, spec, itemIndex, settings);
	if (mode !== 'form') {
		delete raw.comparison_id;
		delete raw.comparisonId;
	}
	return checkRecord(ctx, spec, itemIndex, raw, policy);
}

export interface LinesConfig {
	operation: string;
	route: string;
	spec: RecordSpec;
	name: string;
	action: string;
	description: string;
}

/**
 * Each input item is one line of a comparison (form, item as is, or JSON); lines are grouped
 * by their comparison and sent in chunks with comparison_id beside the items. Each line's
 * result or error pairs to its input item.
 */
export function comparisonLines(config: LinesConfig): Operation {
	const where = show(config.operation);
	const max = routeInfo(config.route).maxItems ?? 1000;
	return {
		value: config.operation,
		name: config.name,
		action: config.action,
		description: config.description,
		contract: { route: config.route, record: config.spec },
		properties: [
			comparisonIdProperty(config.operation),
			...recordProperties(config.spec, where),
			optionsCollection([batchSizeOption(max), unknownFieldsOption], showFor(where)),
		],
		async execute(items) {
			const comparisonOf = new Map<number, string>();
			const settings = recordSettings(this);
			const { rows, failed } = gatherRows(this, items, (itemIndex) => {
				const id = readComparisonId(this, itemIndex);
				comparisonOf.set(itemIndex, id);
				return lineRecord(this, config.spec, itemIndex, settings);
			});
			const byComparison = new Map<string, BulkRow[]>();
			for (const row of rows) {
				const id = comparisonOf.get(row.itemIndex)!;
				const group = byComparison.get(id);
				if (group) group.push(row);
				else byComparison.set(id, [row]);
			}
			const outcomes: BulkOutcome[] = [];
			for (const [id, group] of byComparison) {
				const sent = await bulkWrite.call(this, config.route, group, {
					batchSize: this.getNodeParameter('options.batchSize', 0, max) as number,
					retry: retryPolicy(this),
					envelope: { comparison_id: id },
				});
				outcomes.push(...sent.map((outcome) => (outcome.ok ? { ...outcome, result: { comparison_id: id, ...outcome.result } } : outcome)));
			}
			return outcomesToItems(this, outcomes, failed as Map<number, INodeExecutionData>);
		},
	};
}
