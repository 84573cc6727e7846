/**
 * Orders with lines, shared by the sales, purchase and production order nodes: where the lines
 * come from (the form's list, a list field of each input item, or one input item per line
 * grouped by order number), line numbering, and the Add operation.
 *
 * Grouped orders are built from several input items; each output item (result or error) is
 * paired to all of them, and a bad line fails its whole order, naming the item and the field,
 * before anything is sent: an order is never stored with some of its lines missing.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { bulkWrite, type BulkRow } from './bulk';
import { errorItem, itemError } from './errors';
import { camelName, fieldByKey, validateRecord, type FieldSpec, type Problem, type RecordCheck, type RecordSpec, type UnknownFieldPolicy } from './fields';
import { outcomesToItems, type Operation } from './operations';
import { batchSizeOption, optionsCollection, retryPolicy, unknownFieldsOption } from './options';
import { recordProperties, showFor, type Show } from './properties';
import { checkOptions, gatherRecord } from './record';
import { routeInfo } from './platform';

// ---------- rules every order has ----------

/** Dates in ISO form compare as text: `late` must not come before `early`. */
export const notBefore =
	(early: string, late: string): RecordCheck =>
	(record) =>
		record[early] !== undefined && record[late] !== undefined && String(record[late]) < String(record[early])
			? { field: late, problem: `must not be before ${early} ${String(record[early])} (got ${String(record[late])})` }
			: undefined;

// ---------- gathering one input item's part of an order ----------

/** One line and where it stands in its input item, so a problem can name the item's own field. */
interface SourcedLine {
	itemIndex: number;
	/** e.g. "lines[2]." (a list) or "" (the item is the line). */
	at: string;
	line: unknown;
}

interface Part {
	itemIndex: number;
	header: IDataObject;
	lines: SourcedLine[];
	/** Whether the item gave a lines list at all (an order without one fails as "required"). */
	hasLines: boolean;
	/** What the item calls its lines list, for messages. */
	linesName: string;
	policy: UnknownFieldPolicy;
	problems: Problem[];
}

export interface OrderAddConfig {
	show: Show;
	route: string;
	spec: RecordSpec;
	/** The platform's name of the lines list: 'lines' or 'components'. */
	linesKey: string;
	action: string;
}

function linesSpec(config: OrderAddConfig): FieldSpec {
	return config.spec.fields.find((field) => field.name === config.linesKey)!;
}

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '';
}

/** Removes the lines list from a record under either of its names and answers it. */
function takeLines(record: IDataObject, names: string[]): { found: boolean; value: unknown } {
	for (const name of names) {
		if (name in record) {
			const value = record[name];
			for (const other of names) delete record[other];
			return { found: true, value };
		}
	}
	return { found: false, value: undefined };
}

/**
 * An item that is one line: its line fields go to the line, the rest to the order. A name both
 * have (notes, expected_date) belongs to the order unless written with a "line_" prefix.
 */
function splitLineItem(json: IDataObject, lineFields: FieldSpec[], headerFields: FieldSpec[]): { header: IDataObject; line: IDataObject } {
	const header: IDataObject = {};
	const line: IDataObject = {};
	for (const [key, value] of Object.entries(json)) {
		const lineField = fieldByKey(lineFields, key);
		const prefixed = /^line_?(.+)$/i.exec(key);
		const unprefixed = prefixed ? fieldByKey(lineFields, prefixed[1].replace(/^./, (c) => c.toLowerCase())) : undefined;
		if (lineField && !fieldByKey(headerFields, key)) line[key] = value;
		else if (!lineField && unprefixed && fieldByKey(headerFields, unprefixed.name)) line[unprefixed.name] = value;
		else header[key] = value;
	}
	return { header, line };
}

function gatherPart(ctx: IExecuteFunctions, config: OrderAddConfig, itemIndex: number, grouped: boolean): Part {
	const mode = ctx.getNodeParameter('fieldsToSend', itemIndex, 'form') as string;
	const linesFrom = mode === 'inputItem' ? 'field' : mode === 'form' ? (ctx.getNodeParameter('linesFrom', itemIndex, 'form') as string) : 'record';
	const linesField = linesSpec(config);
	const headerFields = config.spec.fields.filter((field) => field !== linesField);
	// With lines from elsewhere the form's own list is hidden: gather the header alone.
	const spec = linesFrom === 'field' && mode === 'form' ? { ...config.spec, fields: headerFields } : config.spec;
	const { raw, policy } = gatherRecord(ctx, spec, itemIndex);
	const part: Part = { itemIndex, header: raw, lines: [], hasLines: false, linesName: config.linesKey, policy, problems: [] };

	let taken = takeLines(raw, [config.linesKey, camelName(config.linesKey)]);
	let name = config.linesKey;
	if (linesFrom === 'field') {
		name = (ctx.getNodeParameter('linesField', itemIndex, config.linesKey) as string).trim();
		part.linesName = name;
		const json = ctx.getInputData()[itemIndex].json;
		if (mode === 'inputItem') delete raw[name];
		taken = { found: json[name] !== undefined, value: json[name] };
		if (!taken.found && grouped) {
			const { header, line } = splitLineItem(json, linesField.fields ?? [], headerFields);
			if (mode === 'inputItem') part.header = header;
			part.lines = [{ itemIndex, at: '', line }];
			part.hasLines = true;
			return part;
		}
	}
	if (!taken.found || isEmpty(taken.value)) return part;
	if (!Array.isArray(taken.value)) {
		part.problems.push({ field: name, problem: `must be a list of ${linesField.label.toLowerCase()} (got ${typeof taken.value})` });
		return part;
	}
	part.hasLines = true;
	// Copies: numbering must not write into the previous node's items.
	part.lines = taken.value.map((line: unknown, index) => ({ itemIndex, at: `${name}[${index}].`, line: isObject(line) ? { ...line } : line }));
	if (linesFrom === 'form') {
		// The form's empty line number is 0: that means "number it for me".
		for (const { line } of part.lines) if ((line as IDataObject).lineNumber === 0) delete (line as IDataObject).lineNumber;
	}
	return part;
}

// ---------- one order from its parts ----------

function orderKeyOf(part: Part): string | undefined {
	const value = part.header.order_number ?? part.header.orderNumber;
	return isEmpty(value) ? undefined : String(value).trim();
}

/** Items with the same order number, in the order they first appear; items without one stand alone. */
function groupParts(parts: Part[]): Part[][] {
	const byKey = new Map<string, Part[]>();
	const orders: Part[][] = [];
	for (const part of parts) {
		const key = orderKeyOf(part);
		const existing = key === undefined ? undefined : byKey.get(key);
		if (existing) existing.push(part);
		else {
			const order = [part];
			orders.push(order);
			if (key !== undefined) byKey.set(key, order);
		}
	}
	return orders;
}

/** Lines without a number get the next ones after the highest given, in the order they come. */
function numberLines(lines: SourcedLine[]): void {
	const numberOf = (line: unknown) => {
		const entry = line as IDataObject;
		return entry?.line_number ?? entry?.lineNumber;
	};
	let next = Math.max(0, ...lines.map(({ line }) => Number(numberOf(line))).filter(Number.isInteger)) + 1;
	for (const { line } of lines) {
		if (isObject(line) && isEmpty(numberOf(line))) line.line_number = next++;
	}
}

interface ItemProblem extends Problem {
	itemIndex: number;
}

/** Puts a problem found in the merged order back on the item and field it came from. */
function locate(problem: Problem, order: Part[], lines: SourcedLine[], source: Map<string, number>, linesKey: string): ItemProblem {
	const match = new RegExp(`^${linesKey}\\[(\\d+)\\]\\.?(.*)$`).exec(problem.field);
	if (match) {
		const { itemIndex, at } = lines[Number(match[1])];
		const field = `${at}${match[2]}`.replace(/\.$/, '') || 'line';
		return { itemIndex, field, problem: problem.problem };
	}
	const top = problem.field.split(/[.[]/)[0];
	if (top === linesKey) return { ...problem, itemIndex: order[0].itemIndex, field: problem.field.replace(linesKey, order[0].linesName) };
	return { ...problem, itemIndex: source.get(top) ?? order[0].itemIndex };
}

/** The checked order record; throws the item error naming the item and field of its first problem. */
function buildOrder(ctx: IExecuteFunctions, config: OrderAddConfig, order: Part[]): IDataObject {
	const header: IDataObject = {};
	const source = new Map<string, number>();
	const problems: ItemProblem[] = order.flatMap((part) => part.problems.map((problem) => ({ ...problem, itemIndex: part.itemIndex })));
	// The first item to give a header field sets it; a known field given differently by another
	// item is a problem (unknown names are left to the Unknown Fields option).
	for (const part of order) {
		for (const [key, value] of Object.entries(part.header)) {
			if (isEmpty(value)) continue;
			const known = fieldByKey(config.spec.fields, key);
			const name = known?.name ?? key;
			if (!source.has(name)) {
				header[name] = value;
				source.set(name, part.itemIndex);
			} else if ((known || key.startsWith('x_')) && JSON.stringify(header[name]) !== JSON.stringify(value)) {
				const problem = `is ${JSON.stringify(value)}, but item ${source.get(name)} of the same order has ${JSON.stringify(header[name])}`;
				problems.push({ itemIndex: part.itemIndex, field: key, problem });
			}
		}
	}
	const lines = order.flatMap((part) => part.lines);
	if (problems.length === 0) {
		numberLines(lines);
		const raw = order.some((part) => part.hasLines) ? { ...header, [config.linesKey]: lines.map(({ line }) => line) } : header;
		const { record, problems: found } = validateRecord(config.spec, raw as IDataObject, checkOptions(ctx, order[0].policy));
		if (found.length === 0) return record;
		problems.push(...found.map((problem) => locate(problem, order, lines, source, config.linesKey)));
	}
	const [first, ...rest] = problems;
	const more = rest.length ? ` (and ${rest.length} more: ${rest.map((p) => `item ${p.itemIndex} ${p.field} ${p.problem}`).join('; ')})` : '';
	const key = String(header.order_number ?? '');
	const together = order.length > 1 ? `; order ${key} (items ${order.map((part) => part.itemIndex).join(', ')}) was not sent` : '';
	throw itemError(ctx.getNode(), first.itemIndex, first.field, `${first.problem}${more}${together}`);
}

// ---------- the Add operation ----------

function lineSourceProperties(config: OrderAddConfig, linesProperty: INodeProperties): INodeProperties[] {
	const { show } = config;
	const label = linesSpec(config).label;
	// Production orders call their lines "components".
	const defaultLinesField = config.linesKey;
	const linesField = (displayOptions: INodeProperties['displayOptions']): INodeProperties => ({
		displayName: `${label} Field`,
		name: 'linesField',
		type: 'string',
		default: defaultLinesField,
		required: true,
		description: `Name of the input item's field that holds the order's ${label.toLowerCase()} as a list. With Group Lines By Order Number on, an item without it is itself one line.`,
		displayOptions,
	});
	return [
		{
			displayName: `${label} From`,
			name: 'linesFrom',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Define Below', value: 'form', description: `List the ${label.toLowerCase()} in this form (expressions welcome)` },
				{ name: 'A List Field of Each Input Item', value: 'field', description: 'The usual ERP export: one item per order with its lines in a list' },
			],
			default: 'form',
			displayOptions: showFor(show, { fieldsToSend: ['form'] }),
		},
		{ ...linesProperty, displayOptions: showFor(show, { fieldsToSend: ['form'], linesFrom: ['form'] }) },
		linesField(showFor(show, { fieldsToSend: ['form'], linesFrom: ['field'] })),
		linesField(showFor(show, { fieldsToSend: ['inputItem'] })),
		{
			displayName: 'Group Lines By Order Number',
			name: 'groupLines',
			type: 'boolean',
			default: false,
			description:
				'Whether input items with the same order number make one order (one input item per line, as many ERP exports give them). Line fields such as sku and quantity go to the line, the others to the order; prefix "line_" to put a shared name on the line (line_notes).',
			displayOptions: showFor(show),
		},
	];
}

export function orderAddOperation(config: OrderAddConfig): Operation {
	const max = routeInfo(config.route).maxItems ?? 100;
	const linesName = camelName(config.linesKey);
	const properties = recordProperties(config.spec, config.show).flatMap((property) =>
		property.name === linesName ? lineSourceProperties(config, property) : [property],
	);
	return {
		value: config.show.operation,
		name: 'Add or Update',
		action: config.action,
		description: `Add ${config.spec.noun}s with their ${linesSpec(config).label.toLowerCase()}, or update those not yet started`,
		contract: { route: config.route, record: config.spec },
		properties: [...properties, optionsCollection([batchSizeOption(max), unknownFieldsOption], showFor(config.show))],
		async execute(items) {
			const grouped = this.getNodeParameter('groupLines', 0, false) as boolean;
			const failed = new Map<number, INodeExecutionData>();
			const fail = (itemIndexes: number[], error: unknown) => {
				const nodeError = error instanceof NodeOperationError ? error : new NodeOperationError(this.getNode(), error as Error, { itemIndex: itemIndexes[0] });
				if (!this.continueOnFail()) throw nodeError;
				failed.set(itemIndexes[0], { ...errorItem(itemIndexes[0], nodeError), pairedItem: pairs(itemIndexes) });
			};
			const parts: Part[] = [];
			for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
				try {
					parts.push(gatherPart(this, config, itemIndex, grouped));
				} catch (error) {
					fail([itemIndex], error);
				}
			}
			const members = new Map<number, number[]>();
			const rows: BulkRow[] = [];
			for (const order of grouped ? groupParts(parts) : parts.map((part) => [part])) {
				const itemIndexes = order.map((part) => part.itemIndex);
				members.set(itemIndexes[0], itemIndexes);
				try {
					rows.push({ itemIndex: itemIndexes[0], record: buildOrder(this, config, order) });
				} catch (error) {
					fail(itemIndexes, error);
				}
			}
			const outcomes = await bulkWrite.call(this, config.route, rows, {
				batchSize: this.getNodeParameter('options.batchSize', 0, max) as number,
				retry: retryPolicy(this),
			});
			for (const outcome of outcomes) {
				const itemIndexes = members.get(outcome.itemIndex) ?? [];
				if (!outcome.ok && itemIndexes.length > 1) renameItems(outcome.error, itemIndexes);
			}
			return outcomesToItems(this, outcomes, failed).map((item) => {
				const itemIndexes = members.get((item.pairedItem as { item: number }).item);
				return itemIndexes && itemIndexes.length > 1 ? { ...item, pairedItem: pairs(itemIndexes) } : item;
			});
		},
	};
}

function pairs(itemIndexes: number[]) {
	return itemIndexes.length === 1 ? { item: itemIndexes[0] } : itemIndexes.map((item) => ({ item }));
}

/** A platform error about a grouped order names all the items the order came from. */
function renameItems(error: NodeApiError, itemIndexes: number[]): void {
	error.message = error.message.replace(/^Item \d+:/, `Items ${itemIndexes.join(', ')}:`);
}
