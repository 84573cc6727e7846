/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tooling of this repository, run by Node: the community-node rules are for code n8n runs */
/**
 * Certificates as a real site has them, made on the spot (dev and tests only): a company CA, a
 * server certificate it signed for the platform's host names, a client certificate for mutual TLS
 * with an encrypted key, and the faulty ones (expired, for another host, self-signed, from another
 * CA). Keys come from Node's crypto, certificates from node-forge.
 */
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import forge from 'node-forge';

export interface Issued {
	/** The certificate, PEM. */
	cert: string;
	/** Its private key, PEM, unencrypted. */
	key: string;
}

export interface Authority extends Issued {
	name: string;
}

export interface IssueOptions {
	commonName: string;
	/** Host names and IP addresses the certificate is for (server certificates). */
	hosts?: string[];
	/** A client certificate (mutual TLS) instead of a server one. */
	client?: boolean;
	/** Days from now the certificate starts and ends being valid (negative: in the past). */
	validFromDays?: number;
	validToDays?: number;
}

const DAY_MS = 86_400_000;

/** A certificate's PEM with the line ends files and forms have (forge writes CRLF). */
const pemOf = (cert: forge.pki.Certificate) =>
	forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n');

function newKey(): {
	pem: string;
	forgeKey: forge.pki.rsa.PrivateKey;
	publicKey: forge.pki.PublicKey;
} {
	const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
	const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
	const forgeKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
	return { pem, forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

function certificate(
	subject: string,
	publicKey: forge.pki.PublicKey,
	validFromDays: number,
	validToDays: number,
): forge.pki.Certificate {
	const cert = forge.pki.createCertificate();
	cert.publicKey = publicKey;
	cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
	cert.validity.notBefore = new Date(Date.now() + validFromDays * DAY_MS);
	cert.validity.notAfter = new Date(Date.now() + validToDays * DAY_MS);
	cert.setSubject([{ name: 'commonName', value: subject }]);
	return cert;
}

/** A certificate authority of its own (self-signed, may sign others). */
export function makeAuthority(name = 'Warehouse Site Test CA'): Authority {
	const key = newKey();
	const cert = certificate(name, key.publicKey, -1, 3650);
	cert.setIssuer(cert.subject.attributes);
	cert.setExtensions([
		{ name: 'basicConstraints', cA: true, critical: true },
		{ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
		{ name: 'subjectKeyIdentifier' },
	]);
	cert.sign(key.forgeKey, forge.md.sha256.create());
	return { name, cert: pemOf(cert), key: key.pem };
}

/** A certificate signed by `authority`, or self-signed when it is undefined. */
export function issue(authority: Authority | undefined, options: IssueOptions): Issued {
	const key = newKey();
	const cert = certificate(
		options.commonName,
		key.publicKey,
		options.validFromDays ?? -1,
		options.validToDays ?? 825,
	);
	const signer = authority ? forge.pki.certificateFromPem(authority.cert) : undefined;
	cert.setIssuer(signer ? signer.subject.attributes : cert.subject.attributes);
	const altNames = (options.hosts ?? []).map((host) =>
		isIP(host) ? { type: 7, ip: host } : { type: 2, value: host },
	);
	cert.setExtensions([
		{ name: 'basicConstraints', cA: false },
		{ name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
		{ name: 'extKeyUsage', serverAuth: !options.client, clientAuth: Boolean(options.client) },
		...(altNames.length ? [{ name: 'subjectAltName', altNames }] : []),
	]);
	const signingKey = authority
		? (forge.pki.privateKeyFromPem(authority.key) as forge.pki.rsa.PrivateKey)
		: key.forgeKey;
	cert.sign(signingKey, forge.md.sha256.create());
	return { cert: pemOf(cert), key: key.pem };
}

/** The key encrypted with a passphrase (PKCS#8, AES-256), as an operator hands a client key out. */
export function encryptKey(key: string, passphrase: string): string {
	return createPrivateKey(key)
		.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase })
		.toString();
}

/** What the simulator serves over HTTPS with: its certificate and key, and the CA that signed them. */
export interface SiteCertificates {
	ca: Authority;
	server: Issued;
}

/**
 * A CA and a server certificate for localhost and 127.0.0.1, kept in `dir` so a CA already pasted
 * into a credential stays valid across restarts; made when missing.
 */
export function siteCertificates(dir: string): SiteCertificates {
	const files = {
		caCert: path.join(dir, 'ca.pem'),
		caKey: path.join(dir, 'ca.key'),
		cert: path.join(dir, 'server.pem'),
		key: path.join(dir, 'server.key'),
	};
	if (!Object.values(files).every((file) => fs.existsSync(file))) {
		const ca = makeAuthority('WMS Simulator Test CA');
		const server = issue(ca, { commonName: 'localhost', hosts: ['localhost', '127.0.0.1', '::1'] });
		fs.mkdirSync(dir, { recursive: true });
		fs.writeFileSync(files.caCert, ca.cert);
		fs.writeFileSync(files.caKey, ca.key, { mode: 0o600 });
		fs.writeFileSync(files.cert, server.cert);
		fs.writeFileSync(files.key, server.key, { mode: 0o600 });
	}
	const read = (file: string) => fs.readFileSync(file, 'utf8');
	return {
		ca: { name: 'WMS Simulator Test CA', cert: read(files.caCert), key: read(files.caKey) },
		server: { cert: read(files.cert), key: read(files.key) },
	};
}
