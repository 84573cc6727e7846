/**
 * An order checked whole: its input items' header fields merged (one item's field against
 * another's), its lines numbered, the record checked against the platform's order, and a problem
 * put back on the item and field it came from ("line 2: qty" under the platform's list name).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fieldPath, inputItems } from '../counting';
import {
	camelName,
	checkRecord,
	fieldByKey,
	isEmpty,
	itemError,
	type LinesList,
	type Problem,
} from '../checking';
import { isObject } from '../objects';
import {
	linesField,
	orderKey,
	type OrderChecks,
	type OrderInput,
	type OrderShape,
	type SourcedLine,
} from './order';

/** The line field lines are numbered in, when the lines have one. */
function lineNumberField(shape: OrderShape): string | undefined {
	return linesField(shape).fields?.some((field) => field.name === 'line_number')
		? 'line_number'
		: undefined;
}

/** Lines without a number get the next ones after the highest given, in the order they come (where lines have a number). */
function numberLines(lines: SourcedLine[], field: string | undefined): void {
	if (field === undefined) return;
	const numberOf = (line: unknown) =>
		isObject(line) ? (line[field] ?? line[camelName(field)]) : undefined;
	let next =
		Math.max(0, ...lines.map(({ line }) => Number(numberOf(line))).filter(Number.isInteger)) + 1;
	for (const { line } of lines) {
		if (isObject(line) && isEmpty(numberOf(line))) line[field] = next++;
	}
}

interface ItemProblem extends Problem {
	itemIndex: number;
}

/** Puts a problem found in the merged order back on the item and field it came from. */
function locate(
	problem: Problem,
	order: OrderInput[],
	lines: SourcedLine[],
	givenBy: Map<string, number>,
	linesKey: string,
): ItemProblem {
	const match = new RegExp(`^${linesKey}\\[(\\d+)\\]\\.?(.*)$`).exec(problem.field);
	if (match) {
		const { itemIndex, at } = lines[Number(match[1])];
		const field = `${at}${match[2]}`.replace(/\.$/, '') || 'line';
		return { itemIndex, field, problem: problem.problem };
	}
	const top = problem.field.split(/[.[]/)[0];
	if (top === linesKey)
		return {
			...problem,
			itemIndex: order[0].itemIndex,
			field: problem.field.replace(linesKey, order[0].linesName),
		};
	return { ...problem, itemIndex: givenBy.get(top) ?? order[0].itemIndex };
}

/** The checked order record of one or more input items; throws the item error naming the item and field of its first problem. */
export function checkedOrder(
	ctx: IExecuteFunctions,
	shape: OrderShape,
	order: OrderInput[],
	source: OrderChecks,
	/** What an OrderInput's itemIndex counts: input items, or rows of a file. */
	unit: 'item' | 'row' = 'item',
): IDataObject {
	const header: IDataObject = {};
	const givenBy = new Map<string, number>();
	// Said as a person counts: "row 7" of a file (rows count from 1), "the 3rd input item".
	const said = (at: number) => (unit === 'row' ? `row ${at}` : inputItems([at]));
	const saidAll = (all: number[]) => (unit === 'row' ? `rows ${all.join(', ')}` : inputItems(all));
	const problems: ItemProblem[] = order.flatMap((input) =>
		input.problems.map((problem) => ({ ...problem, itemIndex: input.itemIndex })),
	);
	// The first item to give a header field sets it; a known field given differently by another
	// item is a problem (unknown names are left to the Unknown Fields option).
	for (const input of order) {
		for (const [key, value] of Object.entries(input.header)) {
			if (isEmpty(value)) continue;
			const known = fieldByKey(shape.spec.fields, key);
			const name = known?.name ?? key;
			if (!givenBy.has(name)) {
				header[name] = value;
				givenBy.set(name, input.itemIndex);
			} else if (
				(known || key.startsWith('x_')) &&
				JSON.stringify(header[name]) !== JSON.stringify(value)
			) {
				const problem = `is ${JSON.stringify(value)}, but ${said(givenBy.get(name)!)} of the same order has ${JSON.stringify(header[name])}`;
				problems.push({ itemIndex: input.itemIndex, field: key, problem });
			}
		}
	}
	const lines = order.flatMap((input) => input.lines);
	if (problems.length === 0) {
		numberLines(lines, lineNumberField(shape));
		const raw = order.some((input) => input.hasLines)
			? { ...header, [shape.linesKey]: lines.map(({ line }) => line) }
			: header;
		const { record, problems: found } = checkRecord(shape.spec, raw as IDataObject, {
			unknownFields: source.unknownFields,
			timeZone: ctx.getTimezone(),
			leftOut: source.leftOut,
			anyCase: source.anyCase,
		});
		if (found.length === 0) return record;
		problems.push(
			...found.map((problem) => locate(problem, order, lines, givenBy, shape.linesKey)),
		);
	}
	const [first, ...rest] = problems;
	const list: LinesList = {
		name: order.find((input) => input.itemIndex === first.itemIndex)?.linesName ?? shape.linesKey,
		one: (shape.called ?? shape.linesKey) === 'components' ? 'component' : 'line',
	};
	const more = rest.length
		? ` (and ${rest.length} more: ${rest.map((p) => `${said(p.itemIndex)} ${fieldPath(p.field)} ${p.problem}`).join('; ')})`
		: '';
	const number = String(header[orderKey(shape)] ?? '');
	const together =
		order.length > 1
			? `; order ${number} (${saidAll(order.map((input) => input.itemIndex))}) was not sent`
			: '';
	throw itemError(
		ctx.getNode(),
		first.itemIndex,
		first.field,
		`${first.problem}${more}${together}`,
		undefined,
		list,
	);
}
