// The "WMS Simulator" credential of `npm start`, kept across starts. Created when missing; on a later
// start a field is set again only while it still holds what start itself put there (the simulator's
// address moves with its port, --tls brings its CA): what the person changed in the editor stays —
// the API Description with its URL or pasted text, the client, the connection settings. A field start
// set before and needs no more (the CA after a --tls start) goes back to its default unless the
// person changed it. With --shape or --contract the simulator speaks another description, which Built
// In does not describe: a credential on Built In is switched to From the Platform, and said so.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { CREDENTIAL_NAME, CREDENTIAL_TYPE } from './client.mjs';

// What n8n answers in place of a password field's value: set (hidden) or empty.
const { CREDENTIAL_BLANKING_VALUE: HIDDEN, CREDENTIAL_EMPTY_VALUE: EMPTY } = createRequire(
	import.meta.url,
)('n8n-workflow');

/** The fields start sets, as the credential form names them. */
export const LABELS = {
	baseUrl: 'Base URL',
	clientId: 'Client ID',
	clientSecret: 'Client Secret',
	description: 'API Description',
	descriptionUrl: 'Description URL',
	trustPrivateCa: 'Trust a Private CA',
	caCertificate: 'CA Certificate',
};

/** Start set these at every start before it kept a record of what it set. */
const SET_BEFORE_THE_RECORD = [
	'baseUrl',
	'clientId',
	'clientSecret',
	'trustPrivateCa',
	'caCertificate',
];

const CHOICES = { builtIn: 'Built In', platform: 'From the Platform', pasted: 'Pasted' };

const fingerprint = (value) =>
	createHash('sha256')
		.update(JSON.stringify(value ?? null))
		.digest('hex')
		.slice(0, 16);

const isEmpty = (value) => value === undefined || value === null || value === '' || value === EMPTY;

/**
 * What start wants in the credential this time: the simulator and its demo client, `fields` (the CA
 * with --tls), and with `shaped` (the flag that changed the simulator's description) the description
 * read from the simulator.
 */
export function wantedFields({ simulator, fields = {}, shaped }) {
	return {
		baseUrl: simulator.baseUrl,
		clientId: simulator.clientId,
		clientSecret: simulator.clientSecret,
		...fields,
		...(shaped ? { description: 'platform', descriptionUrl: 'openapi.json' } : {}),
	};
}

/**
 * The new data of a stored credential: `stored` as n8n answers it (password fields hidden),
 * `wanted` what start wants, `record` the fingerprints of what start set last time (undefined on a
 * folder from before the record). Answers {data, record, changed, kept}: the data to save, the new
 * record, and the fields start changed and those it left as the person set them.
 */
export function mergeCredential(stored, wanted, record, { shaped } = {}) {
	const data = { ...stored };
	const next = {};
	const changed = [];
	const kept = [];
	const fields = new Set([
		...Object.keys(wanted),
		...(record ? Object.keys(record) : SET_BEFORE_THE_RECORD),
	]);
	for (const field of fields) {
		const value = stored[field];
		// A hidden value cannot be compared: it stays, whoever set it.
		if (value === HIDDEN) {
			if (record?.[field]) next[field] = record[field];
			continue;
		}
		const startSetIt = record
			? record[field] === fingerprint(value)
			: SET_BEFORE_THE_RECORD.includes(field);
		const ours = isEmpty(value) || startSetIt;
		const needed = shaped && field === 'description' && (isEmpty(value) || value === 'builtIn');
		if (field in wanted) {
			if (ours || needed) {
				if (value !== wanted[field]) {
					data[field] = wanted[field];
					changed.push(field);
				}
				next[field] = fingerprint(wanted[field]);
			} else if (value !== wanted[field]) kept.push(field);
		} else if (ours && !isEmpty(value)) {
			delete data[field];
			changed.push(field);
		}
	}
	return { data, record: next, changed, kept };
}

/**
 * Creates the "WMS Simulator" credential or brings the stored one up to date as above; `state` is
 * the user folder's state (its `credentialSet` is the record). Answers the credential {id, name,
 * type} with `notes`: lines for the banner on what it uses and what was kept or set.
 */
export async function startCredential(client, { simulator, fields, shaped, description, state }) {
	const wanted = wantedFields({ simulator, fields, shaped });
	const existing = (await client.listCredentials()).find(
		(c) => c.name === CREDENTIAL_NAME && c.type === CREDENTIAL_TYPE,
	);
	let id = existing?.id;
	let data = wanted;
	let merged = { record: {}, changed: Object.keys(wanted), kept: [] };
	if (existing) {
		const stored = (await client.rest('GET', `/credentials/${existing.id}?includeData=true`)).data;
		merged = mergeCredential(stored ?? {}, wanted, state.credentialSet, { shaped });
		data = merged.data;
		if (merged.changed.length)
			await client.rest('PATCH', `/credentials/${existing.id}`, {
				name: CREDENTIAL_NAME,
				type: CREDENTIAL_TYPE,
				data,
			});
	} else {
		const created = await client.rest('POST', '/credentials', {
			name: CREDENTIAL_NAME,
			type: CREDENTIAL_TYPE,
			data,
		});
		id = created.id;
		merged.record = Object.fromEntries(
			Object.entries(wanted).map(([field, value]) => [field, fingerprint(value)]),
		);
	}
	state.credentialSet = merged.record;
	return {
		id,
		name: CREDENTIAL_NAME,
		type: CREDENTIAL_TYPE,
		notes: notes(data, merged, { simulator, shaped, description }),
	};
}

/** What the banner says of the credential: the description it uses, and what start kept or set. */
function notes(data, { changed, kept }, { simulator, shaped, description }) {
	const choice = data.description ?? 'builtIn';
	const where =
		choice === 'platform'
			? ` (${data.descriptionUrl || 'no Description URL'})`
			: choice === 'pasted'
				? ' (the text pasted in it)'
				: '';
	const lines = [`API Description: ${CHOICES[choice] ?? choice}${where}`];
	if (shaped && changed.includes('description'))
		lines.push(
			`  set to From the Platform by npm start (${shaped}): the simulator speaks ${description?.label ?? 'another description'}, which Built In does not describe`,
		);
	else if (shaped && choice !== 'platform')
		lines.push(
			`  as you set it; the simulator speaks ${description?.label ?? 'another description'} (${shaped}), served at openapi.json`,
		);
	if (kept.length)
		lines.push(`kept as you set it: ${kept.map((field) => LABELS[field] ?? field).join(', ')}`);
	if (kept.includes('baseUrl') && data.baseUrl !== simulator.baseUrl)
		lines.push(`  (it points at ${data.baseUrl}, not at the simulator)`);
	return lines;
}
