/**
 * The credential's "Test" as n8n's credential tester runs it, for integration tests. As
 * packages/cli/src/services/credentials-tester.service.ts (n8n 2.41) does: a credential without a
 * `test` of its own is tested by the first node that names it with a `testedBy` (the function of
 * that name in the node's `methods.credentialTest`), called on real n8n-core's
 * CredentialTestContext (whose one helper is the legacy request, over @n8n/backend-network) with
 * the credential's data, its defaults filled in. n8n then only redacts external secrets' values,
 * which these credentials have none of. No secret may show in the words or in n8n's log. The real
 * editor is checked in test/e2e/20-credential.e2e.mjs.
 */
import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialsDecrypted,
	ICredentialTestFunction,
	INodeType,
	INodeTypeDescription,
	IVersionedNodeType,
} from 'n8n-workflow';

import { WmsIntegrationApi } from '../../credentials/WmsIntegrationApi.credentials';
import { CREDENTIAL_REF, type Harness } from './harness';
import { capturedLogs } from './leaks';
import { ALL_NODE_TYPES } from './nodeTypes';

export interface TestResult {
	status: 'OK' | 'Error';
	message: string;
}

/** The function n8n's tester finds for the credential type (getCredentialTestFunction), or what it would do instead. */
export function credentialTestFunction(
	credentialType: string,
	nodeTypes: Array<INodeType | IVersionedNodeType> = ALL_NODE_TYPES,
): ICredentialTestFunction {
	if ((new WmsIntegrationApi() as { test?: unknown }).test)
		throw new Error('the credential has a test request of its own: n8n runs that one instead');
	for (const node of nodeTypes) {
		const versions: Array<{ description: INodeTypeDescription; methods?: INodeType['methods'] }> =
			'nodeVersions' in node ? Object.values(node.nodeVersions) : [node];
		for (const version of versions)
			for (const { name, testedBy } of version.description.credentials ?? []) {
				if (name !== credentialType || !testedBy) continue;
				if (typeof testedBy !== 'string')
					throw new Error(`${node.description.name} tests the credential with a request`);
				// For a versioned node n8n looks from the newest version down; ours are not versioned types.
				const test = (node as INodeType).methods?.credentialTest?.[testedBy];
				if (!test)
					throw new Error(`${node.description.name} names ${testedBy}, but has no such test`);
				return test;
			}
	}
	throw new Error('No testing function found for this credential.');
}

export async function testCredential(harness: Harness): Promise<TestResult> {
	const type = new WmsIntegrationApi();
	const test = credentialTestFunction(type.name);
	const credentialsDecrypted: ICredentialsDecrypted = {
		...CREDENTIAL_REF,
		type: type.name,
		data: await harness.credentialsHelper.getDecrypted(),
	};
	const logsFrom = capturedLogs.length;
	const result = await test.call(
		new CredentialTestContext(harness.additionalData()),
		credentialsDecrypted,
	);
	harness.assertNoLeakIn([result.message, ...capturedLogs.slice(logsFrom)]);
	return { status: result.status, message: result.message };
}
