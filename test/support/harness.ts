/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a test helper, run by Node: the community-node rules are for code n8n runs */
/**
 * Runs this package's nodes through real n8n-core — WorkflowExecute, the real request helpers
 * (httpRequestWithAuthentication with its one 401 retry), real pairedItem, continue-on-fail and
 * error-output routing — with a credentials helper that does what the n8n app does.
 */
import { Container } from '@n8n/di';
import { createReadStream } from 'node:fs';
import {
	BinaryDataService,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	ResourceMapperFields,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers, Workflow, createRunExecutionData } from 'n8n-workflow';

import { WmsIntegrationApi } from '../../credentials/WmsIntegrationApi.credentials';
import type { RunningSimulator } from '../../dev/simulator';
import { secretLike } from '../../nodes/shared/transport/secrets';
import { capturedLogs, findLeaks } from './leaks';
import { ALL_NODE_TYPES } from './nodeTypes';

export const CREDENTIAL_REF = { id: 'cred-1', name: 'WMS test' };

/** The data of a credential as saved: the three fields every credential has, and any of the others. */
export type CredentialData = ICredentialDataDecryptedObject & {
	baseUrl: string;
	clientId: string;
	clientSecret: string;
};

/**
 * A harness is one n8n process: the package's node types are loaded anew for it, so what a node keeps
 * in its process (the trigger's turns and last ledger) starts empty. Other instances are taken as given.
 */
function loadedAnew(
	types: Array<INodeType | IVersionedNodeType>,
): Array<INodeType | IVersionedNodeType> {
	return types.map((type) =>
		ALL_NODE_TYPES.includes(type)
			? new (type.constructor as new () => INodeType | IVersionedNodeType)()
			: type,
	);
}

/** Stored credential data, as the n8n database would hold it (the token is saved back here). */
export interface CredentialStore {
	data: ICredentialDataDecryptedObject;
	/** How many times n8n would have saved a refreshed token. */
	saves: number;
	/** Every access token the credential has held: none may ever show up in output, errors or logs. */
	tokens: Set<string>;
}

class SourceNode implements INodeType {
	description = {
		displayName: 'Source',
		name: 'testSource',
		group: ['input'],
		version: 1,
		description: 'Outputs the items a test gives it',
		defaults: { name: 'Source' },
		inputs: [],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	} as unknown as INodeType['description'];

	async execute(this: import('n8n-workflow').IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = JSON.parse(this.getNodeParameter('items', 0) as string) as IDataObject[];
		return [items.map((json) => ({ json }))];
	}
}

/** A file for FileSourceNode: read from disk as a stream, or given as text. */
export interface TestFile {
	fileName: string;
	path?: string;
	text?: string;
	mimeType?: string;
	/** The binary field to put it in (default "data"). */
	property?: string;
	/** The item's json beside the file. */
	json?: IDataObject;
}

class FileSourceNode implements INodeType {
	description = {
		displayName: 'File Source',
		name: 'testFileSource',
		group: ['input'],
		version: 1,
		description:
			'Outputs one item per file a test gives it, the file as binary data (as Read Files From Disk does)',
		defaults: { name: 'Files' },
		inputs: [],
		outputs: ['main'],
		properties: [{ displayName: 'Files', name: 'files', type: 'json', default: '[]' }],
	} as unknown as INodeType['description'];

	async execute(this: import('n8n-workflow').IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const files = JSON.parse(this.getNodeParameter('files', 0) as string) as TestFile[];
		const items: INodeExecutionData[] = [];
		for (const file of files) {
			const data = file.path ? createReadStream(file.path) : Buffer.from(file.text ?? '', 'utf8');
			// A MIME type given: n8n-core would otherwise sniff the bytes with an ES module jest cannot load.
			const binary = await this.helpers.prepareBinaryData(
				data,
				file.fileName,
				file.mimeType ?? 'text/plain',
			);
			items.push({
				json: file.json ?? { fileName: file.fileName },
				binary: { [file.property ?? 'data']: binary },
			});
		}
		return [items];
	}
}

let binaryStorageReady: Promise<void> | undefined;

/**
 * How n8n keeps binary data in this process: in files (n8n 2.x's default, read back as a stream) or
 * in memory, inside the item (n8n 1.x's default).
 */
export async function useBinaryData(mode: 'filesystem' | 'memory'): Promise<void> {
	const service = Container.get(BinaryDataService);
	binaryStorageReady ??= service.init();
	await binaryStorageReady;
	(service as unknown as { mode: string }).mode =
		mode === 'filesystem' ? 'filesystem-v2' : 'default';
}

/** The text of a binary field of an output item, wherever n8n keeps it. */
export async function binaryText(binary: IBinaryData): Promise<string> {
	if (binary.id)
		return (await Container.get(BinaryDataService).getAsBuffer(binary)).toString('utf8');
	return Buffer.from(binary.data, 'base64').toString('utf8');
}

class TestNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();
	/** The promise of the last node execute() n8n started: a test can wait for the node itself to end. */
	lastExecute?: Promise<unknown>;

	constructor(list: Array<INodeType | IVersionedNodeType>) {
		for (const type of [new SourceNode(), new FileSourceNode(), ...list])
			this.types.set(type.description.name, this.observed(type));
	}

	/** The same node type, its execute() promise noted as n8n calls it (n8n does not wait for it after a cancel). */
	private observed(type: INodeType | IVersionedNodeType): INodeType | IVersionedNodeType {
		const plain = type as INodeType;
		if (typeof plain.execute !== 'function') return type;
		const execute = plain.execute;
		const noteExecute = (promise: Promise<unknown>) => (this.lastExecute = promise);
		const wrapped = Object.create(plain) as INodeType;
		wrapped.execute = function (this: import('n8n-workflow').IExecuteFunctions) {
			const promise = execute.call(this);
			noteExecute(promise);
			return promise;
		};
		return wrapped;
	}

	getByName(name: string) {
		const plain = name.replace(/^n8n-nodes-wms-integration\./, '');
		// n8n runs a node used as an AI agent's tool ("…Tool") with the node's own execute().
		return (this.types.get(plain) ?? this.types.get(plain.replace(/Tool$/, '')))!;
	}

	getByNameAndVersion(name: string, version?: number) {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	}

	getKnownTypes() {
		return {};
	}
}

/** Mirrors packages/cli/src/credentials-helper.ts of the n8n app for the parts nodes touch. */
class TestCredentialsHelper extends ICredentialsHelper {
	readonly credentialType: ICredentialType = new WmsIntegrationApi();

	constructor(private readonly store: CredentialStore) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const auth = this.credentialType.authenticate;
		if (typeof auth === 'function') return await auth(credentials, requestOptions);
		if (!auth || auth.type !== 'generic') return requestOptions;
		for (const [outerKey, inner] of Object.entries(auth.properties)) {
			const target = ((requestOptions as unknown as Record<string, IDataObject>)[outerKey] ??= {});
			for (const [key, value] of Object.entries(inner as IDataObject)) {
				target[key] = workflow!.expression.getSimpleParameterValue(
					node!,
					value as string,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				) as string;
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const expirable = this.credentialType.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!expirable || !this.credentialType.preAuthentication) return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = await this.credentialType.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		await this.updateCredentials(
			CREDENTIAL_REF,
			this.credentialType.name,
			Object.assign(credentials, output),
		);
		return credentials;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
	) {
		return (await this.credentialType.preAuthentication!.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these nodes');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		const withDefaults = NodeHelpers.getNodeParameters(
			this.credentialType.properties,
			this.store.data as INodeParameters,
			true,
			false,
			null,
			null,
		);
		return { ...(withDefaults as ICredentialDataDecryptedObject) };
	}

	async updateCredentials(
		_ref: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	) {
		this.store.data = { ...data };
		this.store.saves++;
		if (typeof data.accessToken === 'string' && data.accessToken)
			this.store.tokens.add(data.accessToken);
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties() {
		return this.credentialType.properties;
	}
}

export interface NodeUnderTest {
	type: string;
	parameters: IDataObject;
	onError?: INode['onError'];
	name?: string;
	/** The node version a saved workflow holds (1 unless a test says otherwise). */
	typeVersion?: number;
}

export interface RunResult {
	/** Items of the node's outputs: [0] main, [1] error output when onError is continueErrorOutput. */
	outputs: INodeExecutionData[][];
	/** The node's error when it failed the execution. */
	error?: Error & {
		description?: string;
		itemIndex?: number;
		context?: IDataObject;
		cause?: unknown;
	};
	run: IRun;
}

export class Harness {
	readonly store: CredentialStore;
	readonly nodeTypes: TestNodeTypes;
	readonly credentialsHelper: TestCredentialsHelper;

	constructor(credentials: CredentialData, types = ALL_NODE_TYPES) {
		this.store = { data: { ...credentials }, saves: 0, tokens: new Set() };
		this.nodeTypes = new TestNodeTypes(loadedAnew(types));
		this.credentialsHelper = new TestCredentialsHelper(this.store);
	}

	additionalData(): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentialsHelper,
			hooks: undefined,
			restApiUrl: 'http://127.0.0.1/rest',
			instanceBaseUrl: 'http://127.0.0.1/',
			webhookBaseUrl: 'http://127.0.0.1/webhook',
			webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
			webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
			formBaseUrl: 'http://127.0.0.1/form',
			formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
			formTestBaseUrl: 'http://127.0.0.1/form-test',
			mcpBaseUrl: 'http://127.0.0.1/mcp',
			mcpTestBaseUrl: 'http://127.0.0.1/mcp-test',
			currentNodeExecutionIndex: 0,
			executionId: 'exec-1',
			variables: {},
			userId: 'user-1',
			logAiEvent: () => {},
			executeWorkflow: async () => ({ data: [], executionId: '' }),
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			startRunnerTask: async () => {
				throw new Error('no task runner in tests');
			},
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	node(spec: NodeUnderTest): INode {
		return {
			id: 'node-under-test',
			name: spec.name ?? 'WMS',
			type: `n8n-nodes-wms-integration.${spec.type}`,
			typeVersion: spec.typeVersion ?? 1,
			position: [200, 0],
			parameters: spec.parameters as INode['parameters'],
			credentials: { wmsIntegrationApi: CREDENTIAL_REF },
			onError: spec.onError,
		};
	}

	workflow(
		nodes: INode[],
		connections: Workflow['connectionsBySourceNode'] = {},
		staticData: IDataObject = {},
	) {
		return new Workflow({
			id: 'wf-1',
			name: 'test',
			nodes,
			connections,
			active: false,
			nodeTypes: this.nodeTypes,
			staticData,
		});
	}

	/** Runs Source (with these items) → the node, in manual mode, as n8n would. */
	/**
	 * Runs Source → the node; `whileRunning` gets a cancel function, as the editor's Stop button,
	 * and is awaited alongside the run.
	 */
	async run(
		spec: NodeUnderTest,
		items: IDataObject[],
		mode: WorkflowExecuteMode = 'manual',
		whileRunning?: (cancel: () => void) => Promise<void>,
	): Promise<RunResult> {
		const node = this.node(spec);
		return this.resultOf(node, await this.runFromSource([node], items, mode, whileRunning));
	}

	/**
	 * Runs Source (with these items) → the first node → the next…, each node's main output into
	 * the next, as one execution; answers the run (every node's data under its name).
	 */
	async runChain(
		specs: NodeUnderTest[],
		items: IDataObject[],
		mode: WorkflowExecuteMode = 'manual',
	): Promise<IRun> {
		const nodes = specs.map((spec, i) => ({
			...this.node(spec),
			id: `node-${i}`,
			position: [200 * (i + 1), 0] as [number, number],
		}));
		const run = await this.runFromSource(nodes, items, mode);
		for (const node of nodes) {
			const taskData = run.data.resultData.runData[node.name]?.[0];
			this.assertNoLeak({
				outputs: (taskData?.data?.main ?? []).map((output) => output ?? []),
				error: taskData?.error as RunResult['error'],
			});
		}
		return run;
	}

	private async runFromSource(
		nodes: INode[],
		items: IDataObject[],
		mode: WorkflowExecuteMode,
		whileRunning?: (cancel: () => void) => Promise<void>,
	): Promise<IRun> {
		const source: INode = {
			id: 'source',
			name: 'Source',
			type: 'testSource',
			typeVersion: 1,
			position: [0, 0],
			parameters: { items: JSON.stringify(items) },
		};
		return await this.runAfter(source, nodes, mode, whileRunning);
	}

	/** Runs Files (one item per file, the file as binary data) → the node, as `run` does. */
	async runFiles(
		spec: NodeUnderTest,
		files: TestFile[],
		whileRunning?: (cancel: () => void) => Promise<void>,
	): Promise<RunResult> {
		const node = this.node(spec);
		const source: INode = {
			id: 'source',
			name: 'Source',
			type: 'testFileSource',
			typeVersion: 1,
			position: [0, 0],
			parameters: { files: JSON.stringify(files) },
		};
		return this.resultOf(node, await this.runAfter(source, [node], 'manual', whileRunning));
	}

	/** The node's outputs and error in a run, checked for leaks. */
	private resultOf(node: INode, run: IRun): RunResult {
		const taskData = run.data.resultData.runData[node.name]?.[0];
		const result: RunResult = {
			outputs: (taskData?.data?.main ?? []).map((output) => output ?? []),
			error: (taskData?.error ?? run.data.resultData.error) as RunResult['error'],
			run,
		};
		this.assertNoLeak(result);
		return result;
	}

	/** Runs `source` → the nodes, each node's main output into the next, as one execution. */
	private async runAfter(
		source: INode,
		nodes: INode[],
		mode: WorkflowExecuteMode,
		whileRunning?: (cancel: () => void) => Promise<void>,
	): Promise<IRun> {
		const chain = [source, ...nodes];
		const workflow = this.workflow(
			chain,
			Object.fromEntries(
				chain
					.slice(0, -1)
					.map((from, i) => [
						from.name,
						{ main: [[{ node: chain[i + 1].name, type: 'main' as const, index: 0 }]] },
					]),
			),
		);
		const additionalData = this.additionalData();
		const hooks = new ExecutionLifecycleHooks(mode, 'exec-1', {
			id: 'wf-1',
			name: 'test',
			nodes: [],
			connections: {},
			active: false,
		} as never);
		let finish!: (run: IRun) => void;
		const done = new Promise<IRun>((resolve) => (finish = resolve));
		hooks.addHandler('workflowExecuteAfter', (fullRunData: IRun) => finish(fullRunData));
		additionalData.hooks = hooks;
		const execution = new WorkflowExecute(additionalData, mode);
		const running = execution.run({ workflow, startNode: source });
		running.catch(() => {}); // a cancelled run rejects; its end still reaches workflowExecuteAfter
		if (whileRunning) await whileRunning(() => running.cancel());
		return await done;
	}

	/** Fails loudly if the client secret, a secret-like client ID or any token shows in the run's output, errors, hints or n8n's log. */
	assertNoLeak(result: Pick<RunResult, 'outputs' | 'error'> & { run?: IRun }, logsFrom = 0) {
		const hints = Object.values(result.run?.data.resultData.runData ?? {}).flatMap((tasks) =>
			tasks.flatMap((task) => (task.hints ?? []).map((hint) => JSON.stringify(hint))),
		);
		const texts = [
			...result.outputs.flat().map((item) => JSON.stringify(item.json)),
			result.error?.message ?? '',
			result.error?.description ?? '',
			JSON.stringify(result.error?.context ?? {}),
			String((result.error?.cause as { message?: unknown } | undefined)?.message ?? ''),
			...hints,
			...capturedLogs.slice(logsFrom),
		];
		this.assertNoLeakIn(texts);
	}

	/** Fails loudly if any secret the credential holds or held shows in one of `texts`. */
	assertNoLeakIn(texts: string[]) {
		const leaks = findLeaks(this.secrets(), texts);
		if (leaks.length) throw new Error(`secret leaked: ${leaks.join('; ')}`);
	}

	/**
	 * Every secret the credential holds or held: the client secret, a secret-like client ID, every
	 * token, the client key (and each line of it), its passphrase, the proxy password (also one in
	 * the Proxy URL), and the HTTP Basic forms of the client's and the proxy user's credentials.
	 */
	secrets(): string[] {
		const { data } = this.store;
		const text = (value: unknown) => (typeof value === 'string' ? value : '');
		const keyLines = text(data.clientKey)
			.split(/\s+|\\n/)
			.filter((line) => line.length >= 40);
		const basic = (user: string, password: string) =>
			password ? [Buffer.from(`${user}:${password}`).toString('base64')] : [];
		let inUrl = { username: '', password: '' };
		try {
			inUrl = new URL(text(data.proxyUrl));
		} catch {
			// No Proxy URL, or no password in it.
		}
		const proxyPassword = text(data.proxyPassword) || decodeURIComponent(inUrl.password);
		return [
			text(data.clientSecret),
			...(secretLike(text(data.clientId)) ? [text(data.clientId)] : []),
			...basic(text(data.clientId), text(data.clientSecret)),
			text(data.clientKey),
			...keyLines,
			text(data.clientKeyPassphrase),
			proxyPassword,
			...basic(text(data.proxyUser) || decodeURIComponent(inUrl.username), proxyPassword),
			...this.store.tokens,
		];
	}

	/** Calls a resource locator's "From List" method the way the editor does: one page, with the typed text and the page token. */
	async listSearch(spec: NodeUnderTest, method: string, search?: string, paginationToken?: string) {
		const node = this.node(spec);
		const workflow = this.workflow([node]);
		const context = new LoadOptionsContext(workflow, node, this.additionalData(), '');
		const type = this.nodeTypes.getByNameAndVersion(node.type) as INodeType;
		return await type.methods!.listSearch![method].call(context, search, paginationToken);
	}

	/** Calls a resource mapper's fields method as the editor does when the node opens: with the node's parameters as they stand. */
	async mapperFields(spec: NodeUnderTest, method: string): Promise<ResourceMapperFields> {
		const node = this.node(spec);
		const workflow = this.workflow([node]);
		const additionalData = {
			...this.additionalData(),
			currentNodeParameters: node.parameters,
		} as IWorkflowExecuteAdditionalData;
		const context = new LoadOptionsContext(workflow, node, additionalData, '');
		const type = this.nodeTypes.getByNameAndVersion(node.type, node.typeVersion) as INodeType;
		return await type.methods!.resourceMapping![method].call(context);
	}

	/** Every entry a "From List" method offers, page after page, as the editor shows them while the user scrolls. */
	async listAll(spec: NodeUnderTest, method: string, search?: string) {
		const entries: Array<{ name: string; value: string | number | boolean }> = [];
		let token: string | undefined;
		do {
			const page = await this.listSearch(spec, method, search, token);
			entries.push(...page.results.map(({ name, value }) => ({ name, value })));
			token = typeof page.paginationToken === 'string' ? page.paginationToken : undefined;
		} while (token);
		return entries;
	}

	/** A poll context on a workflow whose static data persists between polls (as n8n saves it). */
	pollContext(spec: NodeUnderTest, workflow: Workflow, mode: WorkflowExecuteMode = 'trigger') {
		const node = workflow.getNode(spec.name ?? 'WMS')!;
		return new PollContext(workflow, node, this.additionalData(), mode, 'activate');
	}

	/**
	 * Runs the workflow a poll emitted into, the way n8n does once it has saved static data: the
	 * trigger node passes the emitted items on, so every later item pairs back to a trigger item.
	 */
	async runEmitted(
		workflow: Workflow,
		triggerName: string,
		emitted: INodeExecutionData[][],
	): Promise<IRun> {
		const trigger = workflow.getNode(triggerName)!;
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: trigger, data: { main: emitted }, source: null }],
			},
		});
		const additionalData = this.additionalData();
		const hooks = new ExecutionLifecycleHooks('trigger', 'exec-poll', {
			id: 'wf-1',
			name: 'test',
			nodes: [],
			connections: {},
			active: false,
		} as never);
		let finish!: (run: IRun) => void;
		const done = new Promise<IRun>((resolve) => (finish = resolve));
		hooks.addHandler('workflowExecuteAfter', (fullRunData: IRun) => finish(fullRunData));
		additionalData.hooks = hooks;
		void new WorkflowExecute(additionalData, 'trigger', runExecutionData).processRunExecutionData(
			workflow,
		);
		return await done;
	}
}

/** A harness whose credential points at this simulator with its own client (and any other fields of the credential). */
export function harnessFor(
	sim: Pick<RunningSimulator, 'baseUrl' | 'clientId' | 'clientSecret'>,
	fields: ICredentialDataDecryptedObject = {},
): Harness {
	return new Harness({
		baseUrl: sim.baseUrl,
		clientId: sim.clientId,
		clientSecret: sim.clientSecret,
		...fields,
	});
}
