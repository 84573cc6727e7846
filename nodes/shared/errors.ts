import type { IDataObject, INode, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** What the platform says in its error envelope (contract: components/schemas/Error). */
export interface PlatformErrorBody {
	code?: string;
	message?: string;
	details?: Array<{ path?: string; message?: string }>;
	request_id?: string;
}

/** The parts of a failed HTTP call the transport needs, whatever layer threw it. */
export interface FailedCall {
	status?: number;
	headers: Record<string, unknown>;
	body?: PlatformErrorBody;
	code?: string;
	message: string;
	/** The platform address the call went to, for messages about the connection. */
	baseUrl?: string;
}

const SECRET_PATTERNS = [/Bearer\s+[A-Za-z0-9._~+/=-]+/gi, /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g];

/** Removes bearer tokens (and anything JWT-shaped) from a text before a user or a log sees it. */
export function redact(text: string): string {
	return SECRET_PATTERNS.reduce((out, pattern) => out.replace(pattern, '[redacted]'), text);
}

function asObject(value: unknown): Record<string, unknown> | undefined {
	return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

function parseBody(data: unknown): PlatformErrorBody | undefined {
	let value = data;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			return undefined;
		}
	}
	const envelope = asObject(asObject(value)?.error);
	return envelope ? (envelope as PlatformErrorBody) : undefined;
}

/** Reads status, headers, error envelope and socket code from whatever n8n's request helpers threw. */
export function describeFailure(error: unknown): FailedCall {
	const outer = asObject(error) ?? {};
	const layers = [outer, asObject(outer.cause), asObject(asObject(outer.cause)?.cause)].filter(
		(layer): layer is Record<string, unknown> => layer !== undefined,
	);
	let status: number | undefined;
	let headers: Record<string, unknown> = {};
	let body: PlatformErrorBody | undefined;
	let code: string | undefined;
	for (const layer of layers) {
		const response = asObject(layer.response);
		status ??= Number(response?.status ?? response?.statusCode ?? layer.httpCode ?? layer.statusCode) || undefined;
		if (response?.headers && Object.keys(headers).length === 0) headers = asObject(response.headers) ?? {};
		body ??= parseBody(response?.data ?? response?.body ?? layer.error);
		if (typeof layer.code === 'string' && !code && layer.code !== 'ERR_BAD_RESPONSE' && layer.code !== 'ERR_BAD_REQUEST') {
			code = layer.code;
		}
	}
	const message = String(outer.message ?? 'request failed');
	return { status, headers, body, code, message: redact(message) };
}

/**
 * Socket codes in words. (A raw code like ECONNREFUSED in a message makes n8n swap the whole
 * message for its generic text, losing the base URL the user needs to check.)
 */
export function connectionProblemInWords(code: string | undefined): string {
	const words: Record<string, string> = {
		ECONNREFUSED: 'connection refused',
		ENOTFOUND: 'host not found',
		EAI_AGAIN: 'host name lookup failed',
		ETIMEDOUT: 'timed out',
		ESOCKETTIMEDOUT: 'timed out',
		ECONNABORTED: 'no answer within the timeout',
		ECONNRESET: 'connection closed by the other side',
		EPIPE: 'connection closed by the other side',
		CERT_HAS_EXPIRED: 'its TLS certificate has expired',
		DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
	};
	return (code && words[code]) ?? 'no answer';
}

/** Socket failures that happen before a connection exists: the address is the first suspect. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT']);

/** One line a user can act on, built from the platform's own words where it gave any. */
export function platformMessage(failure: FailedCall): string {
	const { status, body } = failure;
	if (status === 401) {
		return 'The platform rejected the access token twice (HTTP 401): check the credential\'s client ID and secret, and that the client is still enabled on the platform';
	}
	if (body?.message) return `${redact(body.message)}${status ? ` (HTTP ${status}${body.code ? `, ${body.code}` : ''})` : ''}`;
	if (status) return `The platform answered HTTP ${status}`;
	if (failure.code) {
		const at = failure.baseUrl ? ` at ${failure.baseUrl}` : '';
		const words = connectionProblemInWords(failure.code);
		return NEVER_CONNECTED.has(failure.code)
			? `Could not reach the platform${at} (${words}): check the credential's Base URL and that the platform is up`
			: `The connection to the platform${at} was lost (${words})`;
	}
	return failure.message;
}

export function toNodeApiError(
	node: INode,
	failure: FailedCall,
	context: { itemIndex?: number; route: string; attempts?: number },
): NodeApiError {
	const details = (failure.body?.details ?? [])
		.map((d) => `${d.path ?? ''}: ${redact(d.message ?? '')}`)
		.join('; ');
	const tried = context.attempts && context.attempts > 1 ? ` after ${context.attempts} attempts` : '';
	const error = new NodeApiError(node, { message: platformMessage(failure) } as JsonObject, {
		message: `${platformMessage(failure)}${tried}`,
		description: `Route ${context.route}${details ? `. Details: ${details}` : ''}${
			failure.body?.request_id ? `. Request ID: ${failure.body.request_id}` : ''
		}`,
		httpCode: failure.status ? String(failure.status) : undefined,
		itemIndex: context.itemIndex,
	});
	return error;
}

/** An input problem found before anything is sent: names node, item and field, and says what to do. */
export function itemError(node: INode, itemIndex: number, field: string, problem: string): NodeOperationError {
	return new NodeOperationError(node, `Item ${itemIndex}: field "${field}" ${problem}`, {
		itemIndex,
		description: `Fix field "${field}" of input item ${itemIndex} (counting from 0) and run the node again. Nothing was sent for this item.`,
	});
}

/**
 * The item n8n routes to the node's error output (or keeps in the main output under
 * "Continue"), paired with the input item it stands for. Only `error`, `message` and
 * `details` in json, which is what n8n's error-output routing recognises.
 */
export function errorItem(itemIndex: number, error: NodeApiError | NodeOperationError): INodeExecutionData {
	const json: IDataObject = { error: redact(error.message) };
	if (error.description) json.details = redact(error.description);
	return { json, error, pairedItem: { item: itemIndex } };
}
