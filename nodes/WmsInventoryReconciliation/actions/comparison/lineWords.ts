/**
 * How the comparison routes' requests name what Reconcile and the comparison operations send: the
 * fields of an ERP or platform on-hand line and of an adjustment, and Process Items' list of SKUs, each found
 * by its role in the description (`item_number`, `lot`, `qty`, `qty_change`... where the built-in
 * one says `sku`, `batch`, `quantity`, `quantity_delta`), once per run. Records are built and
 * checked in the built-in names and put into the platform's words as they are sent. Where the
 * description cannot tell which field plays a role, the run stops before sending, in words.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { effectiveSpec } from '../../../shared/drift';
import { descriptionName, type FieldSpec, type RecordSpec } from '../../../shared/platform';
import type { ExecuteSession } from '../../../shared/session';

export type LineRole =
	| 'sku'
	| 'batch'
	| 'warehouse_code'
	| 'quantity'
	| 'quantity_delta'
	| 'reason';

/** How a field that holds a SKU, or a batch, may be called: in a line sent and in an item read back. */
export const SKU_SAID =
	/^(sku|item_number|item_no|item_code|item|article|article_number|product_code|part_number)$/i;
export const BATCH_SAID = /^(batch|batch_number|lot|lot_number)$/i;

/** How a field playing a role may be called, by what it says. */
const SAID_BY: Record<LineRole, RegExp> = {
	sku: SKU_SAID,
	batch: BATCH_SAID,
	warehouse_code: /^(warehouse_code|warehouse|warehouse_id|site|site_code)$/i,
	quantity: /^(quantity|qty|on_hand|on_hand_qty|erp_quantity|erp_qty|counted_qty)$/i,
	quantity_delta: /^(quantity_delta|qty_delta|quantity_change|qty_change|delta|change)$/i,
	reason: /^(reason|reason_text|comment|note)$/i,
};

/** The roles of each route's records; those a run cannot do without must be told by the description. */
const LINE_ROUTES = {
	'/comparison_erp_on_hand/add': {
		roles: ['sku', 'batch', 'warehouse_code', 'quantity'],
		mustTell: ['sku', 'batch', 'quantity'],
	},
	'/comparison_adjustment_item/add': {
		roles: ['sku', 'batch', 'quantity_delta', 'reason'],
		mustTell: ['sku', 'batch', 'quantity_delta'],
	},
	'/comparison_platform_on_hand/set': {
		roles: ['sku', 'batch', 'quantity'],
		mustTell: ['sku', 'batch', 'quantity'],
	},
} satisfies Record<string, { roles: LineRole[]; mustTell: LineRole[] }>;

export type LineRoute = keyof typeof LINE_ROUTES;

export const isLineRoute = (route: string): route is LineRoute => route in LINE_ROUTES;

const ROLE_WORDS: Record<LineRole, string> = {
	sku: 'SKU',
	batch: 'batch',
	warehouse_code: 'warehouse',
	quantity: 'quantity',
	quantity_delta: 'quantity change',
	reason: 'reason',
};

/** A route's record fields by role: role → the platform's name (a role it has no field for is absent). */
export type TheirNames = Partial<Record<LineRole, string>>;

function stop(
	session: ExecuteSession,
	route: string,
	what: string,
	candidates: string[],
	others: string[],
	part = 'records',
): NodeOperationError {
	const node = session.ctx.getNode();
	return new NodeOperationError(
		node,
		`${node.name}: ${descriptionName(session.platform.source)} does not say which field of ${session.platform.path(route)}'s ${part} is the ${what}: ${
			candidates.length > 1
				? `${candidates.join(', ')} could each be it`
				: `none of ${others.map((name) => `"${name}"`).join(', ') || 'its fields'} reads as one`
		}`,
		{
			description:
				"Nothing was sent. Run the comparison's steps with this node's single operations (version 3 maps the platform's own fields), or call the route with the WMS Platform node's Call a Route.",
		},
	);
}

/** The one field of `names` that plays `role`: the built-in name itself, else the one that says it; else the candidates. */
function pick(role: LineRole, names: string[], taken: Set<string>): string | string[] {
	if (names.includes(role)) return role;
	const found = names.filter((name) => !taken.has(name) && SAID_BY[role].test(name));
	return found.length === 1 ? found[0] : found;
}

/** A line route's record fields by role, as the run's description names them; stops (before sending) where it cannot tell. */
export function theirNames(session: ExecuteSession, route: LineRoute): TheirNames {
	const { roles, mustTell } = LINE_ROUTES[route];
	const identity = Object.fromEntries(roles.map((role) => [role, role])) as TheirNames;
	if (session.platform.builtIn || !session.platform.has(route)) return identity;
	const names = session.platform.recordSpec(route).fields.map((field) => field.name);
	const chosen: TheirNames = {};
	const taken = new Set<string>();
	for (const role of roles) {
		const found = pick(role, names, taken);
		if (typeof found === 'string') {
			chosen[role] = found;
			taken.add(found);
		} else if (found.length > 1 || (mustTell as LineRole[]).includes(role))
			throw stop(session, route, ROLE_WORDS[role], found, names);
	}
	return chosen;
}

/** A record in the built-in names → in the platform's (a field it has no role for goes as it is). */
export function inTheirWords(names: TheirNames, record: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		const role = key as LineRole;
		if (role in SAID_BY && names[role] === undefined) continue;
		out[names[role] ?? key] = value;
	}
	return out;
}

/** A record spec in the platform's names → in the built-in ones, so lines are checked as Reconcile builds them. */
export function specInOurWords(spec: RecordSpec, names: TheirNames): RecordSpec {
	const ours = new Map(
		Object.entries(names)
			.filter(([role, theirs]) => role !== theirs)
			.map(([role, theirs]) => [theirs, role]),
	);
	// The same spec where nothing is named otherwise: checks that compare specs see it unchanged.
	if (ours.size === 0) return spec;
	const rename = (field: FieldSpec): FieldSpec =>
		ours.has(field.name) ? { ...field, name: ours.get(field.name)! } : field;
	return { ...spec, fields: spec.fields.map(rename) };
}

/**
 * An ERP line as Reconcile reads and checks it, in the built-in names. A platform whose counts
 * carry no warehouse field still compares per warehouse (one comparison each), so the line keeps
 * its warehouse, checked as the platform's comparisons take it, and it is not sent with the line.
 */
export function erpLineSpec(session: ExecuteSession, names: TheirNames): RecordSpec {
	const spec = specInOurWords(effectiveSpec(session, '/comparison_erp_on_hand/add'), names);
	if (names.warehouse_code !== undefined) return spec;
	const warehouse = effectiveSpec(session, '/comparison/add').fields.find(
		(field) => field.name === 'warehouse_code',
	);
	return warehouse
		? { ...spec, fields: [...spec.fields, { ...warehouse, required: false }] }
		: spec;
}

/** Process Items' list of SKUs as the description names it: the one list body field that says SKUs. */
const SKUS = /^(skus|item_numbers|item_nos|item_codes|items|articles|product_codes|part_numbers)$/i;
const PROCESS = '/comparison_item/process';

export function skusName(session: ExecuteSession): string {
	if (session.platform.builtIn || !session.platform.has(PROCESS)) return 'skus';
	const lists = session.platform
		.bodyFields(PROCESS)
		.filter((field) => field.type === 'stringList')
		.map((field) => field.name);
	if (lists.includes('skus')) return 'skus';
	const found = lists.filter((name) => SKUS.test(name));
	if (found.length === 1) return found[0];
	throw stop(session, PROCESS, 'list of SKUs to process', found, lists, 'request');
}

/** What one Reconcile run sends its lines as: ERP on-hand lines always, adjustments unless a dry run. */
export interface ReconcileWords {
	erpOnHand: TheirNames;
	adjustment: TheirNames;
}

export function reconcileWords(session: ExecuteSession, adjusting: boolean): ReconcileWords {
	return {
		erpOnHand: theirNames(session, '/comparison_erp_on_hand/add'),
		adjustment: adjusting ? theirNames(session, '/comparison_adjustment_item/add') : {},
	};
}

/** The field of a record (in whichever names it comes) that plays `role`, for checks that do not know the run's names. */
export function fieldPlaying(record: IDataObject, role: LineRole): string | undefined {
	return role in record ? role : Object.keys(record).find((key) => SAID_BY[role].test(key));
}
