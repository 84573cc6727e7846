/**
 * What Call a Route does with each kind of route, through the package's own machinery: every
 * item's fields checked against the platform's description before anything is sent, each result or
 * error paired to the input item it came from.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { bulkWrite, type RowOutcome } from '../../../shared/bulk/write';
import { camelName, checkOrRefuse } from '../../../shared/checking';
import { withChosenKey } from '../../../shared/drift';
import { mappedRecord, mapsAutomatically } from '../../../shared/form/mapperRead';
import { includeInputFields, retryPolicy, unknownFieldsPolicy } from '../../../shared/form/options';
import { formLabel } from '../../../shared/form/words';
import { CHECKED, Output, type ItemRecord } from '../../../shared/output';
import { readAll, readPages } from '../../../shared/paging';
import type { FieldSpec, RecordSpec } from '../../../shared/platform';
import type { ExecuteSession } from '../../../shared/session';
import { platformRequest } from '../../../shared/transport/request';
import { RowAnswers } from './batchHeaders';
import { declaredHeaders, includesHeaders, ItemAnswers, withHeaders } from './headers';
import { writeOptions } from './options';
import { refuseBadParamValues } from './paramValues';
import type { RouteFields } from './routes';

/** One item's fields as given (mapped, or the item as it is) and as checked. */
interface ItemFields {
	given(itemIndex: number): IDataObject;
	/** The record, the filters or the body. */
	checked(itemIndex: number): IDataObject;
	/** A bulk route's fields beside its records. */
	beside(itemIndex: number): IDataObject;
}

/** The route's field names by a column's name in lower case: its own name or its camelCase. */
function fieldNames(fields: FieldSpec[]): Map<string, string> {
	const names = new Map<string, string>();
	for (const field of fields)
		for (const name of [field.name, camelName(field.name)])
			if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), field.name);
	return names;
}

/**
 * An input item's columns, with the route's name beside each column that names a field in another
 * letter case ("Batch" → batch): a record that fails its checks is still named by its key.
 */
function asNamed(item: IDataObject, names: Map<string, string>): IDataObject {
	const named = { ...item };
	for (const [column, value] of Object.entries(item)) {
		const name = names.get(column.toLowerCase());
		if (name !== undefined && !(name in named)) named[name] = value;
	}
	return named;
}

/**
 * An item's fields: those mapped in the form, named by their labels in an error; or, with Map
 * Automatically, the item's own columns matched in any letter case, those the route has no field
 * for left out (Options → Unknown Fields) and said once. The fields `envelope` names go beside a
 * bulk route's records, the others into them.
 */
function fieldsOf(
	session: ExecuteSession,
	spec: RecordSpec,
	envelope: FieldSpec[] = [],
	/**
	 * The route, whose path, query and header values are held as paramValues.ts says (spaces around
	 * them, a line break, a path of dots); `beside`: a bulk route's, whose records go in its body, so
	 * that only the fields beside them can be parameters.
	 */
	params?: { route: string; beside?: true },
): ItemFields {
	const { ctx } = session;
	const auto = mapsAutomatically(session);
	const policy = unknownFieldsPolicy(ctx);
	// An item's fields are read once however many parts of it are asked for in a row.
	let last: { itemIndex: number; values: IDataObject } | undefined;
	const mapped = (itemIndex: number) => {
		if (last?.itemIndex !== itemIndex)
			last = { itemIndex, values: mappedRecord(session, itemIndex) };
		return last.values;
	};
	const names = fieldNames([...envelope, ...spec.fields]);
	const besideNames = fieldNames(envelope);
	const part = (itemIndex: number, beside: boolean) =>
		Object.fromEntries(
			Object.entries(mapped(itemIndex)).filter(
				([column]) => besideNames.has(column.toLowerCase()) === beside,
			),
		) as IDataObject;
	const label = (fields: FieldSpec[]) =>
		auto ? undefined : (field: string) => formLabel(fields, field);
	const check = (itemIndex: number, fields: FieldSpec[], values: IDataObject) =>
		checkOrRefuse(ctx, itemIndex, { ...spec, fields }, values, {
			unknownFields: auto ? policy : 'send',
			leftOut: session.leftOut,
			anyCase: auto,
			label: label(fields),
		});
	const inUrl = (itemIndex: number, fields: FieldSpec[], values: IDataObject) => {
		if (params)
			refuseBadParamValues(session, params.route, itemIndex, values, label(fields) ?? String);
		return values;
	};
	const bulk = params?.beside === true;
	return {
		given: auto ? (itemIndex) => asNamed(mapped(itemIndex), names) : mapped,
		checked: (itemIndex) => {
			const values = check(itemIndex, spec.fields, part(itemIndex, false));
			return bulk ? values : inUrl(itemIndex, spec.fields, values);
		},
		beside: (itemIndex) => {
			if (!envelope.length) return {};
			const values = check(itemIndex, envelope, part(itemIndex, true));
			return bulk ? inUrl(itemIndex, envelope, values) : values;
		},
	};
}

/**
 * A bulk route: one record per input item, all checked first, then sent in batches of the route's
 * limit (records that go beside the same fields, e.g. lines of one comparison, together); each
 * row's outcome pairs to its item, named by the record's key (the description's, or the one chosen
 * under Key to Match On).
 */
export async function writeEach(
	session: ExecuteSession,
	route: string,
	{ spec, envelope }: RouteFields,
): Promise<INodeExecutionData[]> {
	const run = withChosenKey(session, route);
	const { ctx } = run;
	const fields = fieldsOf(run, spec, envelope, { route, beside: true });
	const output = new Output(run, {
		route,
		rawRecord: fields.given,
		includeInputFields: includeInputFields(ctx),
	});
	const rows = output.readEach(ctx.getInputData().length, (itemIndex) => ({
		itemIndexes: [itemIndex],
		record: fields.checked(itemIndex),
		beside: fields.beside(itemIndex),
	}));
	const groups = new Map<string, typeof rows>();
	for (const row of rows) {
		const same = JSON.stringify(row.beside);
		const group = groups.get(same);
		if (group) group.push(row);
		else groups.set(same, [row]);
	}
	const answers = includesHeaders(run) ? new RowAnswers(run, route, rows) : undefined;
	const options = { ...writeOptions(run, route), onAnswer: answers?.onAnswer };
	const sent: ItemRecord[] = [];
	const outcomes: RowOutcome[] = [];
	for (const group of groups.values()) {
		const { beside } = group[0];
		const besides = Object.keys(beside).length > 0;
		const told = await bulkWrite(
			run,
			route,
			group.map((row) => row.record),
			besides ? { ...options, envelope: beside } : options,
		);
		sent.push(...group);
		// Each result says where its record went (the comparison of a line).
		outcomes.push(
			...told.map(
				(outcome): RowOutcome =>
					besides && outcome.kind === 'stored'
						? { ...outcome, result: { ...beside, ...outcome.result } }
						: outcome,
			),
		);
	}
	output.addOutcomes(sent, outcomes);
	const items = output.items();
	answers?.put(items, sent, outcomes);
	return items;
}

/** A read: each input item's filters, read page after page up to its Limit; one output item per record. */
export async function readEach(
	session: ExecuteSession,
	route: string,
	spec: RecordSpec,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const { ctx } = session;
	const fields = fieldsOf(session, spec, [], { route });
	const output = new Output(session, { includeInputFields: includeInputFields(ctx) });
	const answers = includesHeaders(session) ? new ItemAnswers(session, route) : undefined;
	const read = async (itemIndex: number): Promise<IDataObject[]> => {
		const filter = fields.checked(itemIndex);
		const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? undefined : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
		const options = { limit, itemIndex, retry: retryPolicy(ctx, itemIndex) };
		if (!answers) return await readAll(session, route, filter, options);
		// Each record with the headers of the page it came in.
		const records: IDataObject[] = [];
		for await (const page of readPages(session, route, filter, {
			...options,
			onAnswer: answers.onAnswer,
		}))
			records.push(
				...(withHeaders(
					page.records,
					declaredHeaders(session, route, page.headers),
				) as IDataObject[]),
			);
		return records;
	};
	return await answerEach(output, answers, items.keys(), read);
}

/**
 * Each item's answer into the output in turn, or its error; where headers are asked for, a failed
 * item's error carries those of the last answer its requests got.
 */
async function answerEach(
	output: Output,
	answers: ItemAnswers | undefined,
	itemIndexes: Iterable<number>,
	answer: (itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
	for (const itemIndex of itemIndexes) {
		answers?.start();
		try {
			output.add(itemIndex, await answer(itemIndex));
		} catch (error) {
			answers?.failed(itemIndex);
			output.fail(itemIndex, error);
		}
	}
	const done = output.items();
	answers?.put(done);
	return done;
}

/** Any other route: one request per input item with its fields, all checked first; the answer is the item. */
export async function callEach(
	session: ExecuteSession,
	route: string,
	spec: RecordSpec,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const { ctx } = session;
	const fields = fieldsOf(session, spec, [], { route });
	const output = new Output(session, { includeInputFields: includeInputFields(ctx) });
	const requests = output.readEach(items.length, (itemIndex) => ({
		itemIndex,
		body: fields.checked(itemIndex),
	}));
	const checkOnly = ctx.getNodeParameter('options.checkOnly', 0, false) as boolean;
	const answers = includesHeaders(session) ? new ItemAnswers(session, route) : undefined;
	const bodies = new Map(requests.map(({ itemIndex, body }) => [itemIndex, body]));
	return await answerEach(output, answers, bodies.keys(), async (itemIndex) => {
		if (checkOnly) return CHECKED;
		const options = { itemIndex, retry: retryPolicy(ctx, itemIndex) };
		const body = bodies.get(itemIndex)!;
		if (!answers) return (await platformRequest(session, route, body, options)).body;
		const answer = await platformRequest(session, route, body, {
			...options,
			onAnswer: answers.onAnswer,
		});
		return withHeaders(answer.body, declaredHeaders(session, route, answer.headers));
	});
}
