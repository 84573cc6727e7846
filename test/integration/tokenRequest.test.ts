/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- a test, run by Node: the community-node rules are for code n8n runs */
/**
 * The token request as gateways in front of real platforms want it, through real n8n-core against
 * the simulator with an OAuth gateway on its token route: a form body (RFC 6749), HTTP Basic
 * client authentication, a required scope or audience. Each works when the credential asks for it,
 * and when not, the node and the credential test say which field to change. A credential saved
 * before these fields sends the JSON body of the interface description, as it always did.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../dev/simulator';
import { testCredential } from '../support/credentialTester';
import { Harness } from '../support/harness';

const add = (code: string) => ({
	type: 'wmsSupplier',
	parameters: { resource: 'supplier', operation: 'upsert', code, name: code },
});
const getMany = {
	type: 'wmsSupplier',
	parameters: { resource: 'supplier', operation: 'getMany', limit: 1 },
};
/** A client whose ID and secret need form encoding (RFC 6749, section 2.3.1). */
const CLIENT = { clientId: 'n8n site:1', clientSecret: 'p@ss:w/rd+%20&=' };

describe('token request variants (real n8n-core, an OAuth gateway in front of the simulator)', () => {
	let sim: RunningSimulator;
	afterEach(async () => await sim.close());

	const platform = async (options: SimulatorOptions) =>
		(sim = await startSimulator({ ...options, ...CLIENT }));
	const harnessWith = (fields: ICredentialDataDecryptedObject = {}) =>
		new Harness({ baseUrl: sim.baseUrl, ...CLIENT, ...fields });
	/** The words of the node's error on a read (after the item it names), and the credential test's answer. */
	const attempt = async (harness: Harness) => {
		const { error } = await harness.run(getMany, [{}]);
		if (error) expect(error.message).toMatch(/^The 1st input item: /);
		return {
			error: error?.message.replace(/^The 1st input item: /, ''),
			test: await testCredential(harness),
		};
	};

	it('a credential saved before these fields sends the JSON body it always did', async () => {
		await platform({ tokenGateway: { accepts: 'json' } });
		const { error, test } = await attempt(harnessWith());
		expect(error).toBeUndefined();
		expect(test.status).toBe('OK');
		expect(sim.tokenRequests()).toEqual([
			{ format: 'json', clientId: CLIENT.clientId, scope: undefined, audience: undefined },
			{ format: 'json', clientId: CLIENT.clientId, scope: undefined, audience: undefined },
		]);
	});

	describe('a gateway that takes only a form body', () => {
		beforeEach(async () => await platform({ tokenGateway: { accepts: 'form' } }));

		it('refuses the JSON body: the node and the credential test say to change Token Request', async () => {
			const words =
				"The platform's token endpoint did not understand the token request (HTTP 400, invalid_request: Missing form parameter: grant_type): it may want another format; set Token Request to Form Body (RFC 6749) or Form Body, HTTP Basic Client Authentication in the credential";
			const { error, test } = await attempt(harnessWith());
			expect(error).toBe(words);
			expect(test).toEqual({ status: 'Error', message: words });
			expect(sim.stats().requests['/supplier/check']).toBeUndefined();
		});

		it('takes the form body', async () => {
			const harness = harnessWith({ tokenRequest: 'form' });
			const { error, test } = await attempt(harness);
			expect({ error, test: test.status }).toEqual({ error: undefined, test: 'OK' });
			expect(sim.tokenRequests().map((seen) => seen.format)).toEqual(['form', 'form']);
			expect((await harness.run(add('FORM'), [{}])).error).toBeUndefined();
			expect(sim.store.get('supplier', 'FORM')).toBeDefined();
		});
	});

	describe('a gateway that wants HTTP Basic client authentication', () => {
		beforeEach(async () => await platform({ tokenGateway: { accepts: 'basic' } }));

		it('refuses the ID and secret in the body: says so, and which Token Request to try', async () => {
			const { error, test } = await attempt(harnessWith({ tokenRequest: 'form' }));
			const words =
				'Client ID or secret rejected by the platform (HTTP 401, invalid_client: client authentication with HTTP Basic (client_secret_basic) required): check both in the credential (if both are right, the token endpoint may want them another way: try Token Request → JSON Body or Form Body, HTTP Basic Client Authentication)';
			expect(error).toBe(words);
			expect(test.message).toBe(words);
		});

		it('takes them as HTTP Basic, form-encoded as RFC 6749 says, and the node runs', async () => {
			const { error, test } = await attempt(harnessWith({ tokenRequest: 'basic' }));
			expect({ error, test: test.status }).toEqual({ error: undefined, test: 'OK' });
			expect(sim.tokenRequests()).toEqual([
				expect.objectContaining({ format: 'basic', clientId: CLIENT.clientId }),
				expect.objectContaining({ format: 'basic', clientId: CLIENT.clientId }),
			]);
		});

		it('a wrong secret is still called a wrong secret', async () => {
			const { error } = await attempt(
				harnessWith({ tokenRequest: 'basic', clientSecret: 'Not-The-Secret-1' }),
			);
			expect(error).toMatch(
				/^Client ID or secret rejected by the platform \(HTTP 401, invalid_client: client authentication failed\): check both in the credential/,
			);
		});
	});

	it('a required scope: refused without it naming Scope; sent when set', async () => {
		await platform({ tokenGateway: { accepts: 'form', scope: 'wms.write' } });
		const without = await attempt(harnessWith({ tokenRequest: 'form' }));
		const words =
			"The platform's token endpoint refused the scope (HTTP 400, invalid_scope: the client must ask for the scope wms.write): check Scope in the credential";
		expect(without.error).toBe(words);
		expect(without.test.message).toBe(words);
		const scoped = harnessWith({ tokenRequest: 'form', scope: 'wms.read wms.write' });
		expect((await scoped.run(add('SCOPED'), [{}])).error).toBeUndefined();
		expect(sim.tokenRequests().at(-1)).toMatchObject({ scope: 'wms.read wms.write' });
	});

	it('a required audience: refused without it naming Audience; sent when set, in the JSON body too', async () => {
		const audience = 'https://wms.example.com/v1';
		await platform({ tokenGateway: { accepts: 'json', audience } });
		const without = await attempt(harnessWith());
		const words =
			"The platform's token endpoint wants another audience (HTTP 403, access_denied: No audience parameter was provided, and no default audience has been configured): check Audience in the credential";
		expect(without.error).toBe(words);
		expect(without.test.message).toBe(words);
		const { error } = await harnessWith({ audience }).run(add('AUDIENCE'), [{}]);
		expect(error).toBeUndefined();
		expect(sim.tokenRequests().at(-1)).toEqual({
			format: 'json',
			clientId: CLIENT.clientId,
			scope: undefined,
			audience,
		});
	});
});
