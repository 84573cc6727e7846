/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/** The simulator's control API under /_sim/ (not part of the contract; no token needed). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from './errors';
import { errorPayload, sendJson } from './server';
import type { RunningSimulator } from './index';
import { KINDS, type Kind, type Rec } from './store';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Action = (body: any, method: string) => unknown;

export function createControl(sim: () => RunningSimulator) {
	const actions: Record<string, Action> = {
		'/_sim/stats': () => sim().stats(),
		'/_sim/reset-stats': () => (sim().resetStats(), { ok: true }),
		'/_sim/faults': (body, method) => {
			if (method === 'DELETE') return (sim().faults.clear(), { ok: true });
			if (method === 'GET') return { rules: sim().faults.list() };
			for (const rule of Array.isArray(body) ? body : [body]) sim().faults.add(rule);
			return { rules: sim().faults.list() };
		},
		'/_sim/revoke-tokens': () => (sim().revokeTokens(), { ok: true }),
		'/_sim/latency': (body, method) => {
			if (method === 'DELETE') sim().latency.set({});
			else if (method !== 'GET') sim().latency.set(body);
			return sim().latency.get();
		},
		'/_sim/rate-limit': (body, method) => {
			if (method === 'DELETE') sim().rateLimit.set(null);
			else if (method !== 'GET') sim().rateLimit.set(body);
			return { rateLimit: sim().rateLimit.get() };
		},
		'/_sim/load': () => sim().load(),
		// The description served: GET reads it, POST replaces it (a source) or changes how it is served (options), DELETE restores the start's.
		'/_sim/description': (body, method) => {
			const d = sim().description;
			if (method === 'DELETE') d.reset();
			else if (method !== 'GET') {
				if (body.options) d.configure(body.options);
				const source = { ...body };
				delete source.options;
				if (Object.keys(source).length > 0) d.set(source);
			}
			return { ...d.get(), urls: d.urls, requests: d.requests() };
		},
		// How many records of a kind have keys with this prefix, and how many of them hold `equals` in `field`.
		'/_sim/count': (b) => {
			const kind = required(b, 'kind') as Kind;
			const key = String(required(b, 'key'));
			const prefix = String(b.keyPrefix ?? '');
			let records = 0;
			let matching = 0;
			for (const record of sim().store.list(kind)) {
				if (!String(record[key]).startsWith(prefix)) continue;
				records++;
				if (b.field !== undefined && record[b.field] === b.equals) matching++;
			}
			return { records, matching };
		},
		'/_sim/work/ship': (b) => sim().work.shipSalesOrder(required(b, 'order_number')),
		'/_sim/work/receive': (b) =>
			sim().work.receivePurchaseOrder(required(b, 'order_number'), b.lines),
		'/_sim/work/move': (b) => sim().work.moveStock(b),
		'/_sim/work/transition': (b) =>
			sim().work.transition(required(b, 'kind') as Kind, required(b, 'key'), required(b, 'to')),
		'/_sim/work/pending-updates': (b) => ({
			// `payloads`: the work itself (the receipts of purchase orders the ERP has), else `n` samples.
			ids: Array.isArray(b.payloads)
				? b.payloads.map((payload: Rec) =>
						sim().work.createUpdate(required(b, 'kind') as any, payload),
					)
				: sim().work.createPendingUpdates(required(b, 'kind') as any, b.n ?? 1),
		}),
		'/_sim/work/tick': () => sim().work.tick(),
		'/_sim/work/stock': (b) => {
			// An array seeds many lines in one call (benchmarks put hundreds of thousands on hand).
			if (Array.isArray(b)) {
				for (const line of b)
					sim().work.seedStock(
						required(line, 'warehouse_code'),
						required(line, 'sku'),
						Number(required(line, 'quantity')),
						line.batch,
						line.bin_code,
					);
				return { seeded: b.length };
			}
			sim().work.seedStock(
				required(b, 'warehouse_code'),
				required(b, 'sku'),
				Number(required(b, 'quantity')),
				b.batch,
				b.bin_code,
			);
			return { on_hand: sim().store.onHand(b.warehouse_code, b.sku, b.batch) };
		},
	};

	return (req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer): void => {
		const method = req.method ?? 'GET';
		try {
			let body: any = {};
			if (raw.length > 0) {
				try {
					body = JSON.parse(raw.toString('utf8'));
				} catch (e) {
					throw new ApiError(
						400,
						'malformed_json',
						`request body is not valid JSON: ${(e as Error).message}`,
					);
				}
			}
			const storeMatch = /^\/_sim\/store\/([a-z_]+)$/.exec(path);
			if (storeMatch) {
				const kind = storeMatch[1] as Kind;
				if (!KINDS.includes(kind))
					throw new ApiError(404, 'not_found', `unknown kind ${kind}; known: ${KINDS.join(', ')}`);
				const query = new URL(req.url ?? '/', 'http://sim').searchParams;
				const key = body.key ?? query.get('key') ?? undefined;
				if (key !== undefined) {
					const rec = sim().store.get(kind, key);
					if (!rec) throw new ApiError(404, 'not_found', `${kind} ${key} does not exist`);
					return sendJson(res, 200, rec);
				}
				if (query.has('count')) return sendJson(res, 200, { count: sim().store.count(kind) });
				return sendJson(res, 200, {
					count: sim().store.count(kind),
					items: sim().store.list(kind),
				});
			}
			const action = actions[path];
			if (!action)
				throw new ApiError(
					404,
					'not_found',
					`no control route ${path}; known: ${Object.keys(actions).join(', ')}, /_sim/store/<kind>`,
				);
			sendJson(res, 200, action(body, method) ?? { ok: true });
		} catch (err) {
			const e =
				err instanceof ApiError
					? err
					: new ApiError(400, 'validation_failed', (err as Error).message);
			sendJson(res, e.status, errorPayload(e, 'sim'));
		}
	};
}

function required(body: any, field: string): string {
	if (body?.[field] === undefined || body[field] === '')
		throw new ApiError(422, 'validation_failed', `${field} is required`);
	return body[field];
}
