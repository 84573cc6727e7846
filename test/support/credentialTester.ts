/**
 * The credential's "Test" as n8n's credential tester runs it, for integration tests: the
 * credential's test request through real n8n-core's RoutingNode (the token fetched by its
 * preAuthentication on the way), and the words the tester then shows, chosen as
 * packages/cli/src/services/credentials-tester.service.ts (n8n 2.41) chooses them: a rule's
 * message for the status, else the answer's own status text; a cause's code; else the message.
 * The test request runs on n8n's mock NoOp node, so the credential's preAuthentication fetches a
 * new token as it does in n8n. No secret may show in the words or in n8n's log. The real editor
 * is checked in test/e2e/20-credential.e2e.mjs.
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialsDecrypted,
	ICredentialTestRequest,
	INode,
	INodeType,
	INodeTypes,
	JsonObject,
} from 'n8n-workflow';
import { createEmptyRunExecutionData, NodeHelpers, Workflow } from 'n8n-workflow';

import { WmsIntegrationApi } from '../../credentials/WmsIntegrationApi.credentials';
import { CREDENTIAL_REF, TESTER_NODE_TYPE, type Harness } from './harness';
import { capturedLogs } from './leaks';

export interface TestResult {
	status: 'OK' | 'Error';
	message: string;
}

interface TesterError {
	message: string;
	cause?: { response?: { status?: number; statusText?: string }; code?: string };
}

/** lodash's get, as the tester reads a success body's key. */
function get(value: unknown, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(at, key) => (at !== null && typeof at === 'object' ? (at as JsonObject)[key] : undefined),
			value,
		);
}

export async function testCredential(harness: Harness): Promise<TestResult> {
	const credential = new WmsIntegrationApi();
	const test = credential.test!;
	const nodeType = {
		description: {
			displayName: 'No Operation, do nothing',
			name: TESTER_NODE_TYPE,
			group: ['organization'],
			version: 1,
			description: '',
			defaults: { name: 'No Operation, do nothing' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credential.name, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	} as unknown as INodeType;
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => NodeHelpers.getVersionedNodeType(nodeType),
		getKnownTypes: () => ({}),
	};
	const workflow = new Workflow({
		nodes: [
			{
				id: 'temp',
				name: 'Temp-Node',
				type: TESTER_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
				credentials: { [credential.name]: CREDENTIAL_REF },
			},
		],
		connections: {},
		active: false,
		nodeTypes,
	});
	// The node with its parameters' defaults ({ temp: '' }), which is how n8n's helper tells a test.
	const node: INode = workflow.getNode('Temp-Node')!;
	const credentialsDecrypted: ICredentialsDecrypted = {
		...CREDENTIAL_REF,
		type: credential.name,
		data: await harness.credentialsHelper.getDecrypted(),
	};
	const context = new ExecuteContext(
		workflow,
		node,
		harness.additionalData(),
		'internal',
		createEmptyRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const logsFrom = capturedLogs.length;
	const result = await answer(test, () =>
		new RoutingNode(context, nodeType, credentialsDecrypted).runNode(),
	);
	harness.assertNoLeakIn([result.message, ...capturedLogs.slice(logsFrom)]);
	return result;
}

/** What the tester answers for the test request's run. */
async function answer(
	test: ICredentialTestRequest,
	run: () => Promise<Array<Array<{ json: unknown }>> | null | undefined>,
): Promise<TestResult> {
	let response;
	try {
		response = await run();
	} catch (thrown) {
		const error = thrown as TesterError;
		const answer = error.cause?.response;
		if (answer) {
			const rule = test.rules?.find(
				(candidate) =>
					candidate.type === 'responseCode' && candidate.properties.value === answer.status,
			);
			if (rule) return { status: 'Error', message: rule.properties.message };
			if (answer.status !== undefined && (answer.status < 199 || answer.status > 299))
				return {
					status: 'Error',
					message: answer.statusText || `Received HTTP status code: ${answer.status}`,
				};
		} else if (error.cause?.code) return { status: 'Error', message: error.cause.code };
		return { status: 'Error', message: String(error.message) };
	}
	for (const rule of test.rules ?? []) {
		if (rule.type !== 'responseSuccessBody') continue;
		const json = response?.[0]?.[0]?.json;
		if (get(json, rule.properties.key) === rule.properties.value)
			return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
