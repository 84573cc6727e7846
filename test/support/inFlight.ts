/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * Requests in flight counted at the client: from when this process starts an HTTP request to a
 * path until it has read the whole answer (or the request failed). The platform's own count runs
 * from arrival to its answer's close, which can come after the client has read the answer and sent
 * the next request: it can count one more than the client ever had in flight.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

export interface InFlight {
	/** Requests in flight now. */
	readonly now: number;
	/** The most in flight at once since counting began. */
	readonly peak: number;
	/** Requests started since counting began. */
	readonly started: number;
	stop(): void;
}

const START = 'http.client.request.start';

/** Counts the requests this process sends whose path ends with `path`, until `stop()`. */
export function countInFlight(path: string): InFlight {
	let now = 0;
	let peak = 0;
	let started = 0;
	const onStart = (message: unknown) => {
		const request = (message as { request: ClientRequest }).request;
		if (!request.path.split('?')[0].endsWith(path)) return;
		started++;
		peak = Math.max(peak, ++now);
		let open = true;
		// Put before the client's own listeners: the count drops before the client hears of the answer.
		const done = () => {
			if (open) now--;
			open = false;
		};
		request.prependOnceListener('response', (response: IncomingMessage) => {
			response.prependOnceListener('end', done);
			response.prependOnceListener('close', done);
		});
		request.once('close', done);
	};
	subscribe(START, onStart);
	return {
		get now() {
			return now;
		},
		get peak() {
			return peak;
		},
		get started() {
			return started;
		},
		stop: () => unsubscribe(START, onStart),
	};
}
