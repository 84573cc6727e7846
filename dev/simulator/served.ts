/** What the front serves: a route table by path, for our contract or for a shape's document. */
import type { Contract, ContractRoute } from './contract';
import type { Handler, Sim } from './kit';
import { runRoute } from './server';

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface ServedRoute {
	/** The path as the served document names it (stats and faults use it). */
	path: string;
	needsToken: boolean;
	/** Rows the body sends (the time per row is spent on them). */
	rows(body: any): number;
	/** Limits, validation, the handler: the answer, or an ApiError. */
	run(body: any): unknown;
	/** Records the answer carries (the time per record read). */
	records(result: any): number;
	/** What stats count as this request's items: rows written, records read. */
	counted(body: any, result: any): number;
}

const length = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** Our contract's routes, run as they are. */
export function contractRoutes(
	contract: Contract,
	handlers: Map<string, Handler>,
	sim: Sim,
): Map<string, ServedRoute> {
	const out = new Map<string, ServedRoute>();
	for (const route of contract.routes.values()) out.set(route.path, served(route, handlers, sim));
	return out;
}

function served(route: ContractRoute, handlers: Map<string, Handler>, sim: Sim): ServedRoute {
	return {
		path: route.path,
		needsToken: route.needsToken,
		rows: (body) => length(body?.items),
		run: (body) => runRoute(route, handlers, sim, body),
		records: (result) => length(result?.items),
		counted: (body, result) => {
			if (Array.isArray(body?.items)) return body.items.length;
			if (Array.isArray(result?.items)) return result.items.length;
			if (Array.isArray(result?.results)) return result.results.length;
			return route.path === '/oauth/token' ? 0 : 1;
		},
	};
}
