/**
 * "Initech WMS 3.1": a vendor whose ERP updates are their own (issue 40, point 7): an update's id
 * is an integer, its states are NEW, DONE and ERROR, shipments and receipts are listed under
 * `updates` and stock moves as a bare list, and marking an update answers the state it now has; a
 * stock comparison lists what it compared under `compared_items`, and its counts, adjustments and
 * compared items name their fields Initech's way (initechComparison.ts), in its answers and in the
 * pointers and words of a request it refuses.
 * Everything else is as Globex's conventions have it (records under `data`, page-numbered reads).
 */
import { globex } from './globex';
import {
	comparisonAnswer,
	comparisonDocument,
	comparisonList,
	comparisonProblem,
	comparisonRequest,
} from './initechComparison';
import type { Json, ShapeSpec } from './types';

const LISTS = {
	'/erp_update/outgoing_consignment': 'updates',
	'/erp_update/incoming_consignment': 'updates',
	'/erp_update/move_attempt': '',
} as Record<string, string>;
const MARKS = { '/erp_update/set_complete': 'DONE', '/erp_update/set_error': 'ERROR' } as Record<
	string,
	string
>;
const STATES: Record<string, string> = { pending: 'NEW', complete: 'DONE', error: 'ERROR' };

/** Our update id (UPD-000007) → theirs (7), and back. */
const idToTheirs = (id: Json) =>
	typeof id === 'string' && /^UPD-\d+$/.test(id) ? Number(id.slice(4)) : id;
const idToOurs = (id: Json) =>
	typeof id === 'number' ? `UPD-${id.toString().padStart(6, '0')}` : id;
const stateToOurs = (word: Json) =>
	Object.keys(STATES).find((ours) => STATES[ours] === word) ?? word;

function listedToTheirs(update: Json): Json {
	return { ...update, id: idToTheirs(update.id), status: STATES[update.status] ?? update.status };
}

function listAnswer(path: string, answer: Json): Json {
	const updates = (answer.data as Json[]).map(listedToTheirs);
	return LISTS[path] === '' ? updates : { [LISTS[path]]: updates, meta: answer.meta };
}

function markAnswer(path: string, answer: Json, body: Json): Json {
	return {
		accepted: answer.accepted.map(({ row }: Json) => ({
			row,
			id: body?.data?.[row]?.id,
			status: MARKS[path],
		})),
		rejected: answer.rejected,
	};
}

const integerId = { type: 'integer', minimum: 1, example: 1 };

function document(doc: Json): void {
	const schemas = doc.components.schemas;
	schemas.ErpUpdateStatus.enum = ['NEW', 'DONE', 'ERROR'];
	schemas.ErpUpdateBase.properties.id = integerId;
	const retrieve = schemas.ErpUpdateRetrieveRequest.properties;
	retrieve.id = integerId;
	retrieve.ids = { ...retrieve.ids, items: integerId };
	for (const name of ['ErpUpdateSetCompleteRequest', 'ErpUpdateSetErrorRequest'])
		schemas[name].properties.data.items.properties.id = integerId;
	schemas.ErpUpdateMarked = {
		type: 'object',
		required: ['accepted', 'rejected'],
		description: 'The updates marked (accepted, with the state each has now) and those not.',
		properties: {
			accepted: {
				type: 'array',
				items: {
					type: 'object',
					required: ['row', 'id', 'status'],
					properties: {
						row: { type: 'integer', minimum: 0 },
						id: integerId,
						status: { $ref: '#/components/schemas/ErpUpdateStatus' },
					},
				},
			},
			rejected: { type: 'array', items: { $ref: '#/components/schemas/RejectedRow' } },
		},
	};
	for (const [path, list] of Object.entries(LISTS)) {
		const answer = doc.paths[path].post.responses['200'].content['application/json'];
		const name = answer.schema.$ref.split('/').pop();
		const records = schemas[name].properties.data;
		schemas[name] =
			list === ''
				? records
				: {
						type: 'object',
						required: [list, 'meta'],
						properties: { [list]: records, meta: schemas[name].properties.meta },
					};
		answer.example = listAnswer(path, answer.example);
		const request = doc.paths[path].post.requestBody.content['application/json'];
		delete request.example;
	}
	for (const path of Object.keys(MARKS)) {
		const post = doc.paths[path].post;
		const request = post.requestBody.content['application/json'];
		request.example = { data: request.example.data.map((r: Json) => ({ ...r, id: 1 })) };
		const answer = post.responses['200'];
		answer.description = 'Which updates were marked, with the state each has now.';
		answer.content['application/json'] = {
			schema: { $ref: '#/components/schemas/ErpUpdateMarked' },
			example: { accepted: [{ row: 0, id: 1, status: MARKS[path] }], rejected: [] },
		};
	}
	comparisonDocument(doc, globex.container);
}

function request(path: string, body: Json): Json {
	if (path in LISTS) {
		const out = { ...body };
		if (out.status !== undefined) out.status = stateToOurs(out.status);
		if (Array.isArray(out.statuses)) out.statuses = out.statuses.map(stateToOurs);
		if (out.id !== undefined) out.id = idToOurs(out.id);
		if (Array.isArray(out.ids)) out.ids = out.ids.map(idToOurs);
		return out;
	}
	if (path in MARKS)
		return { ...body, data: body.data.map((r: Json) => ({ ...r, id: idToOurs(r.id) })) };
	return comparisonRequest(path, body, globex.container);
}

function answer(path: string, ours: Json, body: Json): Json {
	if (path in LISTS) return listAnswer(path, ours);
	if (path in MARKS) return markAnswer(path, ours, body);
	return comparisonAnswer(path, ours);
}

export const initech: ShapeSpec = {
	...globex,
	name: 'initech',
	info: {
		title: 'Initech WMS API',
		version: '3.1.0',
		description: [
			'Initech WMS takes orders and master data from ERP systems and reports finished work back.',
			'',
			'- Batch operations take their records under `data` (a comparison its counts under `counts`, its',
			'  adjustments under `adjustments`); lists are paged by `page` and `per_page`.',
			'- An ERP update has an integer `id` and a `status` of `NEW`, `DONE` or `ERROR`.',
			'- Stock is counted by `item_number` and `lot`, in `qty`; an adjustment is a `qty_change`.',
			'',
		].join('\n'),
	},
	servers: [{ url: 'https://wms.initech.example/api', description: 'production' }],
	// A comparison lists what it compared under a name of its own.
	renames: [
		...globex.renames,
		{ schemas: ['Comparison'], from: 'items', to: 'compared_items' },
		// The counts a comparison holds, in the words its counts were sent in.
		{ schemas: ['ComparisonLine'], from: 'sku', to: 'item_number' },
		{ schemas: ['ComparisonLine'], from: 'batch', to: 'lot' },
		{ schemas: ['ComparisonLine'], from: 'quantity', to: 'qty' },
	],
	adjust: {
		document,
		request,
		answer,
		list: comparisonList,
		problem: (path, pointer, message) =>
			comparisonProblem(path, pointer, message, globex.container),
	},
};
