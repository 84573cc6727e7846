/**
 * An order's input at node version 3, where the fields are the resource mapper's: the header from
 * the mapper (or, Map Automatically, from the item as it is), the lines from the mapper's lines
 * field (a list, or JSON text), from the item's list of lines, or — Group Lines By Order Number —
 * the item itself as one line, its fields split into the order's and the line's as the effective
 * description names them.
 */
import type { IDataObject } from 'n8n-workflow';

import { checkFormAgainst, withChosenKey } from '../drift';

import { camelName } from '../checking';
import { chosenKey, checkMapped, mappedRecord, mapsAutomatically } from '../form/mapperRead';
import { unknownFieldsPolicy } from '../form/options';
import { extraFields, readRecord, recordSource } from '../form/records';
import type { ExecuteSession } from '../session';
import type { OrderAddConfig } from './addOperation';
import { isObject } from '../objects';
import {
	headerSpec,
	linesField,
	orderKey,
	readOrderInput,
	splitLineItem,
	type OrderChecks,
	type OrderInput,
	type OrderShape,
} from './order';

/** The lines a mapper's lines field gives: a list, or the JSON text of one. */
function linesOf(value: unknown): { lines?: unknown[]; problem?: string } {
	if (Array.isArray(value)) return { lines: value };
	if (typeof value === 'string') {
		try {
			const parsed: unknown = JSON.parse(value);
			return Array.isArray(parsed)
				? { lines: parsed }
				: { problem: 'must be a list of lines, like [{"sku": "A-1", "quantity": 2}]' };
		} catch (error) {
			return { problem: `is not valid JSON: ${(error as Error).message}` };
		}
	}
	return { problem: `must be a list of lines (got ${typeof value})` };
}

/** One input item's part of an order, at version 3. */
export function readMappedOrderInput(
	session: ExecuteSession,
	shape: OrderShape,
	itemIndex: number,
	grouped: boolean,
): OrderInput {
	const json = session.ctx.getInputData()[itemIndex].json;
	// A copy: the lines are taken out of it, and the input item must stay as it came.
	const header: IDataObject = {
		...mappedRecord(session, itemIndex),
		...extraFields(session, itemIndex),
	};
	const input: OrderInput = {
		itemIndex,
		header,
		lines: [],
		hasLines: false,
		linesName: shape.linesKey,
		problems: [],
	};
	const name = [shape.linesKey, camelName(shape.linesKey)].find((key) => key in header);
	if (name === undefined) {
		if (!grouped) return input;
		const split = splitLineItem(json, linesField(shape).fields ?? [], headerSpec(shape).fields);
		if (mapsAutomatically(session)) input.header = split.header;
		input.lines = [{ itemIndex, at: '', line: split.line }];
		input.hasLines = true;
		return input;
	}
	const value = header[name];
	delete header[shape.linesKey];
	delete header[camelName(shape.linesKey)];
	const { lines, problem } = linesOf(value);
	if (problem) {
		input.problems.push({ field: shape.linesKey, problem });
		return input;
	}
	input.hasLines = true;
	// Copies: numbering must not write into the previous node's items.
	input.lines = lines!.map((line, index) => ({
		itemIndex,
		at: `${shape.linesKey}[${index}].`,
		line: isObject(line) ? { ...line } : line,
	}));
	return input;
}

/** How one run reads its orders: each item's part, its record as given, how orders are checked, the run (with the key chosen) and the key lines are grouped by. */
export interface OrderReading {
	read: (itemIndex: number) => OrderInput;
	raw: (itemIndex: number) => IDataObject;
	checks: OrderChecks;
	run: ExecuteSession;
	key: string;
}

/** Versions 1 and 2: the form made from the built-in description, or the items (or JSON) in the platform's names. */
export function formOrders(
	session: ExecuteSession,
	config: OrderAddConfig,
	shape: OrderShape,
	effective: OrderShape,
	grouped: boolean,
): OrderReading {
	const { ctx } = session;
	const source = recordSource(session);
	// The form's lines list is the platform's, whatever the platform calls it (order_lines).
	if (source.mode === 'form' && effective !== shape)
		checkFormAgainst(session, config.route, headerSpec(shape), headerSpec(effective));
	// The form is read as it was made; what comes from items or JSON is read in the platform's names.
	const read = source.mode === 'form' ? shape : effective;
	return {
		read: (itemIndex) => readOrderInput(ctx, read, itemIndex, grouped, source, effective),
		raw: (itemIndex) => readRecord(ctx, read.spec, itemIndex, source),
		checks: source,
		run: session,
		key: orderKey(effective),
	};
}

/** Version 3: the resource mapper's fields, checked against the effective description, matched on the key the person chose. */
export function mappedOrders(
	session: ExecuteSession,
	config: OrderAddConfig,
	effective: OrderShape,
	grouped: boolean,
): OrderReading {
	const { ctx } = session;
	checkMapped(session, config.route, effective.spec);
	const auto = mapsAutomatically(session);
	return {
		read: (itemIndex) => readMappedOrderInput(session, effective, itemIndex, grouped),
		raw: (itemIndex) => mappedRecord(session, itemIndex),
		checks: {
			unknownFields: auto ? unknownFieldsPolicy(ctx) : 'send',
			leftOut: session.leftOut,
			anyCase: auto,
		},
		run: withChosenKey(session, config.route),
		key: chosenKey(session)?.[0] ?? orderKey(effective),
	};
}
