/**
 * What Call a Route does with each kind of route, through the package's own machinery: every
 * item's fields checked against the platform's description before anything is sent, each result or
 * error paired to the input item it came from.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { bulkWrite } from '../../../shared/bulk/write';
import { camelName, checkOrRefuse, type Checkable } from '../../../shared/checking';
import { withChosenKey } from '../../../shared/drift';
import { mappedRecord, mapsAutomatically } from '../../../shared/form/mapper';
import { includeInputFields, retryPolicy, unknownFieldsPolicy } from '../../../shared/form/options';
import { formLabel } from '../../../shared/form/words';
import { CHECKED, Output } from '../../../shared/output';
import { readAll } from '../../../shared/paging';
import type { ExecuteSession } from '../../../shared/session';
import { platformRequest } from '../../../shared/transport/request';
import { writeOptions } from './options';

/** One item's fields as given (mapped, or the item as it is) and as checked. */
interface ItemFields {
	given(itemIndex: number): IDataObject;
	checked(itemIndex: number): IDataObject;
}

/** The route's field names by a column's name in lower case: its own name or its camelCase. */
function fieldNames({ fields = [] }: Checkable): Map<string, string> {
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
 * for left out (Options → Unknown Fields) and said once.
 */
function fieldsOf(session: ExecuteSession, spec: Checkable): ItemFields {
	const { ctx } = session;
	const auto = mapsAutomatically(ctx);
	const policy = unknownFieldsPolicy(ctx);
	const given = (itemIndex: number) => mappedRecord(ctx, itemIndex);
	const names = auto ? fieldNames(spec) : undefined;
	return {
		given: names ? (itemIndex) => asNamed(given(itemIndex), names) : given,
		checked: (itemIndex) =>
			checkOrRefuse(ctx, itemIndex, spec, given(itemIndex), {
				unknownFields: auto ? policy : 'send',
				leftOut: session.leftOut,
				anyCase: auto,
				label: auto ? undefined : (field) => formLabel(spec.fields, field),
			}),
	};
}

/**
 * A bulk route: one record per input item, all checked first, then sent in batches of the route's
 * limit; each row's outcome pairs to its item, named by the record's key (the description's, or
 * the one chosen under Key to Match On).
 */
export async function writeEach(
	session: ExecuteSession,
	route: string,
	spec: Checkable,
): Promise<INodeExecutionData[]> {
	const run = withChosenKey(session, route);
	const { ctx } = run;
	const fields = fieldsOf(run, spec);
	const output = new Output(run, {
		route,
		rawRecord: fields.given,
		includeInputFields: includeInputFields(ctx),
	});
	const rows = output.readEach(ctx.getInputData().length, (itemIndex) => ({
		itemIndexes: [itemIndex],
		record: fields.checked(itemIndex),
	}));
	const outcomes = await bulkWrite(
		run,
		route,
		rows.map((row) => row.record),
		writeOptions(run, route),
	);
	output.addOutcomes(rows, outcomes);
	return output.items();
}

/** A read: each input item's filters, read page after page up to its Limit; one output item per record. */
export async function readEach(
	session: ExecuteSession,
	route: string,
	spec: Checkable,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const { ctx } = session;
	const fields = fieldsOf(session, spec);
	const output = new Output(session, { includeInputFields: includeInputFields(ctx) });
	await output.eachItem(items.length, async (itemIndex) => {
		const filter = fields.checked(itemIndex);
		const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
		const limit = returnAll ? undefined : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
		return await readAll(session, route, filter, {
			limit,
			itemIndex,
			retry: retryPolicy(ctx, itemIndex),
		});
	});
	return output.items();
}

/** Any other route: one request per input item with its fields, all checked first; the answer is the item. */
export async function callEach(
	session: ExecuteSession,
	route: string,
	spec: Checkable,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const { ctx } = session;
	const fields = fieldsOf(session, spec);
	const output = new Output(session, { includeInputFields: includeInputFields(ctx) });
	const requests = output.readEach(items.length, (itemIndex) => ({
		itemIndex,
		body: fields.checked(itemIndex),
	}));
	const checkOnly = ctx.getNodeParameter('options.checkOnly', 0, false) as boolean;
	for (const { itemIndex, body } of requests) {
		if (checkOnly) {
			output.add(itemIndex, CHECKED);
			continue;
		}
		try {
			const answer = await platformRequest(session, route, body, {
				itemIndex,
				retry: retryPolicy(ctx, itemIndex),
			});
			output.add(itemIndex, answer.body);
		} catch (error) {
			output.fail(itemIndex, error);
		}
	}
	return output.items();
}
