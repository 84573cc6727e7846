/**
 * PEM text as people paste it into a credential: a certificate chain, a key, sometimes squeezed
 * onto one line by a single-line field or an environment variable (`\n` written out), with
 * openssl's "Bag Attributes" around it. Each block is rebuilt as OpenSSL reads it, the way n8n's
 * own SSL certificates credential does, and a text that holds no block of the kind asked for is
 * named before anything is sent.
 */

/** One PEM block: its label (CERTIFICATE, PRIVATE KEY, ...) and the text OpenSSL reads. */
interface Block {
	label: string;
	text: string;
}

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
const LEGACY_HEADERS = /^Proc-Type:\s*(\S+)\s+DEK-Info:\s*(\S+)\s*/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function blocksOf(raw: string): Block[] | 'unreadable' {
	const blocks: Block[] = [];
	for (const [, label, inner] of raw.replace(/\\n/g, '\n').matchAll(BLOCK)) {
		let body = inner.trim();
		let headers = '';
		const legacy = LEGACY_HEADERS.exec(body);
		if (legacy) {
			headers = `Proc-Type: ${legacy[1]}\nDEK-Info: ${legacy[2]}\n\n`;
			body = body.slice(legacy[0].length);
		}
		body = body.replace(/\s+/g, '');
		if (!BASE64.test(body)) return 'unreadable';
		const lines = body.match(/.{1,64}/g) ?? [];
		blocks.push({
			label,
			text: `-----BEGIN ${label}-----\n${headers}${lines.join('\n')}\n-----END ${label}-----\n`,
		});
	}
	return blocks;
}

/** What a PEM field must hold: its label in the form, the blocks it takes, what they are and what to paste. */
export interface PemKind {
	field: string;
	labels: RegExp;
	what: string;
	paste: string;
}

export const CERTIFICATES: Omit<PemKind, 'field'> = {
	labels: /^(X509 |TRUSTED )?CERTIFICATE$/,
	what: 'a certificate',
	paste: 'the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----',
};

export const PRIVATE_KEY: Omit<PemKind, 'field'> = {
	labels: /^(RSA |EC |DSA |ENCRYPTED )?PRIVATE KEY$/,
	what: 'a private key',
	paste:
		'the text from -----BEGIN PRIVATE KEY----- (or RSA, EC, ENCRYPTED PRIVATE KEY) to its END line',
};

/**
 * The field's PEM text rebuilt (only the blocks of its kind, in order), or the problem in words.
 * The value itself is never quoted: a key pasted into the wrong field is a secret all the same.
 */
export function readPem(raw: unknown, kind: PemKind): { pem: string } | { problem: string } {
	const text = typeof raw === 'string' ? raw.trim() : '';
	if (text === '') return { problem: `${kind.field} is empty: paste ${kind.paste}` };
	const blocks = blocksOf(text);
	if (blocks === 'unreadable')
		return {
			problem: `${kind.field} is not readable PEM (characters that are not base64 inside a block): paste ${kind.paste}, as the file has it`,
		};
	const wanted = blocks.filter((block) => kind.labels.test(block.label));
	if (wanted.length === 0) {
		const found = blocks.map((block) => block.label.toLowerCase());
		return {
			problem: `${kind.field} holds ${found.length ? `a ${found[0]}` : 'no PEM block'} where ${kind.what} belongs: paste ${kind.paste}`,
		};
	}
	return { pem: wanted.map((block) => block.text).join('') };
}

/** Whether a private key's PEM is encrypted (it then needs its passphrase). */
export function isEncryptedKey(pem: string): boolean {
	return /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem);
}
