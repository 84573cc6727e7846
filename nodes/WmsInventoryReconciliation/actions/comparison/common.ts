/**
 * The two shapes of the single comparison operations: an action on one comparison per input
 * item (process, complete, check status...), and a bulk write of lines into comparisons
 * (ERP on-hand, adjustment items) where each input item is one line and names its comparison.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { bulkWrite, type RowOutcome } from '../../../shared/bulk/write';
import { checkOrRefuse } from '../../../shared/checking';
import {
	bulkWriteOptions,
	bulkOptions,
	optionsCollection,
	retryPolicy,
	unknownFieldsOptions,
	unknownFieldsPolicy,
} from '../../../shared/form/options';
import {
	fieldProperty,
	recordProperties,
	showFor,
	type ResourceOperation,
} from '../../../shared/form/properties';
import { readRecord, recordSource, type RecordSource } from '../../../shared/form/records';
import type { Operation } from '../../../shared/operations';
import { Output, type ItemRecord } from '../../../shared/output';
import {
	recordSpec,
	type RecordCheck,
	type RecordSpec,
	type RoutePath,
} from '../../../shared/platform';
import { checkFormAgainst, effectiveSpec } from '../../../shared/drift';
import { mapperProperty, RECORD_FIELDS } from '../../../shared/form/mapper';
import { checkMapped, mappedRecord, mapsAutomatically } from '../../../shared/form/mapperRead';
import type { ExecuteSession } from '../../../shared/session';
import { fromVersion, onlyVersions } from '../../../shared/version';
import { platformRequest } from '../../../shared/transport/request';
import { inTheirWords, isLineRoute, specInOurWords, theirNames } from './lineWords';
import { besideLines, lineFormName, withFieldNamed } from './refusedField';
import {
	comparisonId,
	comparisonIdReader,
	needComparisonId,
	type ComparisonId,
} from './comparisonId';

export const RESOURCE = 'comparison';

export const comparisonOperation = (operation: string): ResourceOperation => ({
	resource: RESOURCE,
	operation,
});

export { comparisonIdReader, needComparisonId, type ComparisonId } from './comparisonId';

/** The comparison to act on: typed in, or (by default) the input item's comparison_id. */
export function comparisonIdProperty(operation: string): INodeProperties {
	return {
		...fieldProperty(comparisonId),
		default: '={{ $json.comparison_id }}',
		description:
			'The comparison to work on. By default the comparison_id of the input item (as Create Comparison or Reconcile output it).',
		displayOptions: showFor(comparisonOperation(operation)),
	};
}

export interface ActionConfig {
	operation: string;
	route: RoutePath;
	name: string;
	action: string;
	description: string;
	/** Fields beyond the comparison id. */
	properties?: INodeProperties[];
	/** Request fields beyond comparison_id, read and checked for one item (throw itemError when bad). */
	body?(ctx: IExecuteFunctions, itemIndex: number, session: ExecuteSession): IDataObject;
	/** The form's name of a request field `body` sent under another (the platform's) name. */
	formName?(sentAs: string): string;
}

/**
 * One request per input item on the comparison it names. Every item is checked before the
 * first request; the answer (or the error, under continue-on-fail) pairs to its item.
 */
export function comparisonAction(config: ActionConfig): Operation {
	const op = comparisonOperation(config.operation);
	return {
		value: config.operation,
		name: config.name,
		action: config.action,
		description: config.description,
		contract: { route: config.route },
		properties: [
			comparisonIdProperty(config.operation),
			...(config.properties ?? []),
			optionsCollection([], showFor(op)),
		],
		async execute(session, items) {
			const { ctx } = session;
			needComparisonId(session, config.route);
			const output = new Output(session);
			const comparisonOf = comparisonIdReader(session, config.route);
			const requests = output.readEach(items.length, (itemIndex) => ({
				itemIndex,
				body: {
					comparison_id: comparisonOf(itemIndex),
					...config.body?.(ctx, itemIndex, session),
				},
			}));
			for (const { itemIndex, body } of requests) {
				try {
					output.add(
						itemIndex,
						(
							await platformRequest(session, config.route, body, {
								itemIndex,
								retry: retryPolicy(ctx, itemIndex),
							})
						).body,
					);
				} catch (error) {
					output.fail(itemIndex, withFieldNamed(error, body, config.formName));
				}
			}
			return output.items();
		},
	};
}

/** A line as given without its comparison_id, which goes beside the lines, not in them. */
function withoutComparisonId(given: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(given).filter(([key]) => key !== 'comparison_id' && key !== 'comparisonId'),
	);
}

/**
 * One line of a comparison as the user gave it, checked. An input item's comparison_id says
 * which comparison the line belongs to (it goes beside the items, not in them), so it is not
 * an unknown field of the line.
 */
export function checkedLine(
	ctx: IExecuteFunctions,
	spec: RecordSpec,
	itemIndex: number,
	source: RecordSource,
	against: RecordSpec = spec,
): IDataObject {
	const given = readRecord(ctx, spec, itemIndex, source);
	const line = source.mode === 'form' ? given : withoutComparisonId(given);
	return checkOrRefuse(ctx, itemIndex, against, line, {
		unknownFields: source.unknownFields,
		leftOut: source.leftOut,
	});
}

/**
 * How one run reads its lines: the form made from the built-in description (versions 1 and 2),
 * or the mapper's fields (version 3), checked against the effective description.
 */
export function linesOf(
	session: ExecuteSession,
	route: string,
	spec: RecordSpec,
	effective: RecordSpec,
): (itemIndex: number) => IDataObject {
	const { ctx } = session;
	if (fromVersion(ctx, 3)) {
		checkMapped(session, route, effective);
		const auto = mapsAutomatically(session);
		const unknownFields = auto ? unknownFieldsPolicy(ctx) : 'send';
		return (itemIndex) =>
			checkOrRefuse(
				ctx,
				itemIndex,
				effective,
				withoutComparisonId(mappedRecord(session, itemIndex)),
				{
					unknownFields,
					leftOut: session.leftOut,
					anyCase: auto,
				},
			);
	}
	const source = recordSource(session);
	if (source.mode === 'form' && isLineRoute(route)) {
		// The form's fields are the built-in names: sent under the platform's names for their roles.
		const names = theirNames(session, route);
		const ours = specInOurWords(effective, names);
		checkFormAgainst(session, route, spec, ours);
		return (itemIndex) => inTheirWords(names, checkedLine(ctx, spec, itemIndex, source, ours));
	}
	if (source.mode === 'form') checkFormAgainst(session, route, spec, effective);
	return (itemIndex) => checkedLine(ctx, spec, itemIndex, source, effective);
}

export interface LinesConfig {
	operation: string;
	route: RoutePath;
	checks?: RecordCheck[];
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
	const op = comparisonOperation(config.operation);
	const spec = recordSpec(config.route, config.checks);
	return {
		value: config.operation,
		name: config.name,
		action: config.action,
		description: config.description,
		contract: { route: config.route, record: spec },
		properties: [
			comparisonIdProperty(config.operation),
			...onlyVersions(recordProperties(spec, op), 3, false),
			...onlyVersions([mapperProperty(op, spec.noun, RECORD_FIELDS)], 3, true),
			optionsCollection([...bulkWriteOptions(config.route), ...unknownFieldsOptions], showFor(op)),
		],
		async execute(session, items) {
			const effective = effectiveSpec(session, config.route, config.checks);
			needComparisonId(session, config.route);
			const output = new Output(session);
			const lineOf = linesOf(session, config.route, spec, effective);
			const formName = isLineRoute(config.route) ? lineFormName(session, config.route) : undefined;
			const comparisonOf = comparisonIdReader(session, config.route);
			const lines = output.readEach(items.length, (itemIndex) => ({
				comparison: comparisonOf(itemIndex),
				row: { itemIndexes: [itemIndex], record: lineOf(itemIndex) },
			}));
			const byComparison = new Map<ComparisonId, ItemRecord[]>();
			for (const { comparison, row } of lines) {
				const group = byComparison.get(comparison);
				if (group) group.push(row);
				else byComparison.set(comparison, [row]);
			}
			const rows: ItemRecord[] = [];
			const outcomes: RowOutcome[] = [];
			for (const [id, group] of byComparison) {
				const sent = await bulkWrite(
					session,
					config.route,
					group.map((row) => row.record),
					{ ...bulkOptions(session, config.route), envelope: { comparison_id: id } },
				);
				rows.push(...group);
				// Each result says which comparison it went to; a refusal names its field in the form's words.
				outcomes.push(
					...sent.map(
						(outcome): RowOutcome =>
							outcome.kind === 'stored'
								? { ...outcome, result: { comparison_id: id, ...outcome.result } }
								: besideLines(outcome, { comparison_id: id }, formName),
					),
				);
			}
			output.addOutcomes(rows, outcomes);
			return output.items();
		},
	};
}
