/** The platform's error envelope, thrown by handlers and turned into a response by the server. */
export interface ErrorDetail {
	path: string;
	message: string;
}

export type ErrorCode =
	| 'malformed_json'
	| 'invalid_token'
	| 'invalid_client'
	| 'not_found'
	| 'method_not_allowed'
	| 'state_conflict'
	| 'too_many_items'
	| 'unsupported_media_type'
	| 'validation_failed'
	| 'reference_not_found'
	| 'rate_limited'
	| 'unavailable';

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: ErrorCode,
		message: string,
		readonly details?: ErrorDetail[],
		readonly headers?: Record<string, string>,
	) {
		super(message);
	}
}

export function notFound(message: string): ApiError {
	return new ApiError(404, 'not_found', message);
}

export function conflict(message: string, path?: string): ApiError {
	return new ApiError(
		409,
		'state_conflict',
		message,
		path === undefined ? undefined : [{ path, message }],
	);
}

interface Problem extends ErrorDetail {
	status: 404 | 409 | 422;
	code: ErrorCode;
}

/**
 * Collects every failing row of a bulk write so that one answer names them all (writes are
 * atomic: one failure rejects the request). 422 wins over 404 and 404 over 409: a request that
 * is wrong in itself is reported as such before any state conflict.
 */
export class Problems {
	readonly list: Problem[] = [];

	invalid(path: string, message: string): void {
		this.list.push({ path, message, status: 422, code: 'validation_failed' });
	}

	missing(path: string, message: string): void {
		this.list.push({ path, message, status: 422, code: 'reference_not_found' });
	}

	unknown(path: string, message: string): void {
		this.list.push({ path, message, status: 404, code: 'not_found' });
	}

	conflict(path: string, message: string): void {
		this.list.push({ path, message, status: 409, code: 'state_conflict' });
	}

	get empty(): boolean {
		return this.list.length === 0;
	}

	throwIfAny(): void {
		if (this.list.length === 0) return;
		const rank = (p: Problem) => (p.status === 422 ? 0 : p.status === 404 ? 1 : 2);
		const first = this.list.reduce((best, p) => (rank(p) < rank(best) ? p : best), this.list[0]);
		const more = this.list.length - 1;
		const message = more > 0 ? `${first.message} (and ${more} more; see details)` : first.message;
		const details = this.list.map(({ path, message: m }) => ({ path, message: m }));
		throw new ApiError(first.status, first.code, message, details);
	}
}
