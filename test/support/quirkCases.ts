/**
 * How a platform may plausibly answer where the contract does not forbid it (or where a proxy in
 * front of it speaks instead), and what a user must see from each node: a correct result, or a
 * clear error naming route, status and item — never a row counted as stored without a
 * confirmation. One row per answer; `quirks.test.ts` runs every row through real n8n-core
 * against `test/support/quirkyPlatform.ts`.
 *
 * To add a case: pick the node, program the platform (`on(route, call => reply | undefined)`;
 * undefined falls back to the contract's answer) and say what the user sees.
 */
import type { IDataObject } from 'n8n-workflow';

import { contractResults, webPage, type QuirkyPlatform, type Reply } from './quirkyPlatform';

export interface NodeUnderQuirks {
	kind: 'bulk' | 'read';
	route: string;
	type: string;
	parameters: IDataObject;
	items: IDataObject[];
	/** The key of an input item (bulk) or an output record (read). */
	keyOf: (json: IDataObject) => string;
	/** Read routes page through these records when the platform keeps the contract. */
	records?: IDataObject[];
}

const line = (order_number: string, sku: string) => ({
	order_number,
	customer_code: 'CUST-1',
	warehouse_code: 'WH1',
	order_date: '2026-11-21',
	sku,
	quantity: 1,
});

export const NODES = {
	inventoryAdd: {
		kind: 'bulk',
		route: '/inventory/add',
		type: 'wmsInventory',
		parameters: { resource: 'item', operation: 'upsert', fieldsToSend: 'inputItem' },
		items: [0, 1, 2].map((i) => ({ sku: `Q-${i}`, description: `Item ${i}` })),
		keyOf: (json) => String(json.sku),
	},
	// Lines of SO-1 are items 0 and 2: one order, paired to both.
	salesOrderAdd: {
		kind: 'bulk',
		route: '/sales_order/add',
		type: 'wmsSalesOrder',
		parameters: {
			resource: 'salesOrder',
			operation: 'add',
			fieldsToSend: 'inputItem',
			groupLines: true,
		},
		items: [line('SO-1', 'NUT-M8'), line('SO-2', 'NUT-M8'), line('SO-1', 'BOLT-M8-40')],
		keyOf: (json) => String(json.order_number),
	},
	setComplete: {
		kind: 'bulk',
		route: '/erp_update/set_complete',
		type: 'wmsErpUpdate',
		parameters: { resource: 'update', operation: 'setComplete' },
		items: ['UPD-1', 'UPD-2', 'UPD-3'].map((id) => ({ id })),
		keyOf: (json) => String(json.id),
	},
	inventoryGetAll: {
		kind: 'read',
		route: '/inventory/check',
		type: 'wmsInventory',
		parameters: { resource: 'item', operation: 'getMany', returnAll: true },
		items: [{}],
		keyOf: (json) => String(json.sku),
		records: [0, 1, 2, 3, 4].map((i) => ({ sku: `R-${i}`, description: `Item ${i}` })),
	},
	salesOrderStatus: {
		kind: 'read',
		route: '/sales_order/check',
		type: 'wmsSalesOrder',
		parameters: { resource: 'salesOrder', operation: 'getStatus', returnAll: true },
		items: [{}],
		keyOf: (json) => String(json.order_number),
		records: ['SO-1', 'SO-2'].map((order_number) => ({
			order_number,
			customer_code: 'CUST-1',
			warehouse_code: 'WH1',
			order_date: '2026-11-21',
			status: 'open',
			lines: [],
		})),
	},
	salesOrderByNumbers: {
		kind: 'read',
		route: '/sales_order/check',
		type: 'wmsSalesOrder',
		parameters: {
			resource: 'salesOrder',
			operation: 'getStatus',
			returnAll: true,
			filters: { orderNumbers: 'SO-1, SO-2, SO-3' },
		},
		items: [{}],
		keyOf: (json) => `${String(json.order_number)} ${json.found ? 'found' : 'not found'}`,
		records: ['SO-1', 'SO-2'].map((order_number) => ({
			order_number,
			customer_code: 'CUST-1',
			warehouse_code: 'WH1',
			order_date: '2026-11-21',
			status: 'open',
			lines: [],
		})),
	},
} satisfies Record<string, NodeUnderQuirks>;

export interface Quirk {
	/** The platform's behaviour, in words. */
	answer: string;
	node: keyof typeof NODES;
	program: (platform: QuirkyPlatform) => void;
	/** Node options (Options collection). */
	options?: IDataObject;
	items?: IDataObject[];
	/** What the user sees. Bulk: input items on the main output, every other item on the error output. */
	stored?: number[];
	/** Bulk: the words on every error item, or per input item. */
	failed?: RegExp | Record<number, RegExp>;
	/** Read: the records output, by key, in order. */
	records?: string[];
	/** Read or credential: the node's error. */
	error?: RegExp;
	/** Requests the node's route received. */
	requests?: number;
	/** A line the node wrote to n8n's log. */
	log?: RegExp;
	/** Stored rows were confirmed by reading them back (status unchanged, confirmed_by read_back). */
	confirmedByReadBack?: true;
	/** Whether the error items say a re-run is safe (their error.retryable). */
	rerunSafe?: boolean;
	/** The platform confirms rows with their keys in upper case (it folds case). */
	foldsCase?: true;
	/** What else must hold of the platform afterwards (e.g. nothing reached another host). */
	holds?: (platform: QuirkyPlatform) => void;
}

const bulkError = (message: unknown, status = 200): Reply => ({
	status,
	json: { error: { code: 'unavailable', message } },
});
const every =
	(route: string, reply: (items: IDataObject[], n: number) => Reply | undefined) =>
	(platform: QuirkyPlatform) =>
		void platform.on(route, (call) => reply(call.items as IDataObject[], call.n));
const results = (route: string, edit: (rows: Array<Record<string, unknown>>) => unknown[]) =>
	every(route, (items) => ({
		json: {
			...contractResults(route, items),
			results: edit(contractResults(route, items).results),
		},
	}));
const pages = (route: string, page: (n: number) => Reply) => every(route, (_, n) => page(n));
const token = (reply: Reply) => (platform: QuirkyPlatform) =>
	void platform.on('/oauth/token', () => reply);
/** A redirect to `to` (a path on the platform, or 'elsewhere': the same path on another host). */
const redirect = (
	status: number,
	to: string,
	call: { route: string },
	platform: QuirkyPlatform,
) => ({
	status,
	headers: {
		location: to === 'elsewhere' ? `${platform.elsewhere.origin}/v1${call.route}` : to,
	},
	json: { moved: true },
});
/** Routes redirected by `status` on their first `times` calls; `to` as for redirect(). */
const redirected =
	(route: string, status: number, to: string, times = 1) =>
	(platform: QuirkyPlatform) =>
		void platform.on(route, (call) =>
			call.n <= times ? redirect(status, to, call, platform) : undefined,
		);
/** Nothing, neither a request nor the credential, reached the other host. */
const nothingElsewhere = (platform: QuirkyPlatform) => expect(platform.elsewhere.calls).toEqual([]);
const AWAY = String.raw`a redirect away from the Base URL's host, to http://127\.0\.0\.1:\d+`;
const tooLarge: Reply = {
	status: 413,
	json: { error: { code: 'too_many_items', message: 'request too large' } },
};
const RERUN_SAFE = /Running the node again is safe: records are matched by their key\.$/;
const notConfirmed = (why: string) =>
	new RegExp(
		`^(?:Inventory item Q|Sales order SO|ERP update UPD)-\\d+: not confirmed as stored — .*${why}.*Running the node again is safe`,
	);

const INV = '/inventory/add';
const SO = '/sales_order/add';
const UPD = '/erp_update/set_complete';
const INV_READ = '/inventory/check';
const SO_READ = '/sales_order/check';
const sku = (i: number, description = `Item ${i}`) => ({ sku: `Q-${i}`, description });

export const QUIRKS: Quirk[] = [
	// --- Inventory: Add or Update, three items; which rows count as stored ---
	{
		answer: 'one result per row, as the contract says',
		node: 'inventoryAdd',
		program: () => {},
		stored: [0, 1, 2],
		requests: 1,
	},
	{
		answer: 'HTTP 200 with {}',
		node: 'inventoryAdd',
		program: every(INV, () => ({ json: {} })),
		stored: [],
		failed: notConfirmed('HTTP 200 on /inventory/add with no per-row results'),
	},
	{
		answer: 'results that are not a list',
		node: 'inventoryAdd',
		program: every(INV, () => ({ json: { results: { 'Q-0': 'created' } } })),
		stored: [],
		failed: notConfirmed('per-row results that are not a list'),
	},
	{
		answer: 'fewer results than rows',
		node: 'inventoryAdd',
		program: results(INV, (rows) => rows.slice(0, 2)),
		stored: [0, 1],
		failed: notConfirmed(
			'its answer names no result for this record \\(key "Q-2"\\) \\(2 results for 3 records\\)',
		),
	},
	{
		answer: 'results that name other keys',
		node: 'inventoryAdd',
		program: results(INV, (rows) => rows.map((row) => ({ ...row, key: `X-${String(row.index)}` }))),
		stored: [],
		failed: notConfirmed('results it gave for records not in this request: "X-0", "X-1", "X-2"'),
	},
	{
		answer: 'two results for one row, none for another',
		node: 'inventoryAdd',
		program: results(INV, (rows) => [rows[0], rows[0], rows[2]]),
		stored: [2],
		failed: {
			0: notConfirmed('2 results for this record \\(key "Q-0"\\), so none can be trusted'),
			1: notConfirmed('names no result for this record \\(key "Q-1"\\)'),
		},
	},
	{
		answer: 'a status the contract does not know ("queued")',
		node: 'inventoryAdd',
		program: results(INV, (rows) =>
			rows.map((row) => (row.index === 1 ? { ...row, status: 'queued' } : row)),
		),
		stored: [0, 2],
		failed: notConfirmed(
			'its result for this record \\(key "Q-1"\\) has status "queued", not created, updated or unchanged',
		),
	},
	{
		answer: 'HTTP 200 with one row failed inside ("error" with a message)',
		node: 'inventoryAdd',
		program: results(INV, (rows) =>
			rows.map((row) =>
				row.index === 1 ? { ...row, status: 'error', message: 'sku is locked' } : row,
			),
		),
		stored: [0, 2],
		failed: notConfirmed('has status "error" \\("sku is locked"\\)'),
	},
	{
		answer: 'a web page with HTTP 200 (a proxy login page)',
		node: 'inventoryAdd',
		program: every(INV, () => webPage(200)),
		stored: [],
		failed: notConfirmed('HTTP 200 on /inventory/add with a web page instead of JSON'),
	},
	{
		answer: 'an empty body with HTTP 200',
		node: 'inventoryAdd',
		program: every(INV, () => ({ raw: '' })),
		stored: [],
		failed: notConfirmed('HTTP 200 on /inventory/add with an empty body'),
	},
	{
		answer: 'HTTP 204 No Content',
		node: 'inventoryAdd',
		program: every(INV, () => ({ status: 204 })),
		stored: [],
		failed: notConfirmed('HTTP 204 on /inventory/add with an empty body'),
	},
	{
		answer: 'JSON cut off halfway',
		node: 'inventoryAdd',
		program: every(INV, () => ({ raw: '{"results":[{"index":0,"key":"Q-0","status":"crea' })),
		stored: [],
		failed: notConfirmed('HTTP 200 on /inventory/add with text that is not valid JSON'),
	},
	{
		answer: 'HTTP 200 with an error envelope',
		node: 'inventoryAdd',
		program: every(INV, () => bulkError('storage is read-only')),
		stored: [],
		failed: notConfirmed(
			'HTTP 200 on /inventory/add with an error: storage is read-only \\(unavailable\\)',
		),
	},
	{
		answer: 'HTTP 202 Accepted, queued for later',
		node: 'inventoryAdd',
		program: every(INV, () => ({ status: 202, json: { status: 'queued', job_id: 'J-1' } })),
		stored: [],
		failed: notConfirmed('HTTP 202 on /inventory/add with no per-row results'),
	},
	{
		answer: 'results out of order, keyed and indexed',
		node: 'inventoryAdd',
		program: results(INV, (rows) => [...rows].reverse()),
		stored: [0, 1, 2],
	},
	{
		answer: 'results keyed, their indexes contradicting the keys',
		node: 'inventoryAdd',
		program: results(INV, (rows) => rows.map((row, k) => ({ ...rows[2 - k], index: row.index }))),
		stored: [0, 1, 2],
	},
	{
		answer: 'results without keys, indexed, out of order',
		node: 'inventoryAdd',
		program: results(INV, (rows) =>
			[...rows].reverse().map(({ index, status }) => ({ index, status })),
		),
		stored: [0, 1, 2],
	},
	{
		answer: 'results with null keys, indexed',
		node: 'inventoryAdd',
		program: results(INV, (rows) => rows.map((row) => ({ ...row, key: null }))),
		stored: [0, 1, 2],
	},
	{
		answer: 'results with neither key nor index, one per row',
		node: 'inventoryAdd',
		program: results(INV, (rows) => rows.map(({ status }) => ({ status }))),
		stored: [0, 1, 2],
	},
	{
		answer: 'results with neither key nor index, fewer than rows',
		node: 'inventoryAdd',
		program: results(INV, (rows) => rows.slice(1).map(({ status }) => ({ status }))),
		stored: [],
		failed: notConfirmed('names no result for this record'),
	},
	{
		answer: 'extra unknown fields in the answer and its results',
		node: 'inventoryAdd',
		program: every(INV, (items) => ({
			json: {
				...contractResults(INV, items),
				trace: { region: 'eu' },
				results: contractResults(INV, items).results.map((r) => ({ ...r, warnings: [] })),
			},
		})),
		stored: [0, 1, 2],
	},
	{
		answer: 'HTTP 413 above 2 rows (a limit below x-max-items)',
		node: 'inventoryAdd',
		items: [0, 1, 2, 3, 4].map((i) => sku(i)),
		program: every(INV, (items) => (items.length > 2 ? tooLarge : undefined)),
		stored: [0, 1, 2, 3, 4],
		// 5 → 413; 3 → 413; then 2, 1 and the 2 set aside.
		requests: 5,
		log: /WMS \/inventory\/add: the platform refused a request as too large \(HTTP 413\); sending at most 2 records per request for the rest of this run/,
	},
	{
		answer: 'HTTP 413 above 400 bytes (a byte limit)',
		node: 'inventoryAdd',
		items: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => sku(i, `Item ${i} `.padEnd(80, '.'))),
		program: (platform) =>
			void platform.on(INV, (call) =>
				JSON.stringify(call.body).length > 400 ? tooLarge : undefined,
			),
		stored: [0, 1, 2, 3, 4, 5, 6, 7],
		log: /sending at most 2 records per request/,
	},
	{
		answer: 'HTTP 413 for a record too large even on its own',
		node: 'inventoryAdd',
		items: [sku(0), sku(1, 'x'.repeat(450)), sku(2)],
		program: (platform) =>
			void platform.on(INV, (call) =>
				JSON.stringify(call.body).length > 400 ? tooLarge : undefined,
			),
		stored: [0, 2],
		failed:
			/^(?:Inventory item Q|Sales order SO|ERP update UPD)-\d+: the platform refuses this record as too large \(HTTP 413\) even on its own: shorten it/,
	},
	{
		answer: 'HTTP 403 for this route',
		node: 'inventoryAdd',
		program: every(INV, () => ({
			status: 403,
			json: { error: { code: 'forbidden', message: 'client lacks scope inventory:write' } },
		})),
		stored: [],
		failed:
			/^(?:Inventory item Q|Sales order SO|ERP update UPD)-\d+: The platform refused access on \/inventory\/add \(HTTP 403: client lacks scope inventory:write\)/,
	},
	{
		answer: 'HTTP 404 web page for this route',
		node: 'inventoryAdd',
		program: every(INV, () => webPage(404)),
		stored: [],
		failed:
			/^(?:Inventory item Q|Sales order SO|ERP update UPD)-\d+: The platform answered HTTP 404 on \/inventory\/add: it may not offer this route/,
	},
	{
		answer: 'HTTP 401 again after the token was refreshed',
		node: 'inventoryAdd',
		program: every(INV, () => ({
			status: 401,
			json: { error: { code: 'invalid_token', message: 'token revoked' } },
		})),
		stored: [],
		failed:
			/^(?:Inventory item Q|Sales order SO|ERP update UPD)-\d+: not confirmed as stored — The platform rejected the access token twice \(HTTP 401\)/,
	},
	{
		answer:
			'an error envelope whose message is not text and whose details are not a list (HTTP 422)',
		node: 'inventoryAdd',
		program: every(INV, () => ({
			status: 422,
			json: {
				error: {
					code: 'validation_failed',
					message: { en: 'invalid' },
					details: { path: '/items/1' },
				},
			},
		})),
		stored: [],
		failed:
			/^(?:Inventory item Q|Sales order SO|ERP update UPD)-\d+: The platform answered HTTP 422 on \/inventory\/add — refused with the 2 other records of its request, none of them named, so this one may be fine: find the record at fault \(the error's details hold the platform's answer\), correct it and send all 3 again$/,
	},
	// --- Errors as other vendors write them: the row and field they name, the others sent again ---
	...(
		[
			[
				'a problem document (RFC 9457) with errors[] naming data[1].description (HTTP 400)',
				400,
				{
					type: 'https://vendor.example/problems/validation',
					title: 'Validation failed',
					status: 400,
					errors: [{ field: 'items[1].description', message: 'is too long for the label printer' }],
				},
			],
			[
				'JSON:API errors with a source pointer /items/1/description (HTTP 422)',
				422,
				{
					errors: [
						{
							status: '422',
							title: 'Invalid attribute',
							detail: 'is too long for the label printer',
							source: { pointer: '/items/1/description' },
						},
					],
				},
			],
			[
				'a validation problem with errors as a map of field to messages (HTTP 400)',
				400,
				{
					title: 'One or more validation errors occurred.',
					status: 400,
					errors: { 'items.1.description': ['is too long for the label printer'] },
				},
			],
			[
				'a problem document with invalid-params named by JSONPath $.items[1].description (HTTP 400)',
				400,
				{
					type: 'about:blank',
					title: 'Bad Request',
					'invalid-params': [
						{ name: '$.items[1].description', reason: 'is too long for the label printer' },
					],
				},
			],
		] as const
	).map(
		([answer, status, json]): Quirk => ({
			answer,
			node: 'inventoryAdd',
			// The whole request is refused naming one row; the others go again alone and are stored.
			program: every(INV, (_, n) => (n === 1 ? { status, json } : undefined)),
			stored: [0, 2],
			failed: {
				1: /^Inventory item Q-1: .*field "description" is too long for the label printer/,
			},
			requests: 2,
		}),
	),
	{
		answer: 'a problem document naming no row (HTTP 400): every row refused with its words',
		node: 'inventoryAdd',
		program: every(INV, () => ({
			status: 400,
			json: { title: 'Bad Request', detail: 'the warehouse code is closed for stocktaking' },
		})),
		stored: [],
		failed: /^Inventory item Q-\d: .*the warehouse code is closed for stocktaking/,
		requests: 1,
	},
	{
		answer: 'a slow trickle that never ends',
		node: 'inventoryAdd',
		options: { timeoutSeconds: 1, maxAttempts: 1 },
		program: every(INV, () => ({ trickle: true })),
		stored: [],
		failed:
			/^(?:Inventory item Q|Sales order SO|ERP update UPD)-\d+: not confirmed as stored — The connection to the platform at http:\/\/127\.0\.0\.1:\d+\/v1 was lost \(no answer within the timeout\)\. Running the node again is safe/,
	},
	{
		answer: 'the connection dropped after storing, then the contract answer',
		node: 'inventoryAdd',
		options: { maxAttempts: 2 },
		program: every(INV, (_, n) => (n === 1 ? { hangUp: true } : undefined)),
		stored: [0, 1, 2],
		requests: 2,
	},

	// --- Case, types and encodings the interface does not fix ---
	{
		answer: 'results keyed in upper case, the SKUs sent in lower case (a platform that folds case)',
		node: 'inventoryAdd',
		items: [0, 1, 2].map((i) => ({ sku: `q-${i}`, description: `Item ${i}` })),
		program: results(INV, (rows) =>
			rows.map((row) => ({ ...row, key: String(row.key).toUpperCase() })),
		),
		foldsCase: true,
		stored: [0, 1, 2],
	},
	{
		answer: 'results keyed in upper case, out of order, without indexes',
		node: 'inventoryAdd',
		items: [0, 1, 2].map((i) => ({ sku: `q-${i}`, description: `Item ${i}` })),
		program: results(INV, (rows) =>
			[...rows].reverse().map(({ key, status }) => ({ key: String(key).toUpperCase(), status })),
		),
		foldsCase: true,
		stored: [0, 1, 2],
	},
	{
		answer: 'statuses in another letter case ("Created", "UPDATED")',
		node: 'inventoryAdd',
		program: results(INV, (rows) =>
			rows.map((row, k) => ({ ...row, status: ['Created', 'UPDATED', 'unchanged'][k] })),
		),
		stored: [0, 1, 2],
	},
	{
		answer: 'update ids that are numbers, results keyed by numbers',
		node: 'setComplete',
		items: [101, 102, 103].map((id) => ({ id })),
		program: results(UPD, (rows) => rows.map((row) => ({ ...row, key: Number(row.key) }))),
		stored: [0, 1, 2],
		holds: (platform) =>
			expect(platform.calls.find((call) => call.route === UPD)?.items).toEqual([
				{ id: 101 },
				{ id: 102 },
				{ id: 103 },
			]),
	},
	{
		answer: 'JSON after a byte order mark, as text/plain',
		node: 'inventoryAdd',
		program: every(INV, (items) => ({
			headers: { 'content-type': 'text/plain; charset=utf-8' },
			json: contractResults(INV, items),
			prefix: '\uFEFF',
		})),
		stored: [0, 1, 2],
	},
	{
		answer: 'has_more: true without a next_cursor',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({
			json: { items: [{ sku: 'R-0' }, { sku: 'R-1' }], has_more: true },
		})),
		error:
			/^The 1st input item: The platform answered HTTP 200 on \/inventory\/check with has_more: true but no next_cursor to read the rest with; reading stopped rather than return part of the list/,
		requests: 1,
	},
	{
		answer: 'has_more: false beside a next_cursor (the last page)',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({
			json: { items: [{ sku: 'R-0' }], next_cursor: 'more?', has_more: false },
		})),
		records: ['R-0'],
		requests: 1,
	},
	{
		answer: 'next_cursor as a number, sent back as a number',
		node: 'inventoryGetAll',
		program: pages(INV_READ, (n) => ({
			json: { items: [{ sku: `R-${n}` }], next_cursor: n < 3 ? n * 10 : null },
		})),
		records: ['R-1', 'R-2', 'R-3'],
		holds: (platform) =>
			expect(
				platform.calls.filter((call) => call.route === INV_READ).map((call) => call.body.cursor),
			).toEqual([undefined, 10, 20]),
	},

	// --- Redirects: the credential goes to the Base URL's origin only ---
	{
		answer: 'HTTP 308 to another host (the token and the rows would go there)',
		node: 'inventoryAdd',
		program: redirected(INV, 308, 'elsewhere', 99),
		stored: [],
		failed: new RegExp(
			`^Inventory item Q-\\d+: not confirmed as stored — The platform answered HTTP 308 on /inventory/add with ${AWAY}: not followed, so the credential and the request stay with the Base URL's host.*Running the node again is safe`,
		),
		requests: 1,
		holds: nothingElsewhere,
	},
	{
		answer: 'HTTP 307 within the same host, then the contract answer',
		node: 'inventoryAdd',
		program: redirected(INV, 307, '/v1/inventory/add?moved=1'),
		stored: [0, 1, 2],
		requests: 2,
		holds: (platform) =>
			expect(
				platform.calls.map((call) => [call.route, call.query, Boolean(call.authorization)]),
			).toContainEqual(['/inventory/add', 'moved=1', true]),
	},
	{
		answer: 'HTTP 301 within the same host, for ever',
		node: 'inventoryAdd',
		program: redirected(INV, 301, '/v1/inventory/add', 99),
		stored: [],
		failed:
			/not confirmed as stored — The platform answered HTTP 301 on \/inventory\/add with more than 5 redirects in a row/,
		requests: 6,
	},
	{
		answer: 'HTTP 303 See Other after a write',
		node: 'inventoryAdd',
		program: redirected(INV, 303, '/v1/jobs/17'),
		stored: [],
		failed:
			/not confirmed as stored — The platform answered HTTP 303 on \/inventory\/add with a redirect \(HTTP 303\) that does not ask for the same request elsewhere.*Running the node again is safe: records are matched/,
		requests: 1,
	},
	{
		answer: 'HTTP 302 without a Location',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({ status: 302, json: {} })),
		error:
			/^The 1st input item: The platform answered HTTP 302 on \/inventory\/check with a redirect without a Location to follow/,
	},
	{
		answer: 'HTTP 301 on a read, to another host',
		node: 'inventoryGetAll',
		program: redirected(INV_READ, 301, 'elsewhere', 99),
		error: new RegExp(
			`^The 1st input item: The platform answered HTTP 301 on /inventory/check with ${AWAY}`,
		),
		holds: nothingElsewhere,
	},
	{
		answer:
			'the token endpoint answering 307 to another host (the client secret would be posted there)',
		node: 'inventoryGetAll',
		program: redirected('/oauth/token', 307, 'elsewhere', 99),
		error: new RegExp(
			`The platform's token endpoint answered HTTP 307 with ${AWAY}: not followed, so the client secret was not sent there`,
		),
		holds: nothingElsewhere,
	},
	{
		answer: 'the token endpoint answering 308 within the same host',
		node: 'inventoryGetAll',
		program: redirected('/oauth/token', 308, '/v1/oauth/token?moved=1'),
		records: ['R-0', 'R-1', 'R-2', 'R-3', 'R-4'],
		holds: (platform) => expect(platform.count('/oauth/token')).toBe(2),
	},

	// --- Sales Order: Add, lines grouped into orders ---
	{
		answer: 'results keyed, out of order',
		node: 'salesOrderAdd',
		program: results(SO, (rows) => [...rows].reverse()),
		stored: [0, 1, 2],
	},
	{
		answer: 'HTTP 200 with {}',
		node: 'salesOrderAdd',
		program: every(SO, () => ({ json: {} })),
		stored: [],
		failed: {
			0: /^(?:Inventory item Q|Sales order SO|ERP update UPD)-\d+: not confirmed as stored — .*no per-row results/,
			1: /^(?:Inventory item Q|Sales order SO|ERP update UPD)-\d+: not confirmed as stored/,
		},
	},
	{
		answer: 'a result for one order of two',
		node: 'salesOrderAdd',
		program: results(SO, (rows) => rows.filter((row) => row.key === 'SO-2')),
		stored: [1],
		failed: notConfirmed('no result for this record \\(key "SO-1"\\)'),
	},

	// --- A lost answer where re-sending may duplicate (a platform that adds a record each time) ---
	{
		answer:
			'the answer to /sales_order/add lost after storing, on a platform that does not deduplicate: Check First reads both orders back',
		node: 'salesOrderAdd',
		options: { resend: 'checkFirst' },
		program: (platform) =>
			void platform
				.keep(SO, { dedupe: false })
				.on(SO, (call, p) => (call.n === 1 ? (p.store(call), { hangUp: true }) : undefined)),
		stored: [0, 1, 2],
		requests: 1,
		confirmedByReadBack: true,
		holds: (platform) => {
			expect(platform.stored(SO, 'SO-1')).toHaveLength(1);
			expect(platform.stored(SO, 'SO-2')).toHaveLength(1);
			expect(platform.count(SO_READ)).toBe(1);
		},
	},
	{
		answer:
			'the answer lost after storing only SO-1: Check First sends SO-2 alone again, SO-1 is not doubled',
		node: 'salesOrderAdd',
		options: { resend: 'checkFirst' },
		program: (platform) =>
			void platform
				.keep(SO, { dedupe: false })
				.on(SO, (call, p) =>
					call.n === 1 ? (p.store(call, call.items.slice(0, 1)), { hangUp: true }) : undefined,
				),
		stored: [0, 1, 2],
		requests: 2,
		confirmedByReadBack: true,
		holds: (platform) => {
			expect(platform.stored(SO, 'SO-1')).toHaveLength(1);
			expect(platform.stored(SO, 'SO-2')).toHaveLength(1);
			expect(
				platform.calls.filter((call) => call.route === SO)[1].items.map((i) => i.order_number),
			).toEqual(['SO-2']);
		},
	},
	{
		answer:
			'the answer lost after storing, Check First, the platform holding SO-1 with another customer',
		node: 'salesOrderAdd',
		options: { resend: 'checkFirst' },
		program: (platform) =>
			void platform
				.keep(SO, { dedupe: false })
				.on(SO, (call, p) =>
					call.n === 1
						? (p.store(call, [{ ...call.items[0], customer_code: 'CUST-2' }]), { hangUp: true })
						: undefined,
				),
		stored: [1],
		failed:
			/^Sales order SO-1: not confirmed as stored — .*read back with \/sales_order\/check, the platform has this record but its customer_code is not what was sent, so it was not sent again \(a second one could be a duplicate\)\. The platform may have stored it .*check the platform before running the node again/,
		requests: 2,
		holds: (platform) => expect(platform.stored(SO, 'SO-1')).toHaveLength(1),
	},
	{
		answer:
			'the answer lost after storing, Check First, a read back that does not see the orders yet, and the re-send answered 409 already exists',
		node: 'salesOrderAdd',
		options: { resend: 'checkFirst' },
		program: (platform) =>
			void platform
				.keep(SO, { dedupe: false })
				.on(SO_READ, () => ({ json: { items: [], next_cursor: null } }))
				.on(SO, (call, p) =>
					call.n === 1
						? (p.store(call), { hangUp: true })
						: {
								status: 409,
								json: {
									error: {
										code: 'conflict',
										message: 'the orders already exist',
										details: call.items.map((_, k) => ({
											path: `/items/${k}/order_number`,
											message: 'already exists',
										})),
									},
								},
							},
				),
		stored: [],
		failed:
			/^Sales order SO-\d: not confirmed as stored — .*already exists.*the platform most likely stored the first send/,
		requests: 2,
		holds: (platform) => {
			expect(platform.stored(SO, 'SO-1')).toHaveLength(1);
			expect(platform.stored(SO, 'SO-2')).toHaveLength(1);
		},
	},
	{
		answer: 'the answer lost after storing, Check First, and the read back failing too',
		node: 'salesOrderAdd',
		options: { resend: 'checkFirst', maxAttempts: 2 },
		program: (platform) =>
			void platform
				.keep(SO, { dedupe: false })
				.on(SO, (call, p) => (call.n === 1 ? (p.store(call), { hangUp: true }) : undefined))
				.on(SO_READ, () => ({
					status: 500,
					json: { error: { code: 'unavailable', message: 'down' } },
				})),
		stored: [],
		failed:
			/^Sales order SO-\d: not confirmed as stored — The connection to the platform at .* was lost \(connection closed by the other side\)\. The platform may have stored it before the connection dropped; a second run adds another unless the platform keeps one record per key: check the platform before running the node again, or, if it does keep one, set Options → Re-Send After a Lost Answer to Re-Send\.$/,
		requests: 1,
		rerunSafe: false,
		holds: (platform) => expect(platform.stored(SO, 'SO-1')).toHaveLength(1),
	},
	{
		answer:
			"the answer lost after storing, Re-Send (the contract's word) on a platform that does not deduplicate: the order is there twice, the condition README states",
		node: 'salesOrderAdd',
		program: (platform) =>
			void platform
				.keep(SO, { dedupe: false })
				.on(SO, (call, p) => (call.n === 1 ? (p.store(call), { hangUp: true }) : undefined)),
		stored: [0, 1, 2],
		requests: 2,
		holds: (platform) => expect(platform.stored(SO, 'SO-1')).toHaveLength(2),
	},

	// --- ERP Update: Set Complete ---
	{
		answer: 'results keyed by id, out of order',
		node: 'setComplete',
		program: results(UPD, (rows) => [rows[1], rows[2], rows[0]]),
		stored: [0, 1, 2],
	},
	{
		answer: 'a status the contract does not know ("already_complete")',
		node: 'setComplete',
		program: results(UPD, (rows) => rows.map((row) => ({ ...row, status: 'already_complete' }))),
		stored: [],
		failed: notConfirmed('has status "already_complete"'),
	},
	{
		answer: 'a web page with HTTP 200',
		node: 'setComplete',
		program: every(UPD, () => webPage(200)),
		stored: [],
		failed: notConfirmed('HTTP 200 on /erp_update/set_complete with a web page'),
	},

	// --- Inventory: Get Many with Return All (five records, two per page) ---
	{
		answer: 'pages as the contract says',
		node: 'inventoryGetAll',
		program: () => {},
		records: ['R-0', 'R-1', 'R-2', 'R-3', 'R-4'],
	},
	{
		answer: 'the same next_cursor again',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({ json: { items: [{ sku: 'R-0' }], next_cursor: 'again' } })),
		error:
			/^The 1st input item: The platform's paging on \/inventory\/check does not end: it gave a next_cursor it had given before \(HTTP 200, after 1 records\)/,
		requests: 2,
	},
	{
		answer: 'new cursors with empty pages, for ever',
		node: 'inventoryGetAll',
		program: pages(INV_READ, (n) => ({
			json: { items: n === 1 ? [{ sku: 'R-0' }] : [], next_cursor: `c${n}` },
		})),
		error:
			/paging on \/inventory\/check does not end: 4 pages in a row brought no new record, each with a next_cursor/,
		requests: 5,
	},
	{
		answer: 'the same records on every page, with new cursors',
		node: 'inventoryGetAll',
		program: pages(INV_READ, (n) => ({
			json: { items: [{ sku: 'R-0' }, { sku: 'R-1' }], next_cursor: `c${n}` },
		})),
		error: /paging on \/inventory\/check does not end: 4 pages in a row brought no new record/,
		requests: 5,
	},
	{
		answer: 'pages overlapping by one record',
		node: 'inventoryGetAll',
		program: pages(INV_READ, (n) => ({
			json: {
				items: [{ sku: `R-${n - 1}` }, { sku: `R-${n}` }],
				next_cursor: n < 3 ? `c${n}` : null,
			},
		})),
		records: ['R-0', 'R-1', 'R-2', 'R-3'],
		log: /WMS \/inventory\/check: the platform returned 2 records a second time while paging; each was output once/,
	},
	{
		answer: 'items that are not a list',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({ json: { items: { sku: 'R-0' }, next_cursor: null } })),
		error:
			/^The 1st input item: The platform answered HTTP 200 on \/inventory\/check with items that are not a list/,
	},
	{
		answer: 'a web page with HTTP 200',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => webPage(200)),
		error: /HTTP 200 on \/inventory\/check with a web page instead of JSON/,
	},
	{
		answer: 'an empty body with HTTP 200',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({ raw: '' })),
		error: /HTTP 200 on \/inventory\/check with an empty body/,
	},
	{
		answer: 'a next_cursor that is an object',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({
			json: { items: [{ sku: 'R-0' }], next_cursor: { page: 2 } },
		})),
		error: /with a next_cursor that is neither text nor a number/,
	},
	{
		answer: 'items that are not records',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({ json: { items: ['R-0', null], next_cursor: null } })),
		error: /with items that are not records/,
	},
	{
		answer: 'null where a text is expected, and unknown fields',
		node: 'inventoryGetAll',
		program: pages(INV_READ, () => ({
			json: {
				items: [{ sku: 'R-0', description: null, x_bay: 'B4' }],
				next_cursor: null,
				total: 1,
			},
		})),
		records: ['R-0'],
	},

	// --- Sales Order: Get Status ---
	{
		answer: 'as the contract says',
		node: 'salesOrderStatus',
		program: () => {},
		records: ['SO-1', 'SO-2'],
	},
	{
		answer: 'the answer in another shape ({orders: [...]})',
		node: 'salesOrderStatus',
		program: pages(SO_READ, () => ({ json: { orders: [{ order_number: 'SO-1' }] } })),
		error:
			/^The 1st input item: The platform answered HTTP 200 on \/sales_order\/check with no list of items/,
	},
	{
		answer: 'HTTP 200 with an error envelope',
		node: 'salesOrderStatus',
		program: pages(SO_READ, () => bulkError('search index rebuilding')),
		error: /HTTP 200 on \/sales_order\/check with an error: search index rebuilding/,
	},
	{
		answer: 'HTTP 404 on the route',
		node: 'salesOrderStatus',
		program: pages(SO_READ, () => ({
			status: 404,
			json: { error: { code: 'not_found', message: 'no such route' } },
		})),
		error: /^The 1st input item: no such route \(HTTP 404, not_found\)/,
	},

	// --- Sales Order: Get Status by order numbers (every number asked for is answered) ---
	{
		answer: 'as the contract says',
		node: 'salesOrderByNumbers',
		program: () => {},
		records: ['SO-1 found', 'SO-2 found', 'SO-3 not found'],
	},
	{
		answer: 'the order numbers in another letter case (a platform that folds case)',
		node: 'salesOrderByNumbers',
		program: pages(SO_READ, () => ({
			json: {
				items: [
					{ order_number: 'so-1', status: 'open' },
					{ order_number: 'So-2', status: 'open' },
				],
				next_cursor: null,
			},
		})),
		records: ['so-1 found', 'So-2 found', 'SO-3 not found'],
	},

	// --- The credential's token exchange (seen from Get Many) ---
	{
		answer: 'a token answer without access_token',
		node: 'inventoryGetAll',
		program: token({ json: { token_type: 'Bearer', expires_in: 3600 } }),
		error:
			/did not answer with an access token but with JSON that has no access_token: check the Base URL/,
	},
	{
		answer: 'a token answer with access_token null',
		node: 'inventoryGetAll',
		program: token({ json: { access_token: null } }),
		error: /did not answer with an access token/,
	},
	{
		answer: 'a web page with HTTP 200 from the token endpoint',
		node: 'inventoryGetAll',
		program: token(webPage(200)),
		error: /did not answer with an access token but with a web page instead of JSON/,
	},
	{
		answer: 'a cut-off token answer',
		node: 'inventoryGetAll',
		program: token({ raw: '{"access_token":"abc' }),
		error: /did not answer with an access token but with text that is not valid JSON/,
	},
	{
		answer: 'HTTP 200 with an OAuth error from the token endpoint',
		node: 'inventoryGetAll',
		program: token({ json: { error: 'invalid_client', error_description: 'client disabled' } }),
		error:
			/refused to issue a token \(invalid_client: client disabled\): check the credential's client ID and secret/,
	},
	{
		answer: 'HTTP 403 from the token endpoint',
		node: 'inventoryGetAll',
		program: token({ status: 403, json: { error: { code: 'forbidden', message: 'no' } } }),
		error: /Client ID or secret rejected by the platform \(HTTP 403\)/,
	},
];

export { RERUN_SAFE };
