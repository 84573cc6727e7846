/**
 * n8n finds the credential's test as its tester does (credentials-tester.service.ts): the
 * credential has no test request of its own, so the first node that names the credential with a
 * `testedBy` gives it. Every node names the same one, so whichever n8n meets first, the test is
 * the same function.
 */
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { CREDENTIAL_TEST, testWmsCredential } from '../../credentials/credentialTest';
import { WmsIntegrationApi } from '../../credentials/WmsIntegrationApi.credentials';
import { credentialTestFunction } from '../support/credentialTester';
import { ALL_NODE_TYPES } from '../support/nodeTypes';

describe("the credential's test", () => {
	it('is not a request of the credential (n8n would run that instead)', () => {
		expect((new WmsIntegrationApi() as { test?: unknown }).test).toBeUndefined();
	});

	it.each(ALL_NODE_TYPES.map((type) => [type.description.displayName, type as INodeType]))(
		'%s names it for the credential, and has it',
		(_, type) => {
			const description = type.description as INodeTypeDescription;
			expect(description.credentials).toEqual([
				{ name: new WmsIntegrationApi().name, required: true, testedBy: CREDENTIAL_TEST },
			]);
			expect(type.methods?.credentialTest?.[CREDENTIAL_TEST]).toBe(testWmsCredential);
		},
	);

	it("is the function n8n's tester finds, whichever node comes first", () => {
		for (const first of ALL_NODE_TYPES)
			expect(credentialTestFunction('wmsIntegrationApi', [first])).toBe(testWmsCredential);
	});
});
