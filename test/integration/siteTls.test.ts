/**
 * A platform behind TLS as real sites have it, through real n8n-core against the simulator over
 * HTTPS with certificates made here: a private CA, a certificate that expired or names another host,
 * a self-signed one, and a gateway that wants a client certificate (mutual TLS). Each setting works
 * when the credential has it — the token request, the node's requests and the credential test
 * alike — and when it has not, the node and the credential test say which field to fill in.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	encryptKey,
	issue,
	makeAuthority,
	type Authority,
	type Issued,
} from '../../dev/simulator/certificates';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../dev/simulator';
import { testCredential } from '../support/credentialTester';
import { harnessFor, type Harness } from '../support/harness';

const add = (code: string) => ({
	type: 'wmsSupplier',
	// One try: a failure at the site is not passing, and a reset is tried again with backoff.
	parameters: {
		resource: 'supplier',
		operation: 'upsert',
		code,
		name: code,
		options: { maxAttempts: 1 },
	},
});
const LOCAL = ['localhost', '127.0.0.1'];
const PASSPHRASE = 'crate-Pallet-42';

describe('the platform behind TLS at a real site (real n8n-core, HTTPS simulator)', () => {
	let ca: Authority;
	let server: Issued;
	let client: Issued;
	let otherCa: Authority;
	let sim: RunningSimulator | undefined;

	beforeAll(() => {
		ca = makeAuthority('Warehouse Site CA');
		otherCa = makeAuthority('Someone Else CA');
		server = issue(ca, { commonName: 'wms.site.test', hosts: LOCAL });
		client = issue(ca, { commonName: 'n8n at the site', client: true });
	});
	afterEach(async () => {
		await sim?.close();
		sim = undefined;
	});

	const platform = async (tls: SimulatorOptions['tls']) => (sim = await startSimulator({ tls }));
	const trusting = (authority: Authority = ca): ICredentialDataDecryptedObject => ({
		trustPrivateCa: true,
		caCertificate: authority.cert,
	});
	const withClientCertificate = (
		certificate: Issued = client,
		passphrase: string = PASSPHRASE,
	): ICredentialDataDecryptedObject => ({
		useClientCertificate: true,
		clientCertificate: certificate.cert,
		clientKey: encryptKey(certificate.key, passphrase),
		clientKeyPassphrase: PASSPHRASE,
	});
	const sent = () => sim!.stats().requests;
	const atPort = (words: string) => words.replace('PORT', String(new URL(sim!.baseUrl).port));

	/** A supplier added through the node, or the node's error message; and the credential test's answer. */
	async function tryBoth(harness: Harness, code: string) {
		const { error, outputs } = await harness.run(add(code), [{}]);
		const test = await testCredential(harness);
		return { error: error?.message, status: outputs[0]?.[0]?.json.status, test };
	}

	describe('a private CA', () => {
		it('without the CA: the node and the credential test say to add it, and nothing is sent', async () => {
			await platform(server);
			const { error, test } = await tryBoth(harnessFor(sim!), 'NO-CA');
			const words =
				"The platform's certificate at https://127.0.0.1:PORT is not signed by a CA this credential trusts: add the CA under Trust a Private CA → CA Certificate in the credential (ask the platform's operator for it)";
			expect(error).toBe(
				`Supplier NO-CA: nothing was sent — ${atPort(words)}. It is safe to run the node again once that is put right.`,
			);
			expect(test).toEqual({ status: 'Error', message: atPort(words) });
			expect(sent()).toEqual({});
		});

		it('with the CA: the token request, the node and the credential test all connect', async () => {
			await platform(server);
			const harness = harnessFor(sim!, trusting());
			const { error, status, test } = await tryBoth(harness, 'WITH-CA');
			expect(error).toBeUndefined();
			expect(status).toBe('created');
			expect(test.status).toBe('OK');
			expect(sim!.store.get('supplier', 'WITH-CA')).toBeDefined();
			// The node's run and the credential test each asked for a token over TLS.
			expect(sent()['/oauth/token']).toBe(2);
			expect(sent()['/warehouse/check']).toBe(1);
		});

		it('with the CA pasted on one line (a single-line field lost its line breaks)', async () => {
			await platform(server);
			const flat = ca.cert.replace(/\n/g, ' ');
			const { error } = await harnessFor(sim!, { ...trusting(), caCertificate: flat }).run(
				add('FLAT-CA'),
				[{}],
			);
			expect(error).toBeUndefined();
		});

		it("with another CA: says the platform's certificate is not signed by the CA given", async () => {
			await platform(server);
			const { error, test } = await tryBoth(harnessFor(sim!, trusting(otherCa)), 'OTHER-CA');
			const words = /is not signed by the CA under Trust a Private CA → CA Certificate/;
			expect(error).toMatch(words);
			expect(test.message).toMatch(words);
		});

		it('a key pasted where the CA belongs is refused before anything is sent, without showing it', async () => {
			await platform(server);
			const harness = harnessFor(sim!, { trustPrivateCa: true, caCertificate: client.key });
			const { error } = await harness.run(add('KEY-AS-CA'), [{}]);
			expect(error?.message).toBe(
				'CA Certificate holds a private key where a certificate belongs: paste the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----',
			);
			expect(error?.message).not.toContain(client.key.split('\n')[1]);
			expect(sim!.load().connections).toBe(0);
		});
	});

	describe('certificates a site gets wrong', () => {
		it('an expired certificate: says so; Ignore Certificate Errors connects a test system anyway', async () => {
			await platform(
				issue(ca, { commonName: 'old', hosts: LOCAL, validFromDays: -400, validToDays: -10 }),
			);
			const { error, test } = await tryBoth(harnessFor(sim!, trusting()), 'EXPIRED');
			const words =
				/The platform's certificate at https:\/\/127\.0\.0\.1:\d+ has expired: ask the platform's operator to renew it \(for a test system only: turn on Ignore Certificate Errors/;
			expect(error).toMatch(words);
			expect(test.message).toMatch(words);
			const ignoring = harnessFor(sim!, { ignoreCertificateErrors: true });
			expect(await tryBoth(ignoring, 'EXPIRED-IGNORED')).toMatchObject({
				error: undefined,
				status: 'created',
				test: { status: 'OK' },
			});
		});

		it('a certificate for another host name: names the host and what the certificate names', async () => {
			await platform(issue(ca, { commonName: 'wms', hosts: ['wms.site.test'] }));
			const { error, test } = await tryBoth(harnessFor(sim!, trusting()), 'OTHER-HOST');
			const words =
				/The platform's certificate at https:\/\/127\.0\.0\.1:\d+ is for another host name than 127\.0\.0\.1 \(it names wms\.site\.test\): use a host name the certificate names in the Base URL/;
			expect(error).toMatch(words);
			expect(test.message).toMatch(words);
		});

		it('a self-signed certificate: says so; trusted as the CA, or ignored for a test system, it connects', async () => {
			const selfSigned = issue(undefined, { commonName: 'test-wms', hosts: LOCAL });
			await platform(selfSigned);
			const { error } = await tryBoth(harnessFor(sim!), 'SELF');
			expect(error).toMatch(
				/The platform at https:\/\/127\.0\.0\.1:\d+ has a self-signed certificate, which this credential does not trust: add that certificate under Trust a Private CA → CA Certificate/,
			);
			const trusted = harnessFor(sim!, { trustPrivateCa: true, caCertificate: selfSigned.cert });
			expect((await trusted.run(add('SELF-TRUSTED'), [{}])).error).toBeUndefined();
			const ignoring = harnessFor(sim!, { ignoreCertificateErrors: true });
			expect((await ignoring.run(add('SELF-IGNORED'), [{}])).error).toBeUndefined();
		});
	});

	describe('a gateway that wants a client certificate (mutual TLS)', () => {
		const mutual = () => platform({ ...server, clientCa: ca.cert });

		it('without one: says the platform asked for a client certificate', async () => {
			await mutual();
			const { error, test } = await tryBoth(harnessFor(sim!, trusting()), 'NO-CLIENT');
			const words =
				/The platform at https:\/\/127\.0\.0\.1:\d+ asked for a client certificate \(mutual TLS\): add the certificate and key its operator issued for this client under Send a Client Certificate/;
			expect(error).toMatch(words);
			expect(test.message).toMatch(words);
			expect(sent()).toEqual({});
		});

		it('with the certificate and its encrypted key: every request presents it', async () => {
			await mutual();
			const harness = harnessFor(sim!, { ...trusting(), ...withClientCertificate() });
			const { error, status, test } = await tryBoth(harness, 'MUTUAL');
			expect({ error, status, test: test.status }).toEqual({
				error: undefined,
				status: 'created',
				test: 'OK',
			});
			expect(new Set(sim!.tlsClients())).toEqual(new Set(['n8n at the site']));
			expect(sim!.tlsClients().length).toBe(sim!.load().connections);
		});

		it('a platform that moved within its host: every hop of a redirect carries the CA and the client certificate', async () => {
			sim = await startSimulator({ tls: { ...server, clientCa: ca.cert }, moved: '/old' });
			const harness = harnessFor(sim, {
				...trusting(),
				...withClientCertificate(),
				baseUrl: sim.baseUrl.replace(/\/v1$/, '/old/v1'),
			});
			const { error, outputs } = await harness.run(add('MOVED'), [{}]);
			expect({ error: error?.message, status: outputs[0]?.[0]?.json.status }).toEqual({
				error: undefined,
				status: 'created',
			});
			// The token request and the write were each redirected once, and asked again at /v1.
			expect(sim.stats().statuses['307']).toBe(2);
			expect(sim.stats().requests).toMatchObject({ '/oauth/token': 1, '/supplier/add': 1 });
			// n8n's helper opens a connection per request: each of the four presented the certificate.
			expect(sim.tlsClients()).toEqual(Array(4).fill('n8n at the site'));
		});

		it('with a wrong passphrase: says to check it, and never shows the key or the passphrase', async () => {
			await mutual();
			const harness = harnessFor(sim!, {
				...trusting(),
				...withClientCertificate(client, 'another-Passphrase-9'),
			});
			const { error, test } = await tryBoth(harness, 'BAD-PASS');
			const words =
				'The Client Key could not be opened: check Client Key Passphrase in the credential';
			expect(error).toContain(`— ${words}.`);
			expect(test.message).toBe(words);
			// The harness fails any run whose output, errors or log show the key or the passphrase.
			expect(harness.secrets()).toEqual(expect.arrayContaining([PASSPHRASE]));
		});

		it('an encrypted key without its passphrase is named before anything is sent', async () => {
			await mutual();
			const harness = harnessFor(sim!, {
				...trusting(),
				...withClientCertificate(),
				clientKeyPassphrase: '',
			});
			const { error } = await harness.run(add('NO-PASS'), [{}]);
			expect(error?.message).toBe(
				'Client Key is encrypted: enter its passphrase under Client Key Passphrase in the credential',
			);
			expect(sim!.load().connections).toBe(0);
		});

		it('with a certificate another CA issued: the connection is closed, and the words point at the certificate', async () => {
			// A TLS 1.3 server that does not trust the client's certificate closes the connection once the
			// handshake is done (Node does; others send an alert, below): the client sees a reset.
			await mutual();
			const stranger = issue(otherCa, { commonName: 'stranger', client: true });
			const harness = harnessFor(sim!, { ...trusting(), ...withClientCertificate(stranger) });
			const { error, test } = await tryBoth(harness, 'STRANGER');
			const words =
				/The platform at https:\/\/127\.0\.0\.1:\d+ closed the connection \(connection closed by the other side\): when every request ends so, it does not accept this credential's client certificate; check Send a Client Certificate/;
			expect(error).toMatch(words);
			expect(test.message).toMatch(words);
			expect(sent()).toEqual({});
		});

		describe('a gateway that refuses with a page of its own once TLS is up (nginx)', () => {
			const nginx = () => platform({ ...server, clientCa: ca.cert, refuseClients: 'http' });

			it('without a client certificate: says the platform asked for one, not that the secret is wrong', async () => {
				await nginx();
				const { error, test } = await tryBoth(harnessFor(sim!, trusting()), 'NGINX-NONE');
				const words = /asked for a client certificate \(mutual TLS\): add the certificate and key/;
				expect(error).toMatch(words);
				expect(test.message).toMatch(words);
				expect(error).not.toMatch(/secret/);
			});

			it('with a certificate another CA issued: says the platform refused it', async () => {
				await nginx();
				const stranger = issue(otherCa, { commonName: 'stranger', client: true });
				const harness = harnessFor(sim!, { ...trusting(), ...withClientCertificate(stranger) });
				const { error, test } = await tryBoth(harness, 'NGINX-STRANGER');
				const words =
					/refused this credential's client certificate \(HTTP 400: the SSL certificate error\): check it is the certificate its operator issued/;
				expect(error).toMatch(words);
				expect(test.message).toMatch(words);
			});

			it('with the certificate: connects', async () => {
				await nginx();
				const harness = harnessFor(sim!, { ...trusting(), ...withClientCertificate() });
				expect(await tryBoth(harness, 'NGINX-OK')).toMatchObject({
					error: undefined,
					status: 'created',
					test: { status: 'OK' },
				});
			});
		});

		it('an item not sent for want of a certificate names the fix, and stays safe to send again', async () => {
			await mutual();
			const { error, outputs } = await harnessFor(sim!, trusting()).run(
				{
					type: 'wmsInventory',
					parameters: {
						resource: 'item',
						operation: 'upsert',
						fieldsToSend: 'inputItem',
						options: {},
					},
					onError: 'continueErrorOutput',
				},
				[{ sku: 'TLS-1', description: 'Item' }],
			);
			expect(error).toBeUndefined();
			// Safe to send again once the credential has the certificate (an error inbox re-sends these).
			expect(outputs[1][0].json.error).toMatchObject({
				status: null,
				retryable: true,
				message: expect.stringMatching(/^Inventory item TLS-1: .*asked for a client certificate/),
			});
		});
	});
});
