/**
 * What an error item says: the failure as n8n's error naming the input items it stands for, and the
 * json of its item — `error` (what, where, whether re-running helps) and `message`.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { InputProblem, problemText } from './checking';
import { fieldPath, INPUT_ITEMS_NAMED } from './counting';
import { pairs } from './inputOrder';
import type { ExecuteSession } from './session';
import { PlatformError } from './transport/errors';
import { sentNothing } from './transport/failure';
import { fromVersion } from './version';

/** What the caller knows of a failure beyond the error itself. */
export interface FailureFacts {
	code?: string;
	retryable?: boolean;
	status?: number | null;
}

/** Any failure as the n8n error that names the input items it stands for. */
export function errorFor(
	session: ExecuteSession,
	error: unknown,
	itemIndexes: number[],
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) return error;
	if (error instanceof NodeApiError) {
		error.context.itemIndex ??= itemIndexes[0];
		return error;
	}
	return new NodeOperationError(session.ctx.getNode(), error as Error, {
		itemIndex: itemIndexes[0],
	});
}

/** The message, naming the record (or item) first. */
export function named(error: NodeApiError | NodeOperationError, name: string): string {
	if (error instanceof InputProblem)
		return `${name}${problemText(error.label, error.problem, error.lines)}`;
	return `${name}: ${error.message.replace(INPUT_ITEMS_NAMED, '')}`;
}

/**
 * The field a failure is about: the input's field, or the one the platform named. From version 3
 * counted from 1 as everything a person reads (`lines.1.quantity`); before, as it was output
 * (`lines[0].quantity`).
 */
function fieldOf(error: Error, fromOne: boolean): string | null {
	const field =
		error instanceof InputProblem
			? error.field
			: error instanceof PlatformError
				? error.field
				: undefined;
	if (!field) return null;
	return fromOne ? fieldPath(field) : field;
}

function statusOf(error: NodeApiError | NodeOperationError): number | null {
	if (error instanceof PlatformError) return error.status ?? null;
	return error instanceof NodeApiError && error.httpCode ? Number(error.httpCode) || null : null;
}

function codeOf(error: NodeApiError | NodeOperationError): string {
	if (error instanceof InputProblem) return 'invalid_input';
	if (error instanceof PlatformError ? error.notSent : sentNothing(error)) return 'not_sent';
	if (error instanceof PlatformError)
		return error.body?.code ?? (error.status ? `http_${error.status}` : 'no_answer');
	return error instanceof NodeApiError && error.httpCode ? `http_${error.httpCode}` : 'failed';
}

/**
 * What an error item says, in the json keys n8n's error-output routing recognises (1.x and 2.x):
 * `error` (what, where, whether re-running helps) and `message`, nothing else. `fromOne`: the
 * field counted from 1 (version 3 on).
 */
export function errorJson(
	error: NodeApiError | NodeOperationError,
	key?: IDataObject,
	facts: FailureFacts = {},
	fromOne = false,
): IDataObject {
	// Already free of secrets: what the platform said was scrubbed as it came in (transport/secrets.ts).
	const { message } = error;
	const structured: IDataObject = {
		message,
		field: fieldOf(error, fromOne),
		code: facts.code ?? codeOf(error),
		status: facts.status !== undefined ? facts.status : statusOf(error),
		retryable: facts.retryable ?? (error instanceof PlatformError ? error.retryable : false),
	};
	if (key) structured.record = key;
	if (error.description) structured.details = error.description;
	return { error: structured, message };
}

/**
 * From version 2 an error item reads reason first: `message` before the parts of `error`, and under
 * "Continue" (regular output), where the node itself adds the input item's fields, the record's key
 * and the message before them. (On the error output n8n puts the input item's fields first.)
 */
export function readableErrorItem(
	json: IDataObject,
	input: IDataObject | undefined,
	key: IDataObject | undefined,
): IDataObject {
	const { message, error, ...rest } = json;
	const item: IDataObject = { ...key, message };
	// The input's own fields keep their places after these, the node's say last what they say.
	Object.assign(item, input, rest);
	item.message = message;
	item.error = error;
	return item;
}

/**
 * The item n8n routes to the error output: `error` (what, where, whether re-running helps) and
 * `message`, nothing else, which is what n8n's routing recognises (1.x and 2.x); n8n then adds
 * the input item's fields itself. Under "Continue" (regular output) n8n adds nothing, so the
 * input item's fields are added here. The error object itself is not attached: n8n would
 * rewrite the json to its message alone.
 */
export function errorOutputItem(
	session: ExecuteSession,
	itemIndexes: number[],
	error: NodeApiError | NodeOperationError,
	key: IDataObject | undefined,
	facts: FailureFacts,
): INodeExecutionData {
	const json = errorJson(error, key, facts, fromVersion(session.ctx, 3));
	const routed = session.ctx.getNode().onError === 'continueErrorOutput';
	const input = routed ? undefined : session.ctx.getInputData()[itemIndexes[0]]?.json;
	const readable = fromVersion(session.ctx, 2);
	return {
		json: readable
			? readableErrorItem(json, input, routed ? undefined : key)
			: { ...input, ...json },
		pairedItem: pairs(itemIndexes),
	};
}
