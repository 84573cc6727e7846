/**
 * Orders from a file: one row per order line, as ERP exports give them (header fields repeated
 * on each row, a "line_" prefix for a name both have, as Group Lines By Order Number reads items).
 * An order's rows must come one after another: they are grouped as they come, checked as one
 * order and sent. A first look at the file finds any order whose rows are not together (SO-1 at
 * line 3 and again at line 57); such an order is not sent at all, as it can only be sent whole —
 * an order is never stored with some of its lines missing. Sorting the file by order number fixes it.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputProblem, isEmpty, type UnknownFieldPolicy } from '../checking';
import { columnField, mappableFields } from '../file/fields';
import type { FileRow, RowShape } from '../file/rows';
import type { FileReader } from '../file/read';
import type { ReportedRow } from '../file/report';
import { stopIfCancelled, type FileWrite, type Ready, type Refuse } from '../file/write';
import type { FieldSpec } from '../platform/types';
import type { ExecuteSession } from '../session';
import {
	headerSpec,
	linesField,
	orderKey,
	splitLineItem,
	type OrderInput,
	type OrderShape,
} from './order';
import { checkedOrder } from './checked';

function orderNumberOf(values: IDataObject, key: string): string | undefined {
	const value = values[key];
	return isEmpty(value) ? undefined : String(value).trim();
}

/** A row's columns as the order's fields (header) and its line's (line_ for a name both have), flat as an item's. */
function orderShape(shape: OrderShape, unknownFields: UnknownFieldPolicy): RowShape {
	const header = headerSpec(shape).fields;
	const line = linesField(shape).fields ?? [];
	const field = (name: string) => {
		const prefixed = /^line[_ ]?(.+)$/i.exec(name.trim());
		const inHeader = columnField(header, name);
		if (inHeader?.path.length === 1 && !prefixed) return inHeader;
		const inLine =
			columnField(line, name) ?? (prefixed ? columnField(line, prefixed[1]) : undefined);
		if (inLine?.path.length !== 1) return inHeader?.path.length === 1 ? inHeader : undefined;
		// A name the order has too goes to the line only with its prefix, as Group Lines By Order Number reads it.
		const shared = header.some((f) => f.name === inLine.path[0]);
		return { path: [shared ? `line_${inLine.path[0]}` : inLine.path[0]], number: inLine.number };
	};
	return {
		field,
		checkColumns(columns) {
			const given = new Set(columns.flatMap((column) => column.field?.path ?? []));
			if (given.size === 0)
				return `names no field of the order or its lines (its columns: ${columns.map((c) => `"${c.name}"`).join(', ')}). Does the file start with a header line naming its columns?`;
			const unknown = columns.filter((column) => !column.field && !column.name.startsWith('x_'));
			if (unknown.length && unknownFields === 'error')
				return `has columns ${unknown.map((c) => `"${c.name}"`).join(', ')} that are no field of the order or its lines: map them in Column Mapping, rename them (an x_ prefix passes a column through), or set Options → Unknown Fields to Ignore`;
			const needed = [
				...header.filter((f) => f.required),
				...line.filter((f) => f.required && f.name !== 'line_number'),
			].filter((f) => !given.has(f.name) && !given.has(`line_${f.name}`));
			return needed.length
				? `has no column for ${needed.map((f) => `${f.label} (${f.name})`).join(', ')}, which every order row needs. Name the column so, or map it in Column Mapping`
				: undefined;
		},
	};
}

/** The orders whose rows are not one after another, with the lines where each of their parts starts. */
async function ordersApart(
	session: ExecuteSession,
	file: FileReader,
	key: string,
): Promise<Map<string, number[]>> {
	const firstLine = new Map<string, number>();
	const apart = new Map<string, number[]>();
	let current: string | undefined;
	for await (const rows of file.rows()) {
		stopIfCancelled(session);
		for (const row of rows) {
			const number = orderNumberOf(row.values, key);
			if (number === undefined || number === current) continue;
			current = number;
			const first = firstLine.get(number);
			if (first === undefined) firstLine.set(number, row.line);
			else apart.set(number, [...(apart.get(number) ?? [first]), row.line]);
		}
	}
	return apart;
}

/** Orders of `shape` from a file's rows. */
export function orderRecords(
	session: ExecuteSession,
	route: string,
	shape: OrderShape,
	unknownFields: UnknownFieldPolicy,
): FileWrite {
	const { ctx } = session;
	const header = headerSpec(shape).fields;
	const line = linesField(shape).fields ?? [];
	const key = orderKey(shape);
	/** One order from its rows, or its rows refused together. */
	const order = (
		rows: FileRow[],
		apart: Map<string, number[]>,
		refuse: Refuse,
	): Ready | undefined => {
		const [first, ...more] = rows;
		const reported: ReportedRow = { ...first, more };
		const number = orderNumberOf(first.values, key);
		const problems = rows.flatMap((row) =>
			row.problems.map((p) => ({
				...p,
				problem: rows.length > 1 ? `(row ${row.row}) ${p.problem}` : p.problem,
			})),
		);
		if (number !== undefined && apart.has(number))
			problems.push({
				field: '',
				problem: `has its rows apart in the file (its parts start at lines ${apart.get(number)!.join(', ')}), so it was not sent: an order is sent whole, from rows that follow one another. Sort the file by order number`,
			});
		if (problems.length) {
			refuse(reported, problems);
			return undefined;
		}
		const inputs: OrderInput[] = rows.map((row) => {
			const split = splitLineItem(row.values, line, header);
			return {
				itemIndex: row.row,
				header: split.header,
				lines: [{ itemIndex: row.row, at: '', line: split.line }],
				hasLines: true,
				linesName: shape.linesKey,
				problems: [],
			};
		});
		try {
			return {
				...reported,
				record: checkedOrder(
					ctx,
					shape,
					inputs,
					{ unknownFields, leftOut: session.leftOut },
					'row',
				),
			};
		} catch (error) {
			if (!(error instanceof InputProblem))
				throw new NodeOperationError(ctx.getNode(), error as Error);
			// A file's rows are checked as items whose index is the row (counted from 1).
			const row = error.itemIndex;
			const where = rows.length > 1 ? `(row ${row}) ` : '';
			refuse(reported, [{ field: error.field, problem: `${where}${error.problem}` }]);
			return undefined;
		}
	};
	return {
		route,
		shape: orderShape(shape, unknownFields),
		recordsCalled: 'orders',
		async *records(file, refuse, read, again) {
			const apart = await ordersApart(session, again(), key);
			let group: FileRow[] = [];
			for await (const rows of file.rows()) {
				stopIfCancelled(session);
				const ready: Ready[] = [];
				for (const row of rows) {
					read();
					const number = orderNumberOf(row.values, key);
					if (
						group.length &&
						(number === undefined || number !== orderNumberOf(group[0].values, key))
					) {
						const made = order(group, apart, refuse);
						if (made) ready.push(made);
						group = [];
					}
					group.push(row);
				}
				if (ready.length) yield ready;
			}
			const last = group.length ? order(group, apart, refuse) : undefined;
			if (last) yield [last];
		},
	};
}

/** What Column Mapping offers for an order's rows: the order's fields, then its lines' ("line_" where the order has the name too). */
export function orderMappableFields(shape: OrderShape): INodePropertyOptions[] {
	const header = headerSpec(shape).fields;
	const lines = linesField(shape) as FieldSpec | undefined;
	return [
		...mappableFields(header),
		...(lines?.fields ?? []).map((field) => ({
			name: `${lines!.label} → ${field.label}`,
			value: header.some((h) => h.name === field.name) ? `line_${field.name}` : field.name,
			description: field.description,
		})),
	];
}
