/* eslint-disable @n8n/community-nodes/no-restricted-globals -- a test, run by Node: the community-node rules are for code n8n runs */
/** Small client for the simulator's own tests: JSON POSTs with or without a token, and waiting. */
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../dev/simulator';

export interface Reply {
	status: number;
	headers: Headers;
	body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Client {
	sim: RunningSimulator;
	token: string;
	/** POST JSON with the bearer token (override with opts). */
	post(
		path: string,
		body?: unknown,
		opts?: {
			token?: string | null;
			headers?: Record<string, string>;
			raw?: string;
			method?: string;
		},
	): Promise<Reply>;
	newToken(): Promise<string>;
	/** The control API (`/_sim/...`, no token): POST by default, GET or DELETE when asked. */
	control(path: string, body?: unknown, method?: string): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function client(options: SimulatorOptions = {}): Promise<Client> {
	const sim = await startSimulator(options);
	const c: Client = {
		sim,
		token: '',
		async post(path, body = {}, opts = {}) {
			const headers: Record<string, string> = {
				'content-type': 'application/json',
				...opts.headers,
			};
			const token = opts.token === undefined ? c.token : opts.token;
			if (token) headers.authorization = `Bearer ${token}`;
			const method = opts.method ?? 'POST';
			const res = await fetch(sim.baseUrl + path, {
				method,
				headers,
				body:
					method === 'GET' || method === 'HEAD' ? undefined : (opts.raw ?? JSON.stringify(body)),
			});
			const text = await res.text();
			return {
				status: res.status,
				headers: res.headers,
				body: text ? JSON.parse(text) : undefined,
			};
		},
		async control(path, body, method = 'POST') {
			const res = await fetch(sim.baseUrl.replace(/\/v1$/, '') + path, {
				method,
				headers: { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			return { status: res.status, body: await res.json() };
		},
		async newToken() {
			const r = await c.post(
				'/oauth/token',
				{
					client_id: sim.clientId,
					client_secret: sim.clientSecret,
					grant_type: 'client_credentials',
				},
				{ token: null },
			);
			if (r.status !== 200) throw new Error(`token: ${r.status} ${JSON.stringify(r.body)}`);
			return r.body.access_token as string;
		},
	};
	c.token = await c.newToken();
	return c;
}

/**
 * Polls a condition (no fixed sleeps): resolves as soon as it holds, fails after timeoutMs (a bound
 * on the wait, generous for a machine busy with other jobs).
 */
export async function waitFor<T>(probe: () => T | Promise<T>, timeoutMs = 30_000): Promise<T> {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
		await new Promise((r) => setTimeout(r, 2));
	}
}

/** Master data every order test needs: a warehouse with a bin, items, a customer, a supplier. */
export async function seedBasics(c: Client): Promise<void> {
	const ok = async (path: string, items: unknown[]) => {
		const r = await c.post(path, { items });
		if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
	};
	await ok('/warehouse/add', [{ code: 'W1', name: 'Test warehouse' }]);
	await ok('/area/add', [{ warehouse_code: 'W1', area_code: 'A', name: 'Storage' }]);
	await ok('/zone/add', [
		{ warehouse_code: 'W1', area_code: 'A', zone_code: 'Z1', name: 'Zone 1' },
	]);
	await ok('/bin/add', [
		{ warehouse_code: 'W1', bin_code: 'B1', zone_code: 'Z1', bin_type: 'shelf' },
		{ warehouse_code: 'W1', bin_code: 'B2', zone_code: 'Z1', bin_type: 'shelf' },
	]);
	await ok('/inventory/add', [
		{ sku: 'SKU-1', description: 'Item one' },
		{ sku: 'SKU-2', description: 'Item two', batch_tracked: true },
	]);
	await ok('/customer/add', [{ code: 'C1', name: 'Customer one' }]);
	await ok('/supplier/add', [{ code: 'S1', name: 'Supplier one' }]);
	await ok('/courier_service/add', [
		{
			code: 'CR1',
			name: 'Courier',
			carrier: 'DHL',
			service_level: 'standard',
			tracking_url_template: 'https://t.example/{tracking_number}',
		},
	]);
}

export const salesOrder = (n: string, extra: Record<string, unknown> = {}) => ({
	order_number: n,
	customer_code: 'C1',
	warehouse_code: 'W1',
	order_date: '2026-11-20',
	courier_service_code: 'CR1',
	lines: [{ line_number: 1, sku: 'SKU-1', quantity: 2 }],
	...extra,
});

export const purchaseOrder = (n: string, extra: Record<string, unknown> = {}) => ({
	order_number: n,
	supplier_code: 'S1',
	warehouse_code: 'W1',
	order_date: '2026-11-20',
	lines: [{ line_number: 1, sku: 'SKU-1', quantity: 10 }],
	...extra,
});

export const productionOrder = (n: string, extra: Record<string, unknown> = {}) => ({
	order_number: n,
	warehouse_code: 'W1',
	output_sku: 'SKU-1',
	output_quantity: 5,
	due_date: '2026-11-30',
	components: [{ line_number: 1, sku: 'SKU-2', quantity: 5 }],
	...extra,
});
