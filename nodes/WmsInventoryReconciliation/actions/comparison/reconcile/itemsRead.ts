/**
 * What a comparison's status answer must hold before Reconcile reports or adjusts anything: its
 * compared items, each with a SKU and numeric quantities, under the list and field names the
 * description gives them (`items`, `sku`, `batch`, `erp_quantity`, `platform_quantity` in the
 * built-in one).
 * An answer without that list would read as a comparison with no differences, and a missing
 * quantity read as 0 would be "adjusted" like a real one: either stops the run in words.
 */
import { NodeOperationError } from 'n8n-workflow';

import { readJsonList } from '../../../../shared/file/jsonList';
import { descriptionName } from '../../../../shared/platform';
import type { ExecuteSession } from '../../../../shared/session';
import { platformRequest } from '../../../../shared/transport/request';
import { BATCH_SAID, SKU_SAID } from '../lineWords';
import { step, type ComparisonRun, type StepOptions } from './stepFailed';

export interface ComparisonItem {
	sku: string;
	batch?: string;
	erp_quantity: number;
	platform_quantity: number;
	processed?: boolean;
}

export const ITEMS = 'items';
const STATUS_ROUTE = '/comparison/check_status';

/** Where the compared items are and what their fields are called. */
export interface ItemsList {
	list: string;
	fields: Record<keyof ComparisonItem, string>;
}

const BUILT_IN: ItemsList = {
	list: ITEMS,
	fields: {
		sku: 'sku',
		batch: 'batch',
		erp_quantity: 'erp_quantity',
		platform_quantity: 'platform_quantity',
		processed: 'processed',
	},
};

/** How a field of a compared item may be called, by what it says. */
const SAID_BY: Record<keyof ComparisonItem, RegExp> = {
	sku: SKU_SAID,
	batch: BATCH_SAID,
	erp_quantity: /^(erp|expected|counted|book)_?(quantity|qty)$/i,
	platform_quantity: /^(platform|wms|system|actual|on_hand)_?(quantity|qty)$/i,
	processed: /^(processed|is_processed|done)$/i,
};

function fieldsOf(names: string[]): ItemsList['fields'] | undefined {
	const fields: Partial<Record<keyof ComparisonItem, string>> = {};
	for (const role of Object.keys(SAID_BY) as Array<keyof ComparisonItem>) {
		// The built-in name where it is there: a vendor's entries may carry it beside another that says the same.
		const found = names.includes(BUILT_IN.fields[role])
			? [BUILT_IN.fields[role]]
			: names.filter((name) => SAID_BY[role].test(name));
		if (found.length > 1) return undefined;
		fields[role] = found[0] ?? BUILT_IN.fields[role];
	}
	// Lines go out with their batch: items read back without one would be paired to the wrong lines.
	const required = ['sku', 'batch', 'erp_quantity', 'platform_quantity'] as const;
	return required.every((role) => names.includes(fields[role]!))
		? (fields as ItemsList['fields'])
		: undefined;
}

/**
 * The compared items' list as the description names it: the one list of the status answer whose
 * entries carry a SKU and both quantities (`compared_items` with `item_number`, `erp_qty`...). The
 * built-in names where the description shows no lists; the lists that could each be it otherwise.
 */
export function itemsList(session: ExecuteSession): ItemsList | string[] {
	const platform = session.platform;
	if (platform.builtIn || !platform.has(STATUS_ROUTE)) return BUILT_IN;
	const lists = platform.wire(STATUS_ROUTE).lists;
	if (!lists) return BUILT_IN;
	const fitting = Object.entries(lists)
		.map(([list, names]) => ({ list, fields: fieldsOf(names) }))
		.filter((one): one is ItemsList => one.fields !== undefined);
	if (fitting.length === 1) return fitting[0];
	return fitting.find((one) => one.list === ITEMS) ?? fitting.map((one) => one.list);
}

/**
 * The compared items' list, found before anything is sent: a description that cannot tell which
 * list holds them would otherwise leave a comparison opened, loaded and snapshotted for nothing.
 */
export function comparedItemsOrStop(session: ExecuteSession): ItemsList {
	const names = itemsList(session);
	if (!Array.isArray(names)) return names;
	const node = session.ctx.getNode();
	throw new NodeOperationError(
		node,
		`${node.name}: ${descriptionName(session.platform.source)} does not say which list of ${session.platform.path(STATUS_ROUTE)}'s answer holds the compared items: ${names.length > 0 ? `${names.join(', ')} could each be it` : 'none has a SKU, a batch and both quantities'}`,
		{
			description:
				"Nothing was sent. Run the comparison's steps with this node's single operations and read it with Check Status, or call the platform's routes with the WMS Platform node's Call a Route.",
		},
	);
}

/** A compared item in Reconcile's own words, read from the platform's. */
export function itemInOurWords(element: unknown, names: ItemsList): ComparisonItem {
	const entry = (element ?? {}) as Record<string, unknown>;
	const item = {} as Record<string, unknown>;
	for (const [role, name] of Object.entries(names.fields)) item[role] = entry[name];
	return item as unknown as ComparisonItem;
}

export const malformedItem = (item: ComparisonItem) =>
	typeof item?.sku !== 'string' ||
	!Number.isFinite(item.erp_quantity) ||
	!Number.isFinite(item.platform_quantity) ||
	(item.batch != null && typeof item.batch !== 'string');

/** The error a read comparison stops with, or undefined when its items can be used. */
export function unusableRead(
	session: ExecuteSession,
	run: ComparisonRun,
	read: { listMet: boolean; malformed?: unknown; names: ItemsList | string[] },
): NodeOperationError | undefined {
	const node = session.ctx.getNode();
	if (Array.isArray(read.names))
		return new NodeOperationError(
			node,
			`${descriptionName(session.platform.source).replace(/^t/, 'T')} does not say which list of ${session.platform.path(STATUS_ROUTE)}'s answer holds the compared items of comparison ${run.comparison_id}: ${read.names.length > 0 ? `${read.names.join(', ')} could each be it` : 'none has a SKU, a batch and both quantities'}`,
			{
				description:
					"Nothing was read or adjusted. Read the comparison with the WMS Platform node's Call a Route and compare there.",
			},
		);
	if (!read.listMet)
		return new NodeOperationError(
			node,
			`The platform answered comparison ${run.comparison_id} without a list "${read.names.list}" of its compared items, so no difference could be read`,
			{
				description: `Nothing was adjusted. ${
					read.names === BUILT_IN
						? `Reconcile reads the items of ${session.platform.path(STATUS_ROUTE)} under "${ITEMS}", as the built-in description has them; ${descriptionName(session.platform.source)} names them otherwise.`
						: `${descriptionName(session.platform.source).replace(/^t/, 'T')} lists them under "${read.names.list}", but the answer did not.`
				} Read the comparison with the WMS Platform node's Call a Route and compare there.`,
			},
		);
	if (read.malformed !== undefined)
		return new NodeOperationError(
			node,
			`The platform answered comparison ${run.comparison_id} with an item that has no SKU or no numeric quantities: ${JSON.stringify(read.malformed).slice(0, 200)}`,
			{
				description:
					"Nothing was adjusted. Check the comparison with Check Status, or ask the platform's operator.",
			},
		);
	return undefined;
}

/**
 * The comparison's items, read as the answer streams in (a warehouse's whole stock is more than
 * should be held): each handed to `keep`, which says whether it counts as compared (undefined: no)
 * and what of it to keep (null: nothing). An item without a SKU or without numeric quantities stops
 * the run: read as 0, a missing quantity would be "adjusted" like a real one.
 */
export async function readComparison<T>(
	session: ExecuteSession,
	run: ComparisonRun,
	options: StepOptions,
	keep: (item: ComparisonItem) => T | null | undefined,
): Promise<{ compared: number; kept: T[] }> {
	return await step(session, 'read comparison', run, async () => {
		const names = itemsList(session);
		if (Array.isArray(names)) throw unusableRead(session, run, { listMet: false, names })!;
		// Each try of the request reads anew; the last, complete read is the one kept.
		let read: { compared: number; kept: T[]; malformed?: unknown; listMet: boolean } = {
			compared: 0,
			kept: [],
			listMet: false,
		};
		const { body } = await platformRequest(
			session,
			'/comparison/check_status',
			{ comparison_id: run.comparison_id },
			{
				retry: options.retry,
				readAnswer: async (chunks) => {
					const reading: typeof read = { compared: 0, kept: [], listMet: false };
					const met = { list: false };
					const fields = await readJsonList(
						chunks,
						names.list,
						(element) => {
							const item = itemInOurWords(element, names);
							if (reading.malformed !== undefined) return;
							if (malformedItem(item)) reading.malformed = element;
							const kept = reading.malformed === undefined ? keep(item) : undefined;
							if (kept === undefined) return;
							reading.compared++;
							if (kept !== null) reading.kept.push(kept);
						},
						met,
					);
					reading.listMet = met.list;
					read = reading;
					return fields;
				},
			},
		);
		if (typeof body.status === 'string') run.status = body.status;
		const unusable = unusableRead(session, run, { ...read, names });
		if (unusable) throw unusable;
		return { compared: read.compared, kept: read.kept };
	});
}
