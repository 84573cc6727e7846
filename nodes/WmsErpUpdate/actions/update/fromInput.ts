/**
 * Reads what Set Complete and Set Error need from an input item, so the usual wiring needs no
 * mapping: the trigger's item as is; any item further down the workflow that n8n pairs back to
 * a trigger item (an ERP step's output); an item from an n8n error output, which carries
 * `error` / `details` beside the fields of the item that failed.
 */
import type { IDataObject, IExecuteFunctions, IWorkflowDataProxyData } from 'n8n-workflow';

import { kindInfo } from '../../../shared/specs/erpUpdate';

const TRIGGER_TYPE = /(^|\.)wmsErpUpdateTrigger$/;
const ID_KEYS = ['id', 'erp_update_id', 'update_id', 'erpUpdateId', 'updateId'];

function text(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function objectOf(value: unknown): IDataObject | undefined {
	return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : undefined;
}

/** The WMS ERP Update Trigger nodes this node descends from, nearest first. */
export function triggerAncestors(ctx: IExecuteFunctions): string[] {
	return ctx
		.getParentNodes(ctx.getNode().name)
		.filter((node) => TRIGGER_TYPE.test(node.type))
		.map((node) => node.name);
}

/** One data proxy per execution: building one per item costs about a millisecond each. */
const proxies = new WeakMap<IExecuteFunctions, IWorkflowDataProxyData>();

/** The trigger item this input item stems from (n8n's paired-item chain), if any. */
function pairedTriggerItem(ctx: IExecuteFunctions, itemIndex: number, triggers: string[]): IDataObject | undefined {
	if (triggers.length === 0) return undefined;
	let proxy = proxies.get(ctx);
	if (!proxy) proxies.set(ctx, (proxy = ctx.getWorkflowDataProxy(0)));
	for (const name of triggers) {
		try {
			const node = proxy.$(name) as { itemMatching(index: number): { json?: unknown } | undefined };
			const json = objectOf(node.itemMatching(itemIndex)?.json);
			if (json && text(json.id)) return json;
		} catch {
			// No unambiguous link back to this trigger: try the next one, then the item itself.
		}
	}
	return undefined;
}

/** An item that is an ERP update itself (the trigger's, Get Many's, or an error-output item merged with one). */
function isErpUpdate(json: IDataObject): boolean {
	return text(json.id) !== undefined && typeof json.kind === 'string' && kindInfo(json.kind) !== undefined;
}

/**
 * The update ID for one input item: its own when the item is an ERP update; else that of the
 * trigger item it stems from, because an ERP step's answer may well have an `id` of its own (the
 * ERP's document); else a field named like an update ID.
 */
export function updateIdOf(ctx: IExecuteFunctions, itemIndex: number, triggers: string[]): string | undefined {
	const json = ctx.getInputData()[itemIndex]?.json ?? {};
	if (isErpUpdate(json)) return text(json.id);
	const fromTrigger = pairedTriggerItem(ctx, itemIndex, triggers);
	if (fromTrigger) return text(fromTrigger.id);
	for (const key of ID_KEYS) {
		const id = text(json[key]);
		if (id) return id;
	}
	return undefined;
}

/** The error an item reports: an n8n error-output item (`error`, `details`) or fields named like the platform's. */
export function errorOf(json: IDataObject): { message?: string; code?: string } {
	const error = json.error;
	const asObject = objectOf(error);
	const message = text(error) ?? text(asObject?.message) ?? text(json.message) ?? text(json.error_message);
	const details = text(json.details) ?? text(asObject?.description);
	const code =
		text(json.code) ??
		text(json.error_code) ??
		text(asObject?.code) ??
		text(asObject?.httpCode) ??
		(json.httpCode !== undefined ? text(json.httpCode) : undefined);
	const full = message && details && !message.includes(details) ? `${message} — ${details}` : message;
	return { message: full?.slice(0, 2000), code: code?.slice(0, 50) };
}
