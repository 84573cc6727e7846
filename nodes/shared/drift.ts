/**
 * A node's form was made from one description; the run follows the effective one (the platform's
 * own, where the credential says so). Where the two part — a field the form sends that the
 * platform no longer has, a field the platform now requires that the form cannot give, a filter
 * it does not take, a route it does not have — the run stops before anything is sent, with an
 * error naming the node, the field and what to do. A lower limit is simply followed (bulk writes
 * take the effective route's).
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { camelName } from './checking';
import { chosenKey } from './form/mapperRead';
import {
	descriptionName,
	PlatformGap,
	type ContractField,
	type RecordCheck,
	type RecordSpec,
} from './platform';
import type { Session } from './session';

/** What a person does when the platform's description and this node's form part. */
function remedy(session: Session): string {
	return session.platform.builtIn
		? "Change the node, or set the credential's API Description to the platform's own"
		: "Open the node and choose the platform's fields again (at node version 3 the form is loaded from the platform's description: refresh it), or send the records with Fields to Send → Use Each Input Item As Is or JSON, named as the platform names them";
}

/** A PlatformGap (or any other failure to read the description's route) as the node's error, in words. */
export function gapError(session: Session, error: unknown): NodeOperationError {
	const node = session.ctx.getNode();
	if (error instanceof PlatformGap)
		return new NodeOperationError(node, `${node.name}: ${error.message}`, {
			description: `${remedy(session)}. Nothing was sent.`,
		});
	return error instanceof NodeOperationError ? error : new NodeOperationError(node, error as Error);
}

/** The effective description's record of a bulk route (with the node's cross-field checks), or the node's error. */
export function effectiveSpec(session: Session, route: string, checks?: RecordCheck[]): RecordSpec {
	try {
		session.platform.need(route);
		return session.platform.recordSpec(route, checks);
	} catch (error) {
		throw gapError(session, error);
	}
}

/** The effective description's filters of a read route, or the node's error. */
export function effectiveFilters(session: Session, route: string): ContractField[] {
	try {
		session.platform.need(route);
		return session.platform.filterFields(route);
	} catch (error) {
		throw gapError(session, error);
	}
}

function stop(session: Session, route: string, what: string): never {
	const node = session.ctx.getNode();
	throw new NodeOperationError(
		node,
		`${node.name}: ${descriptionName(session.platform.source)} ${what} on ${session.platform.path(route)}`,
		{ description: `${remedy(session)}. Nothing was sent.` },
	);
}

/**
 * A record filled in the form, held against the effective description before anything is sent:
 * every field the form sets must be one of the platform's (Extra Fields go as they are), and every
 * field the platform requires must be one the form sets. Read from the node's parameters, so one
 * check stands for every item.
 */
export function checkFormAgainst(
	session: Session,
	route: string,
	form: RecordSpec,
	effective: RecordSpec,
): void {
	if (effective === form) return;
	const parameters = session.ctx.getNode().parameters;
	const additional = Object.keys((parameters.additionalFields as IDataObject | undefined) ?? {});
	const extra = (
		((parameters.extraFields as IDataObject | undefined)?.field as IDataObject[] | undefined) ?? []
	).map((entry) => String(entry.name ?? '').trim());
	const set = form.fields.filter(
		(field) => field.required || additional.includes(camelName(field.name)),
	);
	const known = new Set(effective.fields.map((field) => field.name));
	const gone = set.find((field) => !known.has(field.name));
	if (gone)
		stop(
			session,
			route,
			`has no field "${gone.label}" (${gone.name}), which this node's form sets`,
		);
	const given = new Set([...set.map((field) => field.name), ...extra]);
	const missing = effective.fields.filter((field) => field.required && !given.has(field.name));
	if (missing.length)
		stop(
			session,
			route,
			`requires ${missing.map((field) => `"${field.label}" (${field.name})`).join(', ')}, which this node's form does not set (add ${missing.length === 1 ? 'it' : 'them'} under Extra Fields, named as the platform names ${missing.length === 1 ? 'it' : 'them'})`,
		);
}

/**
 * The filters a person set in the form, as the effective description names them: each must be one
 * of its filters; the key list goes under the platform's key list (`keyList` → its own name).
 */
export function effectiveFilter(
	session: Session,
	route: string,
	filter: IDataObject,
	formFilters: ContractField[],
	keyList?: { form: string; platform: string },
): IDataObject {
	if (session.platform.builtIn) return filter;
	const known = new Set(effectiveFilters(session, route).map((field) => field.name));
	const out: IDataObject = {};
	for (const [name, value] of Object.entries(filter)) {
		if (keyList && name === keyList.form) out[keyList.platform] = value;
		else if (known.has(name)) out[name] = value;
		else {
			const label = formFilters.find((field) => field.name === name)?.label ?? name;
			stop(session, route, `has no filter "${label}" (${name}), which this node's Filters set`);
		}
	}
	return out;
}

/** The routes and fields a fixed flow (Reconcile, the trigger) needs: route → fields by path ("items.sku", "comparison_id"). */
export type Needs = Record<string, string[]>;

/**
 * Stops the run, before anything is sent, when the effective description lacks a route or field
 * a fixed flow needs: every one missing, named, and what to do instead.
 */
export function requireAll(session: Session, flow: string, needs: Needs, instead: string): void {
	if (session.platform.builtIn) return;
	const missing: string[] = [];
	for (const [route, fields] of Object.entries(needs)) {
		if (!session.platform.has(route)) {
			missing.push(route);
			continue;
		}
		const records = session.platform.wire(route).records ?? 'items';
		for (const path of fields) {
			try {
				session.platform.requestField(route, path.replace(/^items\./, `${records}.`));
			} catch {
				missing.push(`${path.replace(/^items\./, '')} on ${route}`);
			}
		}
	}
	if (missing.length === 0) return;
	const node = session.ctx.getNode();
	throw new NodeOperationError(
		node,
		`${node.name}: ${flow} needs what ${descriptionName(session.platform.source)} does not have: ${missing.join(', ')}`,
		{ description: `${instead}. Nothing was sent.` },
	);
}

/**
 * The run as it is, or with the key the person chose in the mapper for this route's records
 * (Key to Match On) where it is not the description's: results are paired by it, a key is never in
 * two requests at once, and a lost answer is read back by it.
 */
export function withChosenKey<S extends Session>(session: S, route: string): S {
	const chosen = chosenKey(session);
	const known = session.platform.route(route).naturalKey;
	if (!chosen || chosen.join('|') === known?.join('|')) return session;
	return { ...session, platform: session.platform.withKey(route, chosen) };
}
