/**
 * Where Set Complete and Set Error take the update from ("Fields to Send"): the form, or the
 * input item, so the usual wiring needs no mapping — the trigger's item as is; any item further
 * down the workflow that n8n pairs back to a trigger item (an ERP step's output); an item from an
 * n8n error output, which carries `error` / `details` beside the fields of the item that failed.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	IWorkflowDataProxyData,
} from 'n8n-workflow';

import { itemError, type RefuseAs } from '../../../shared/checking';
import { inFormWords } from '../../../shared/form/words';
import { recordSpec } from '../../../shared/platform';
import { kindInfo } from '../../../shared/erpUpdateKinds';
import { showFor, type ResourceOperation } from '../../../shared/form/properties';
import { asObject, isObject } from '../../../shared/objects';

export type Source = 'inputItem' | 'define';

/** What to do where a platform's description marks updates otherwise than Set Complete and Set Error send them. */
export const UPDATE_INSTEAD =
	"Mark the updates with the WMS Platform node's Call a Route, using the platform's own route and fields";

/** Set Complete's and Set Error's update ID and ERP reference fields, as the form names them. */
const spec = {
	fields: [
		...recordSpec('/erp_update/set_complete').fields,
		...recordSpec('/erp_update/set_error').fields,
	],
};

const TRIGGER_TYPE = /(^|\.)wmsErpUpdateTrigger$/;
const ID_KEYS = ['id', 'erp_update_id', 'update_id', 'erpUpdateId', 'updateId'];

export function sourceProperty(op: ResourceOperation, inputDescription: string): INodeProperties {
	return {
		displayName: 'Fields to Send',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		displayOptions: showFor(op),
		options: [
			{ name: 'From Each Input Item', value: 'inputItem', description: inputDescription },
			{
				name: 'Define Below',
				value: 'define',
				description: 'Fill in the fields in this form (expressions welcome)',
			},
		],
		default: 'inputItem',
	};
}

export function sourceOf(ctx: IExecuteFunctions, itemIndex: number): Source {
	return ctx.getNodeParameter('source', itemIndex, 'inputItem') as Source;
}

/** How checks name an update's fields: as the form does when it was filled in, else as the item has them. */
export function inForm(ctx: IExecuteFunctions, itemIndex: number): RefuseAs {
	return sourceOf(ctx, itemIndex) === 'define' ? { label: inFormWords(spec.fields) } : {};
}

function text(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** An update ID is any JSON text or number: a platform with numeric IDs gets its numbers back. */
export type UpdateId = string | number;

function updateId(value: unknown): UpdateId | undefined {
	return typeof value === 'number' && Number.isFinite(value) ? value : text(value);
}

/** The checked record with its ID as the platform gave it (the check reads a number as its digits). */
export function withUpdateId<T extends IDataObject>(record: T, id: UpdateId): T {
	return typeof id === 'number' ? { ...record, id } : record;
}

/**
 * Where each input item of one execution stems from: the WMS ERP Update Trigger nodes this node
 * descends from, nearest first, and n8n's data proxy to follow an item back to them (made once:
 * building one per item costs about a millisecond each).
 */
export class TriggerLineage {
	private readonly triggers: string[];
	private proxy?: IWorkflowDataProxyData;

	constructor(private readonly ctx: IExecuteFunctions) {
		this.triggers = ctx
			.getParentNodes(ctx.getNode().name)
			.filter((node) => TRIGGER_TYPE.test(node.type))
			.map((node) => node.name);
	}

	/** The trigger item this input item stems from (n8n's paired-item chain), if any. */
	triggerItem(itemIndex: number): IDataObject | undefined {
		if (this.triggers.length === 0) return undefined;
		this.proxy ??= this.ctx.getWorkflowDataProxy(0);
		for (const name of this.triggers) {
			try {
				const node = this.proxy.$(name) as {
					itemMatching(index: number): { json?: unknown } | undefined;
				};
				const json = node.itemMatching(itemIndex)?.json;
				if (isObject(json) && text(json.id)) return json;
			} catch {
				// No unambiguous link back to this trigger: try the next one, then the item itself.
			}
		}
		return undefined;
	}

	/**
	 * The update ID for one input item: its own when the item is an ERP update; else that of the
	 * trigger item it stems from, because an ERP step's answer may well have an `id` of its own (the
	 * ERP's document); else a field named like an update ID.
	 */
	private updateIdOfItem(itemIndex: number): UpdateId | undefined {
		const json = this.ctx.getInputData()[itemIndex]?.json ?? {};
		if (isErpUpdate(json)) return updateId(json.id);
		const fromTrigger = this.triggerItem(itemIndex);
		if (fromTrigger) return updateId(fromTrigger.id);
		for (const key of ID_KEYS) {
			const id = updateId(json[key]);
			if (id !== undefined) return id;
		}
		return undefined;
	}

	/** The kind of update an input item stands for (outgoing_consignment…), when the item or the trigger item it stems from says. */
	kindOf(itemIndex: number): string | undefined {
		if (sourceOf(this.ctx, itemIndex) === 'define') return undefined;
		const json = this.ctx.getInputData()[itemIndex]?.json ?? {};
		const kind = isErpUpdate(json) ? json.kind : this.triggerItem(itemIndex)?.kind;
		return typeof kind === 'string' && kindInfo(kind) ? kind : undefined;
	}

	/** The update ID of one item, from the form or from the item; an item error naming what to do when there is none. */
	requireUpdateId(itemIndex: number): UpdateId {
		const source = sourceOf(this.ctx, itemIndex);
		const id =
			source === 'define'
				? updateId(this.ctx.getNodeParameter('id', itemIndex, ''))
				: this.updateIdOfItem(itemIndex);
		if (id === undefined) {
			const problem =
				source === 'define'
					? 'is empty'
					: 'was not found: the input item has no "id" and does not stem from a WMS ERP Update Trigger item. Set Fields to Send to Define Below and map the ID';
			throw itemError(this.ctx.getNode(), itemIndex, 'Update ID', problem);
		}
		return id;
	}
}

/** An item that is an ERP update itself (the trigger's, Get Many's, or an error-output item merged with one). */
function isErpUpdate(json: IDataObject): boolean {
	return (
		text(json.id) !== undefined &&
		typeof json.kind === 'string' &&
		kindInfo(json.kind) !== undefined
	);
}

/** The error an item reports: an n8n error-output item (`error`, `details`) or fields named like the platform's. */
/**
 * From version 2, what Set Complete or Set Error did to an update, in a person's words: which
 * update, of which kind, the status it has now, whether this run changed it, and what it holds.
 */
export function markedUpdate(
	lineage: TriggerLineage,
	status: 'complete' | 'error',
): (answer: IDataObject, record: IDataObject | undefined, itemIndexes: number[]) => IDataObject {
	return (answer, record, [itemIndex]) => {
		const unchanged = answer.status === 'unchanged';
		const said: IDataObject = {
			id: record?.id ?? answer.key,
			kind: lineage.kindOf(itemIndex),
			status,
			result:
				status === 'complete'
					? unchanged
						? 'was already complete'
						: 'marked complete'
					: unchanged
						? 'already had this error'
						: 'marked as error',
		};
		if (said.kind === undefined) delete said.kind;
		if (status === 'complete' && record?.erp_reference !== undefined)
			said.erp_reference = record.erp_reference;
		if (status === 'error') {
			said.error_message = record?.message;
			if (record?.code !== undefined) said.error_code = record.code;
		}
		return said;
	};
}

export function errorOf(json: IDataObject): { message?: string; code?: string } {
	const error = json.error;
	const asError = asObject(error);
	const message =
		text(error) ?? text(asError?.message) ?? text(json.message) ?? text(json.error_message);
	const details = text(json.details) ?? text(asError?.description);
	const code =
		text(json.code) ??
		text(json.error_code) ??
		text(asError?.code) ??
		text(asError?.httpCode) ??
		(json.httpCode !== undefined ? text(json.httpCode) : undefined);
	const full =
		message && details && !message.includes(details) ? `${message} — ${details}` : message;
	return { message: full?.slice(0, 2000), code: code?.slice(0, 50) };
}
