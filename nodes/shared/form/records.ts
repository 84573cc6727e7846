/**
 * A record as the user gives it, per "Fields to Send": from the form, each input item as it is,
 * or JSON. Read as it came; checking it is checking's (see checkedRecord).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { camelName, itemError, refuser, type Refuser, type UnknownFieldPolicy } from '../checking';
import { locatorValue } from '../dropdowns/locator';
import { isObject } from '../objects';
import type { FieldSpec, RecordSpec } from '../platform/types';
import type { ExecuteSession } from '../session';
import { unknownFieldsPolicy } from './options';
import { formLabel } from './words';

export type RecordMode = 'form' | 'inputItem' | 'json';

/** Where an operation's records come from, and what happens to fields the platform does not know. */
export interface RecordSource {
	mode: RecordMode;
	unknownFields: UnknownFieldPolicy;
	/** The input items, when they are the records: read once, not once per item. */
	items?: INodeExecutionData[];
	/** Where the fields left out are counted (the run's), to be said once. */
	leftOut?: Map<string, number>;
	/** Whether the form's Extra Fields has entries (then read per item, its values may be expressions). */
	extraFields?: boolean;
	/** The run's check of these records, by the description checked against: made on the first record. */
	refusers?: Map<RecordSpec, { spec: RecordSpec; refuse: Refuser }>;
}

/**
 * Read once per run (Fields to Send cannot be an expression). Version 1 fails an item with a field
 * the platform does not know; from version 2 such fields are left out, and said once.
 */
export function recordSource(session: ExecuteSession): RecordSource {
	const { ctx } = session;
	const mode = ctx.getNodeParameter('fieldsToSend', 0, 'form') as RecordMode;
	const policy = unknownFieldsPolicy(ctx);
	return {
		mode,
		// The form's Extra Fields are meant to be sent as they are.
		unknownFields: mode === 'form' ? 'send' : policy,
		items: mode === 'inputItem' ? ctx.getInputData() : undefined,
		leftOut: session.leftOut,
		extraFields: hasExtraFields(session),
	};
}

/**
 * Says once, in the output panel and n8n's log, which input columns were not sent because the
 * platform has no field for them, and how to keep them.
 */
export function sayLeftOut(session: ExecuteSession): void {
	const { leftOut, ctx } = session;
	if (leftOut.size === 0) return;
	const columns = [...leftOut.entries()];
	const unit = ctx.getNodeParameter('input', 0, 'items') === 'file' ? 'row' : 'item';
	const shown = columns
		.slice(0, 10)
		.map(([column, count]) => `${column} (${count} ${count === 1 ? unit : `${unit}s`})`);
	const more = columns.length > 10 ? ` and ${columns.length - 10} more` : '';
	const message = `Not sent, because the platform has no such fields: ${shown.join(', ')}${more}. To send a column as it is, rename it with an x_ prefix (x_${columns[0][0].split('.').pop()}); to have such items fail instead, set Options → Unknown Fields to Fail the Item.`;
	ctx.addExecutionHints({ message, location: 'outputPane' });
	ctx.logger.info(`${ctx.getNode().name}: ${message}`);
}

/** A field list as the form names its fields: worked out once per list, not for every item. */
interface FormPlan {
	/** The required fields' parameter names (camelCase): top-level parameters of their own. */
	required: string[];
	/** Each field by its parameter name (the first field to claim a name keeps it). */
	byParameter: Map<string, FieldSpec>;
}

const formPlans = new WeakMap<FieldSpec[], FormPlan>();

function formPlan(fields: FieldSpec[]): FormPlan {
	let plan = formPlans.get(fields);
	if (!plan) {
		const byParameter = new Map<string, FieldSpec>();
		for (const field of fields) {
			const parameter = camelName(field.name);
			if (!byParameter.has(parameter)) byParameter.set(parameter, field);
		}
		const required = fields.filter((field) => field.required).map((field) => camelName(field.name));
		formPlans.set(fields, (plan = { required, byParameter }));
	}
	return plan;
}

/** fixedCollection values come wrapped ({values: {...}} / {entries: [...]}); unwrap them to plain data. */
function unwrapForm(fields: FieldSpec[], raw: IDataObject): IDataObject {
	const { byParameter } = formPlan(fields);
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(raw)) {
		const field = byParameter.get(key);
		if (field?.type === 'object' && isObject(value)) {
			const inner = value.values as IDataObject | undefined;
			if (inner) out[key] = unwrapForm(field.fields ?? [], inner);
		} else if (field?.type === 'list' && isObject(value)) {
			const entries = (value.entries as IDataObject[] | undefined) ?? [];
			out[key] = entries.map((entry) => unwrapForm(field.fields ?? [], entry));
		} else {
			out[key] = locatorValue(value) as IDataObject[string];
		}
	}
	return out;
}

function fromForm(
	ctx: IExecuteFunctions,
	spec: RecordSpec,
	itemIndex: number,
	source: RecordSource,
): IDataObject {
	const raw: IDataObject = {};
	for (const parameter of formPlan(spec.fields).required) {
		raw[parameter] = ctx.getNodeParameter(parameter, itemIndex, undefined) as IDataObject[string];
	}
	Object.assign(raw, ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject);
	const extra = source.extraFields ? extraFieldsOf(ctx, itemIndex) : {};
	return { ...unwrapForm(spec.fields, raw), ...extra };
}

/** Whether the node's Extra Fields has entries, read as saved (not per item). */
const hasExtraFields = (session: ExecuteSession): boolean =>
	Boolean(
		((session.parameters.extraFields as IDataObject | undefined)?.field as unknown[] | undefined)
			?.length,
	);

/** Extra Fields of one item: fields the form does not know, sent as they are under their names. */
export const extraFields = (session: ExecuteSession, itemIndex: number): IDataObject =>
	hasExtraFields(session) ? extraFieldsOf(session.ctx, itemIndex) : {};

function extraFieldsOf(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const extra = ctx.getNodeParameter('extraFields.field', itemIndex, []) as Array<{
		name: string;
		value: unknown;
	}>;
	const record: IDataObject = {};
	for (const { name, value } of extra) {
		if (name.trim() === '')
			throw itemError(ctx.getNode(), itemIndex, 'Extra Fields', 'has an entry without a name');
		record[name.trim()] = value as IDataObject[string];
	}
	return record;
}

function fromJson(ctx: IExecuteFunctions, spec: RecordSpec, itemIndex: number): IDataObject {
	const raw = ctx.getNodeParameter('jsonRecord', itemIndex, '{}') as unknown;
	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = JSON.parse(raw);
		} catch (error) {
			throw itemError(
				ctx.getNode(),
				itemIndex,
				`${spec.noun} (JSON)`,
				`is not valid JSON: ${(error as Error).message}`,
			);
		}
	}
	if (!isObject(parsed))
		throw itemError(
			ctx.getNode(),
			itemIndex,
			`${spec.noun} (JSON)`,
			'must be one JSON object, like {"code": "A1"}',
		);
	return parsed;
}

/**
 * The record of one input item as the user gave it, not yet checked. An input item's own json
 * is answered as it is: treat it as read-only (the previous node's items must stay as they came).
 */
export function readRecord(
	ctx: IExecuteFunctions,
	spec: RecordSpec,
	itemIndex: number,
	source: RecordSource,
): IDataObject {
	if (source.mode === 'inputItem') return (source.items ?? ctx.getInputData())[itemIndex].json;
	if (source.mode === 'json') return fromJson(ctx, spec, itemIndex);
	return fromForm(ctx, spec, itemIndex, source);
}

/**
 * The record of one input item as the user gave it (read with the form's `spec`), checked against
 * the effective description's (`against`, the same by default), or the item error naming the field.
 */
export function checkedRecord(
	ctx: IExecuteFunctions,
	spec: RecordSpec,
	itemIndex: number,
	source: RecordSource,
	against: RecordSpec = spec,
): IDataObject {
	return refuserOf(ctx, spec, source, against)(itemIndex, readRecord(ctx, spec, itemIndex, source));
}

function refuserOf(
	ctx: IExecuteFunctions,
	spec: RecordSpec,
	source: RecordSource,
	against: RecordSpec,
): Refuser {
	source.refusers ??= new Map();
	const made = source.refusers.get(against);
	if (made?.spec === spec) return made.refuse;
	const refuse = refuser(ctx, against, {
		unknownFields: source.unknownFields,
		leftOut: source.leftOut,
		// Filled in the form, a field is named as the form names it.
		label: source.mode === 'form' ? (field) => formLabel(spec.fields, field) : undefined,
	});
	source.refusers.set(against, { spec, refuse });
	return refuse;
}
