/**
 * One way to check a record before anything is sent: its fields' rules (generated from the
 * contract), then the rules across fields. ERP exports are met half-way — camelCase keys, numbers
 * and dates in text, yes/no — and normalised to what the platform takes; anything else is refused
 * with the item error that names the item, the field and what to do.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fieldPath, inputItems, InputItems } from '../counting';
import type { RecordCheck } from '../platform/types';
import { checkFields, walkRecord } from './fields';
import type { CheckOptions, FieldList, Problem, UnknownFieldPolicy, Walk } from './fieldList';

export {
	camelName,
	fieldByKey,
	type CheckOptions,
	type FieldList,
	type Problem,
	type UnknownFieldPolicy,
} from './fieldList';
export { isEmpty } from './values';

/** What a record is checked against: its fields, and perhaps rules across them. */
export interface Checkable extends FieldList {
	checks?: RecordCheck[];
}

/**
 * Checks and normalises one record: required fields, types, ranges, patterns, enums, nested
 * objects and lists, then the rules across fields (only when every field is fine). The input is
 * left as it came; the record answered may be the input itself, so treat it as read-only.
 */
export function checkRecord(spec: Checkable, input: IDataObject, options: CheckOptions) {
	const checked = checkFields(spec, input, options);
	if (checked.problems.length === 0 && spec.checks) {
		for (const check of spec.checks) {
			const problem = check(checked.record);
			if (problem) checked.problems.push(problem);
		}
	}
	return checked;
}

/** An order's list of lines under the platform's name (order_lines) and what one entry is called. */
export interface LinesList {
	name: string;
	one: 'line' | 'component';
}

const BUILT_IN_LINES: LinesList[] = [
	{ name: 'lines', one: 'line' },
	{ name: 'components', one: 'component' },
];

/**
 * Where a problem is, in a person's words and counting from 1: ", line 2: quantity" for the lines
 * of an order (under whatever name the platform gives them, `lines`), ": pack_sizes.1.quantity"
 * for another list's entry, ": name" otherwise.
 */
export function problemText(field: string, problem: string, lines?: LinesList): string {
	const line = /^(\w+)\[(\d+)\](?:\.(.+))?$/.exec(field);
	const list = line && (lines ? [lines] : BUILT_IN_LINES).find((l) => l.name === line[1]);
	if (!line || !list) return `: ${fieldPath(field)} ${problem}`;
	const which = `${list.one} ${Number(line[2]) + 1}`;
	return line[3] ? `, ${which}: ${fieldPath(line[3])} ${problem}` : `, ${which} ${problem}`;
}

/**
 * An input problem found before anything is sent: names the item ("the 3rd input item"), the
 * field and what is wrong. The output names the record instead of the item
 * when it knows the record's key (see output.ts), so the field and problem are kept apart. The
 * words name the field as the user knows it (`label`: the form's "Default Bin"), `field` is its
 * path in the record (default_bin_code).
 */
export class InputProblem extends NodeOperationError {
	constructor(
		node: INode,
		readonly itemIndex: number,
		readonly field: string,
		readonly problem: string,
		readonly label = field,
		/** The order's lines list, where the field may be one of its lines. */
		readonly lines?: LinesList,
	) {
		super(node, `${InputItems([itemIndex])}${problemText(label, problem, lines)}`, {
			itemIndex,
			description: `Fix "${fieldPath(label)}" of ${inputItems([itemIndex])} and run the node again. Nothing was sent for this item.`,
		});
	}
}

export function itemError(
	node: INode,
	itemIndex: number,
	field: string,
	problem: string,
	label?: string,
	lines?: LinesList,
): InputProblem {
	return new InputProblem(node, itemIndex, field, problem, label, lines);
}

/** The first problem, with the others after it in one line. */
function summarize([first, ...rest]: Problem[]): Problem {
	const more = rest.length
		? ` (and ${rest.length} more: ${rest.map((p) => `${p.field} ${p.problem}`).join('; ')})`
		: '';
	return { field: first.field, problem: `${first.problem}${more}` };
}

export interface RefuseAs {
	/** What happens to keys that are no field (default: they are a problem). */
	unknownFields?: UnknownFieldPolicy;
	/** How the item error names a field, when the user knows it by another name (e.g. "Filters → sku"). */
	fieldName?: (field: string) => string;
	/** Where keys left out under 'ignore' are counted, to be said once for the run. */
	leftOut?: Map<string, number>;
	/** How the words of the item error name a field the user knows by a label (the form's). */
	label?: (field: string) => string;
	/** Whether a key names a field in any letter case (ORDER_NUMBER, Order Number's order_number). */
	anyCase?: boolean;
}

/**
 * The checked record of one input item, or the item error naming its first problem: the one
 * entry every operation checks through. Date-times without an offset are read in the
 * workflow's time zone.
 */
export function checkOrRefuse(
	ctx: IExecuteFunctions,
	itemIndex: number,
	spec: Checkable,
	input: IDataObject,
	as: RefuseAs = {},
): IDataObject {
	return refuser(ctx, spec, as)(itemIndex, input);
}

/** checkOrRefuse for one run's records, one after another. */
export type Refuser = (itemIndex: number, input: IDataObject) => IDataObject;

/**
 * checkOrRefuse for many records of one run against one `spec`: what each check is called with
 * (the options, the time zone, the walk and its list of problems) is made once, not per record.
 */
export function refuser(ctx: IExecuteFunctions, spec: Checkable, as: RefuseAs = {}): Refuser {
	const walk: Walk = {
		problems: [],
		options: {
			unknownFields: as.unknownFields ?? 'error',
			timeZone: ctx.getTimezone(),
			leftOut: as.leftOut,
			anyCase: as.anyCase,
		},
	};
	const { problems } = walk;
	return (itemIndex, input) => {
		const record = walkRecord(spec, input, walk);
		if (problems.length === 0 && spec.checks) {
			for (const check of spec.checks) {
				const problem = check(record);
				if (problem) problems.push(problem);
			}
		}
		if (problems.length === 0) return record;
		const { field, problem } = summarize(problems);
		const named = as.fieldName?.(field) ?? field;
		throw itemError(ctx.getNode(), itemIndex, named, problem, as.label?.(field) ?? named);
	};
}
