// Driving a running n8n over HTTP: the editor's REST API (login cookie) and the public API (API key).
// Used through dev/scripts/n8n-host.mjs.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pointAtFilesFolder } from './files.mjs';

export const CREDENTIAL_TYPE = 'wmsIntegrationApi';
export const CREDENTIAL_NAME = 'WMS Simulator';

export class N8nClient {
	constructor(url) {
		this.url = url;
		this.cookie = '';
		this.apiKey = '';
	}

	async request(method, pathname, { body, headers = {}, expect } = {}) {
		const res = await fetch(this.url + pathname, {
			method,
			headers: {
				...(body !== undefined ? { 'content-type': 'application/json' } : {}),
				...(this.cookie ? { cookie: this.cookie, 'browser-id': 'wms-e2e' } : {}),
				...headers,
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
		});
		const setCookie = res.headers.getSetCookie?.() ?? [];
		const auth = setCookie.find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth.split(';')[0];
		const text = await res.text();
		let data;
		try {
			data = text ? JSON.parse(text) : undefined;
		} catch {
			data = text;
		}
		if (expect !== false && !res.ok) {
			const err = new Error(`${method} ${pathname} → ${res.status}: ${text.slice(0, 800)}`);
			err.status = res.status;
			err.data = data;
			throw err;
		}
		return { status: res.status, data, ok: res.ok };
	}

	/** Editor REST (`/rest/...`, login cookie). n8n wraps most answers in `{data}`. */
	async rest(method, pathname, body, opts = {}) {
		const { data } = await this.request(method, `/rest${pathname}`, { body, ...opts });
		return data && typeof data === 'object' && 'data' in data ? data.data : data;
	}

	/** Public API (`/api/v1/...`, API key). */
	async api(method, pathname, body, opts = {}) {
		const { data } = await this.request(method, `/api/v1${pathname}`, {
			body,
			headers: { 'X-N8N-API-KEY': this.apiKey },
			...opts,
		});
		return data;
	}

	async login(email, password) {
		await this.rest('POST', '/login', { emailOrLdapLoginId: email, password });
		return this;
	}

	/**
	 * Makes sure an owner exists and logs in as it. First start: POST /rest/owner/setup with a fresh
	 * password (saved in the user folder's state); later starts: log in with the saved one.
	 */
	async ensureOwner(state, saveState) {
		if (!state.owner) {
			state.owner = {
				email: 'owner@wms.local',
				password: `Wms-${randomBytes(6).toString('hex')}-1`,
				firstName: 'Local',
				lastName: 'Owner',
			};
			saveState();
		}
		const { email, password, firstName, lastName } = state.owner;
		const settings = await this.rest('GET', '/settings');
		const needsSetup = settings?.userManagement?.showSetupOnFirstLoad;
		if (needsSetup)
			await this.rest('POST', '/owner/setup', { email, password, firstName, lastName });
		try {
			await this.login(email, password);
		} catch (error) {
			if (error.status !== 401) throw error;
			throw new Error(
				`cannot log in as ${email}: this n8n user folder has an owner with another password ` +
					`(changed in the editor?). Start from a fresh folder (npm start -- --fresh) or put the password in wms-host.json.`,
			);
		}
		return state.owner;
	}

	/** Creates a fresh API key for the public API (keys are only shown once, so one per start). */
	async createApiKey(label = `wms-local-${Date.now()}`) {
		let scopes;
		try {
			scopes = await this.rest('GET', '/api-keys/scopes');
		} catch {}
		const created = await this.rest('POST', '/api-keys', {
			label,
			expiresAt: null,
			...(Array.isArray(scopes) ? { scopes } : {}),
		});
		this.apiKey = created.rawApiKey ?? created.apiKey;
		if (!this.apiKey) throw new Error(`no API key in ${JSON.stringify(created).slice(0, 300)}`);
		return this.apiKey;
	}

	async listCredentials() {
		return (await this.rest('GET', '/credentials')) ?? [];
	}

	/**
	 * Creates (or, on a reused instance, updates) the "WMS Simulator" credential pointing at the
	 * simulator; `fields`: the credential's other fields (a CA…). Returns {id, name, type}.
	 */
	async importCredential(
		{ baseUrl, clientId, clientSecret },
		{ name = CREDENTIAL_NAME, type = CREDENTIAL_TYPE, fields = {} } = {},
	) {
		return this.saveCredential({
			name,
			type,
			data: { baseUrl, clientId, clientSecret, ...fields },
		});
	}

	/** Creates the credential `name` of `type`, or updates the one there. Returns {id, name, type}. */
	async saveCredential({ name, type, data }) {
		const existing = (await this.listCredentials()).find((c) => c.name === name && c.type === type);
		if (existing) {
			await this.rest('PATCH', `/credentials/${existing.id}`, { name, type, data });
			return { id: existing.id, name, type };
		}
		// The editor's endpoint, not the public API: n8n 1.x's public API schema demands fields the
		// credential form adds itself (allowedDomains).
		const created = await this.rest('POST', '/credentials', { name, type, data });
		return { id: created.id, name: created.name, type };
	}

	async listWorkflows() {
		const all = [];
		let cursor;
		do {
			const page = await this.api(
				'GET',
				`/workflows?limit=250${cursor ? `&cursor=${cursor}` : ''}`,
			);
			all.push(...page.data);
			cursor = page.nextCursor;
		} while (cursor);
		return all;
	}

	/**
	 * Imports every examples/*.json workflow (n8n export format), pointing its WMS nodes at the given
	 * credential. A workflow of the same name is replaced, so repeated starts don't pile up copies —
	 * unless `imported` (name → versionId saved by the previous import) shows it was changed since in
	 * the editor: then the user's copy is kept.
	 * `credentials`: more credentials to bind, by type (e.g. the ERP's `postgres`). `filesFolder`:
	 * the folder n8n may read and write files in, which the examples' file nodes are pointed at.
	 * Returns [{file, id, name, active (as exported), kept, source, workflow (as saved)}].
	 */
	async importWorkflows(dir, credential, { imported, credentials = {}, filesFolder } = {}) {
		if (!fs.existsSync(dir)) return [];
		const existing = await this.listWorkflows();
		const results = [];
		for (const file of fs
			.readdirSync(dir)
			.filter((f) => f.endsWith('.json'))
			.sort()) {
			const source = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
			const body = workflowForImport(
				pointAtFilesFolder({ name: path.basename(file, '.json'), ...source }, filesFolder),
				credential,
				credentials,
			);
			const same = existing.find((w) => w.name === body.name);
			let saved;
			let kept = false;
			if (same && imported && imported[same.name] !== same.versionId) {
				saved = same;
				kept = true;
			} else if (same) {
				if (same.active) await this.api('POST', `/workflows/${same.id}/deactivate`);
				saved = await this.api('PUT', `/workflows/${same.id}`, body);
			} else {
				saved = await this.api('POST', '/workflows', body);
			}
			results.push({
				file,
				id: saved.id,
				name: saved.name,
				active: source.active === true,
				kept,
				source,
				workflow: saved,
			});
		}
		return results;
	}

	/**
	 * Runs a saved workflow the way the editor's "Execute workflow" button does (login cookie),
	 * starting from the named trigger node. Returns the execution id.
	 */
	async runManually(workflowId, triggerName) {
		// n8n 1.x wants the workflow itself in the body (as its editor sends it); 2.x reads it from the
		// database and ignores the field.
		const workflowData = await this.rest('GET', `/workflows/${workflowId}`);
		const result = await this.rest('POST', `/workflows/${workflowId}/run`, {
			workflowData,
			...(triggerName ? { triggerToStartFrom: { name: triggerName } } : {}),
		});
		if (!result?.executionId)
			throw new Error(`no execution started: ${JSON.stringify(result).slice(0, 500)}`);
		return result.executionId;
	}

	/**
	 * Waits until an execution has finished and n8n has saved all of it; answers it with its data
	 * (public API shape). n8n marks an execution finished first and saves its custom data (the
	 * highlighted data its nodes set) a moment later: until every key its run set is in
	 * `customData`, it is not done.
	 */
	async waitForExecution(executionId, { timeoutMs = 60000 } = {}) {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.api(
				'GET',
				`/executions/${executionId}?includeData=true`,
				undefined,
				{ expect: false },
			);
			if (
				(execution?.finished ||
					['success', 'error', 'crashed', 'canceled'].includes(execution?.status)) &&
				customDataSaved(execution)
			) {
				return execution;
			}
			if (Date.now() > deadline)
				throw new Error(
					`execution ${executionId} not finished after ${timeoutMs / 1000} s (${execution?.status})`,
				);
			await new Promise((r) => setTimeout(r, 250));
		}
	}

	/** Executions of a workflow, newest first (public API). */
	async executions(workflowId, { includeData = false, limit = 20 } = {}) {
		const page = await this.api(
			'GET',
			`/executions?workflowId=${workflowId}&includeData=${includeData}&limit=${limit}`,
		);
		return page.data;
	}
}

/** Whether every custom data key the run set (its result data's `metadata`) is saved in `customData`. */
export function customDataSaved(execution) {
	const set = Object.keys(execution?.data?.resultData?.metadata ?? {});
	return set.every((key) => key in (execution.customData ?? {}));
}

/** The error an execution ended with, as one line (node name + message), or null when it succeeded. */
export function executionError(execution) {
	const error = execution?.data?.resultData?.error;
	if (execution?.status === 'success' && !error) return null;
	if (!error) return `status ${execution?.status}`;
	return `${error.node?.name ? `${error.node.name}: ` : ''}${error.message}${error.description ? ` — ${error.description}` : ''}`;
}

const WORKFLOW_SETTINGS_KEYS = [
	'saveExecutionProgress',
	'saveManualExecutions',
	'saveDataErrorExecution',
	'saveDataSuccessExecution',
	'executionTimeout',
	'errorWorkflow',
	'timezone',
	'executionOrder',
	'callerPolicy',
];

/**
 * Keeps only what the public API accepts and binds credential references to the imported ones:
 * the WMS credential, and `others` by type.
 */
export function workflowForImport(source, credential, others = {}) {
	const bind = { ...others, ...(credential ? { [CREDENTIAL_TYPE]: credential } : {}) };
	const nodes = (source.nodes ?? []).map((node) => {
		const copy = { ...node };
		for (const [type, { id, name }] of Object.entries(bind)) {
			if (copy.credentials?.[type])
				copy.credentials = { ...copy.credentials, [type]: { id, name } };
		}
		return copy;
	});
	const settings = Object.fromEntries(
		Object.entries(source.settings ?? {}).filter(([key]) => WORKFLOW_SETTINGS_KEYS.includes(key)),
	);
	return {
		name: source.name,
		nodes,
		connections: source.connections ?? {},
		settings: { executionOrder: 'v1', ...settings },
		...(source.staticData ? { staticData: source.staticData } : {}),
	};
}
