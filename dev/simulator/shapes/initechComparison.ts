/**
 * Initech's stock comparisons in its own words (issue 40, point 7): the ERP and platform counts
 * (under `counts`) and the adjustments (under `adjustments`) it takes carry `item_number`, `lot`, `warehouse`, `qty` and `qty_change`, Process
 * Items takes `item_numbers`, and a comparison's `compared_items` carry `erp_qty`, `wms_qty` and
 * `variance`. Their schemas are inline in ours (no component to rename), so their document is
 * edited here, and each request and answer of these routes translated.
 */
import type { Json } from './types';

const ERP_COUNT: Record<string, string> = {
	sku: 'item_number',
	batch: 'lot',
	warehouse_code: 'warehouse',
	quantity: 'qty',
};
const ADJUSTMENT: Record<string, string> = {
	sku: 'item_number',
	batch: 'lot',
	quantity_delta: 'qty_change',
	reason: 'comment',
};
const COMPARED: Record<string, string> = {
	sku: 'item_number',
	batch: 'lot',
	erp_quantity: 'erp_qty',
	platform_quantity: 'wms_qty',
	difference: 'variance',
};
/** Their bulk routes' records, by their path: our field → theirs. */
const RECORDS: Record<string, Record<string, string>> = {
	'/comparison_erp_on_hand/add': ERP_COUNT,
	'/comparison_platform_on_hand/set': ERP_COUNT,
	'/comparison_adjustment_item/add': ADJUSTMENT,
};
/** Their bulk routes' lists, named each its own way rather than the shape's `data`. */
const LISTS: Record<string, string> = {
	'/comparison_erp_on_hand/add': 'counts',
	'/comparison_platform_on_hand/set': 'counts',
	'/comparison_adjustment_item/add': 'adjustments',
};
const PROCESS = '/comparison_item/process';

/** The records list of their route `path` where it is not the shape's container. */
export const comparisonList = (path: string): string | undefined => LISTS[path];
const STATUS = '/comparison/check_status';

const renamed = (record: Json, names: Record<string, string>): Json =>
	Object.fromEntries(Object.entries(record ?? {}).map(([key, v]) => [names[key] ?? key, v]));
const back = (names: Record<string, string>) =>
	Object.fromEntries(Object.entries(names).map(([ours, theirs]) => [theirs, ours]));

/** An inline object schema with its fields renamed (and the words that name them). */
function renameSchema(schema: Json, names: Record<string, string>): void {
	schema.properties = renamed(schema.properties, names);
	schema.required = schema.required?.map((field: string) => names[field] ?? field);
	for (const [ours, theirs] of Object.entries(names))
		for (const prop of Object.values<Json>(schema.properties))
			if (typeof prop.description === 'string')
				prop.description = prop.description.replace(new RegExp(`\\b${ours}\\b`, 'g'), theirs);
}

export function comparisonDocument(doc: Json, container: string): void {
	const schemas = doc.components.schemas;
	const requests: Record<string, string> = {
		'/comparison_erp_on_hand/add': 'ComparisonErpOnHandAddRequest',
		'/comparison_adjustment_item/add': 'ComparisonAdjustmentItemAddRequest',
		'/comparison_platform_on_hand/set': 'ComparisonPlatformOnHandSetRequest',
	};
	for (const [path, name] of Object.entries(requests)) {
		const request = schemas[name];
		const list = request.properties[container];
		request.properties = renamed(request.properties, { [container]: LISTS[path] });
		request.required = request.required?.map((field: string) =>
			field === container ? LISTS[path] : field,
		);
		renameSchema(list.items, RECORDS[path]);
		list.description = list.description.replace(
			/^Upsert by sku \+ batch\./,
			'Upsert by item_number + lot.',
		);
		const media = doc.paths[path].post.requestBody.content['application/json'];
		if (Array.isArray(media.example?.[container])) {
			const { [container]: records, ...rest } = media.example;
			media.example = {
				...rest,
				[LISTS[path]]: records.map((r: Json) => renamed(r, RECORDS[path])),
			};
		}
		const op = doc.paths[path].post;
		op.summary = op.summary.replace('sku + batch', 'item_number + lot');
		op.description = op.description.replace(/\bskus\b/g, 'item numbers');
	}
	const process = schemas.ComparisonItemProcessRequest;
	process.properties = renamed(process.properties, { skus: 'item_numbers' });
	process.properties.item_numbers.description =
		'Process only these item numbers (all of their lots); all items when absent.';
	const comparison = schemas.Comparison.properties;
	renameSchema(comparison.compared_items.items, COMPARED);
	comparison.compared_items.items.properties.variance.description = 'wms_qty - erp_qty';
	renameSchema(comparison.adjustments.items, ADJUSTMENT);
	const answer = doc.paths[STATUS].post.responses['200'].content['application/json'];
	answer.example = comparisonAnswer(STATUS, answer.example);
}

/** Their request → ours (before the generic mapping takes their records out of `data`). */
export function comparisonRequest(path: string, body: Json, container: string): Json {
	if (path in RECORDS && Array.isArray(body?.[LISTS[path]])) {
		const { [LISTS[path]]: records, ...rest } = body;
		return { ...rest, [container]: records.map((r: Json) => renamed(r, back(RECORDS[path]))) };
	}
	if (path === PROCESS && body?.item_numbers !== undefined) {
		const { item_numbers, ...rest } = body;
		return { ...rest, skus: item_numbers };
	}
	return body;
}

/**
 * A refused request of these routes in their words: a record's field in its list
 * (`/data/0/sku` → `/counts/0/item_number`), Process Items' list (`/skus/1` → `/item_numbers/1`),
 * and the words of ours that name the field (`sku X is not an item` → `item number X ...`).
 */
export function comparisonProblem(
	path: string,
	pointer: string[],
	message: string,
	container: string,
): { pointer: string[]; message: string } {
	const [first, index, field, ...rest] = pointer;
	if (path in RECORDS && first === container) {
		const inside = field === undefined ? [] : [RECORDS[path][field] ?? field, ...rest];
		return { pointer: [LISTS[path], ...(index === undefined ? [] : [index]), ...inside], message };
	}
	if (path === PROCESS && first === 'skus')
		return {
			pointer: ['item_numbers', ...pointer.slice(1)],
			message: message.replace(/^sku\b/, 'item number'),
		};
	return { pointer, message };
}

/** Our answer (already in their generic words) → theirs: the comparison's items, a refused row's field. */
export function comparisonAnswer(path: string, answer: Json): Json {
	if (path === STATUS && answer && typeof answer === 'object')
		return {
			...answer,
			compared_items: answer.compared_items?.map((item: Json) => renamed(item, COMPARED)),
			adjustments: answer.adjustments?.map((item: Json) => renamed(item, ADJUSTMENT)),
		};
	if (path in RECORDS && Array.isArray(answer?.rejected))
		return {
			...answer,
			rejected: answer.rejected.map((row: Json) => ({
				...row,
				errors: row.errors?.map((e: Json) => ({
					...e,
					field: e.field?.replace(/^\w+/, (name: string) => RECORDS[path][name] ?? name),
				})),
			})),
		};
	return answer;
}
