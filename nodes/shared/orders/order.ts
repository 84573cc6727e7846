/**
 * What an order is, for the sales, purchase and production order nodes: a header and its lines,
 * where the lines come from (the form's list, a list field of each input item, or one input item
 * per line grouped by order number), how lines are numbered, and the rules every order has.
 *
 * Grouped orders are built from several input items; a bad line fails its whole order, naming the
 * item and the field, before anything is sent: an order is never stored with some lines missing.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { camelName, fieldByKey, isEmpty, type Problem } from '../checking';
import { readRecord, type RecordSource } from '../form/records';
import { isObject } from '../objects';
import type { FieldSpec, RecordCheck, RecordSpec } from '../platform/types';

/** Dates in ISO form compare as text: `later` must not come before `earlier`. */
export const notBefore =
	(earlier: string, later: string): RecordCheck =>
	(record) =>
		record[earlier] !== undefined &&
		record[later] !== undefined &&
		String(record[later]) < String(record[earlier])
			? {
					field: later,
					problem: `must not be before ${earlier} ${String(record[earlier])} (got ${String(record[later])})`,
				}
			: undefined;

/** An order record and where its lines are: 'lines' (sales, purchase) or 'components' (production). */
export interface OrderShape {
	spec: RecordSpec;
	linesKey: string;
	/** What the node calls its lines ('lines', 'components') where the platform names them otherwise. */
	called?: string;
	/** The field that identifies an order (its natural key): order_number unless the description says otherwise. */
	key?: string;
}

/** How an order is checked: what happens to fields the platform does not know, and whether keys match in any letter case. */
export type OrderChecks = Pick<RecordSource, 'unknownFields' | 'leftOut'> & { anyCase?: boolean };

/** The field that identifies an order, by which lines of one order are grouped. */
export const orderKey = (shape: OrderShape): string => shape.key ?? 'order_number';

/** One line and where it stands in its input item, so a problem can name the item's own field. */
export interface SourcedLine {
	itemIndex: number;
	/** e.g. "lines[2]." (a list) or "" (the item is the line). */
	at: string;
	line: unknown;
}

/** What one input item gives to an order: header fields, lines, and problems found reading them. */
export interface OrderInput {
	itemIndex: number;
	header: IDataObject;
	lines: SourcedLine[];
	/** Whether the item gave a lines list at all (an order without one fails as "required"). */
	hasLines: boolean;
	/** What the item calls its lines list, for messages. */
	linesName: string;
	problems: Problem[];
}

export function linesField({ spec, linesKey }: OrderShape): FieldSpec {
	return spec.fields.find((field) => field.name === linesKey)!;
}

/** Takes the lines list out of a record under either of its names. */
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
export function splitLineItem(
	json: IDataObject,
	lineFields: FieldSpec[],
	headerFields: FieldSpec[],
): { header: IDataObject; line: IDataObject } {
	const header: IDataObject = {};
	const line: IDataObject = {};
	for (const [key, value] of Object.entries(json)) {
		const lineField = fieldByKey(lineFields, key);
		const prefixed = /^line_?(.+)$/i.exec(key);
		const unprefixed = prefixed
			? fieldByKey(
					lineFields,
					prefixed[1].replace(/^./, (c) => c.toLowerCase()),
				)
			: undefined;
		if (lineField && !fieldByKey(headerFields, key)) line[key] = value;
		else if (!lineField && unprefixed && fieldByKey(headerFields, unprefixed.name))
			line[unprefixed.name] = value;
		else header[key] = value;
	}
	return { header, line };
}

/** The order header alone: what the form shows when the lines come from elsewhere. */
const headers = new WeakMap<OrderShape, RecordSpec>();
export function headerSpec(shape: OrderShape): RecordSpec {
	let spec = headers.get(shape);
	if (!spec)
		headers.set(
			shape,
			(spec = {
				...shape.spec,
				fields: shape.spec.fields.filter((field) => field !== linesField(shape)),
			}),
		);
	return spec;
}

/** One input item's part of an order, as the user gave it. */
export function readOrderInput(
	ctx: IExecuteFunctions,
	shape: OrderShape,
	itemIndex: number,
	grouped: boolean,
	source: RecordSource,
	/** The platform's order (the effective description), where the form was made from another. */
	platform: OrderShape = shape,
): OrderInput {
	const { mode } = source;
	const linesFrom =
		mode === 'inputItem'
			? 'field'
			: mode === 'form'
				? (ctx.getNodeParameter('linesFrom', itemIndex, 'form') as string)
				: 'record';
	const header = headerSpec(shape);
	// A copy: the lines list is taken out of it, and the input item must stay as it came.
	const raw = {
		...readRecord(
			ctx,
			linesFrom === 'field' && mode === 'form' ? header : shape.spec,
			itemIndex,
			source,
		),
	};
	const input: OrderInput = {
		itemIndex,
		header: raw,
		lines: [],
		hasLines: false,
		linesName: shape.linesKey,
		problems: [],
	};

	let taken = takeLines(raw, [shape.linesKey, camelName(shape.linesKey)]);
	let name = shape.linesKey;
	if (linesFrom === 'field') {
		name = (ctx.getNodeParameter('linesField', itemIndex, shape.linesKey) as string).trim();
		const json = ctx.getInputData()[itemIndex].json;
		// The field left at the node's own name finds the lines under the platform's (order_lines).
		if (json[name] === undefined && json[platform.linesKey] !== undefined) name = platform.linesKey;
		input.linesName = name;
		if (mode === 'inputItem') delete raw[name];
		taken = { found: json[name] !== undefined, value: json[name] };
		if (!taken.found && grouped) {
			const split = splitLineItem(
				json,
				linesField(platform).fields ?? [],
				headerSpec(platform).fields,
			);
			if (mode === 'inputItem') input.header = split.header;
			input.lines = [{ itemIndex, at: '', line: split.line }];
			input.hasLines = true;
			return input;
		}
	}
	if (!taken.found || isEmpty(taken.value)) return input;
	if (!Array.isArray(taken.value)) {
		input.problems.push({
			field: name,
			problem: `must be a list of ${linesField(shape).label.toLowerCase()} (got ${typeof taken.value})`,
		});
		return input;
	}
	input.hasLines = true;
	// Copies: numbering must not write into the previous node's items.
	input.lines = taken.value.map((line: unknown, index) => ({
		itemIndex,
		at: `${name}[${index}].`,
		line: isObject(line) ? { ...line } : line,
	}));
	if (linesFrom === 'form') {
		// The form's empty line number is 0: that means "number it for me".
		for (const { line } of input.lines)
			if ((line as IDataObject).lineNumber === 0) delete (line as IDataObject).lineNumber;
	}
	return input;
}
