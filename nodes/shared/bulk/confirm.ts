/**
 * The outcome of each row of a request the platform answered with success, read through the
 * route's answer reader (answers/): its result paired with the row (pairing.ts), then the result's
 * status read as the description lists its statuses. A row the answer does not clearly confirm
 * stays not confirmed, never stored. What the answer says of each row is read here as data
 * (readAnswer); a failure is put in words in one place after (failedRows.ts answeredOutcomes).
 */
import type { IDataObject, INode } from 'n8n-workflow';

import type { RouteInfo } from '../platform';
import { statusMeaning } from '../platform/description/wire';
import type { Answer } from '../transport/request';
import { answerReader, type AnswerReader, type Entry } from './answers';
import { rowRefusal } from './answers/refusal';
import { answeredOutcomes } from './failedRows';
import { resultsOf, rowKey, type AnswerSays, type RowOutcome } from './outcomes';
import { pairResults, type Pairing } from './pairing';
import { keyText } from './resultKeys';

/** One request's answer as it is being read, row by row. */
interface Reading extends Pairing {
	info: RouteInfo;
	reader: AnswerReader;
	keys: string[] | undefined;
	records: IDataObject[];
	resent: boolean;
	entryCount: number;
	rowCount: number;
	/** The description's status words, lower-cased once for the request's rows: made when first needed. */
	statusWords?: { stored: Set<string>; notStored: Set<string> };
}

/** The outcome of each row of a request the platform answered with success, read as the route's answers name rows (its results shape). */
export function confirmRows(
	node: INode,
	route: string,
	info: RouteInfo,
	records: IDataObject[],
	answer: Answer,
	idempotent: boolean,
): RowOutcome[] {
	const says = readAnswer(info, records, answer);
	return answeredOutcomes(says, { node, route, status: answer.status, idempotent });
}

/** What the answer says of each row, in the records' order: stored with its result, refused in the platform's words, or not confirmed and why. */
export function readAnswer(info: RouteInfo, records: IDataObject[], answer: Answer): AnswerSays[] {
	const reader = answerReader(resultsOf(info));
	const fields = info.resultKey;
	const keys = fields ? records.map((record) => rowKey(fields, record)) : undefined;
	const entries = reader.entries(answer.body, records.length);
	const reading: Reading = {
		...pairResults({ info, reader, records, keys }, entries),
		info,
		reader,
		keys,
		records,
		resent: answer.resent === true,
		entryCount: entries.length,
		rowCount: records.length,
	};
	return records.map((record, k): AnswerSays => {
		const key = keys?.[k] ?? (info.naturalKey ? rowKey(info.naturalKey, record) : undefined);
		return rowSays(reading, k, key);
	});
}

const said = (reading: Reading, k: number) => (reading.keys ? ` (key "${reading.keys[k]}")` : '');

/** What the answer says of one row: its result, read, or why it has none that can be trusted. */
function rowSays(reading: Reading, k: number, key: string | undefined): AnswerSays {
	const { reader, times } = reading;
	const entry = reading.named[k];
	const result = entry?.result as IDataObject | undefined;
	if (reader.cannotTell) return { kind: 'unconfirmed', key, why: reader.cannotTell };
	if (times[k] > 1)
		return {
			kind: 'unconfirmed',
			key,
			why: `its answer has ${times[k]} results for this record${said(reading, k)}, so none can be trusted`,
		};
	if (!entry || !result) return unpaired(reading, k, key);
	return resultSays(reading, k, key, entry, result);
}

/** A row no result names: not confirmed, saying what the answer held instead. */
function unpaired(reading: Reading, k: number, key: string | undefined): AnswerSays {
	const { strays, info } = reading;
	const fields = info.resultKey;
	const others = strays.length
		? `; results it gave for records not in this request: ${strays
				.slice(0, 3)
				.map((s) => `"${s}"`)
				.join(', ')}${strays.length > 3 ? ', …' : ''}`
		: '';
	// A key the package took from the built-in description may not be the platform's: say so, it is the likeliest cause.
	const guessed =
		info.keyFrom === 'builtIn' && fields && strays.length
			? `; the platform's API description names no key for these records (x-natural-key), so the built-in ${fields.join(' + ')} was taken, and its answer names them otherwise: choose the key under Key to Match On (node version 3) or ask the platform to name it`
			: '';
	return {
		kind: 'unconfirmed',
		key,
		why: `its answer names no result for this record${said(reading, k)} (${reading.entryCount} results for ${reading.rowCount} records${others})${guessed}`,
	};
}

const lowered = (words: string[] | undefined) => new Set(words?.map((one) => one.toLowerCase()));

/** What a result's status word says of its row, as the description lists its statuses (or, where it lists none, by the word alone). */
function meaningOf(reading: Reading, status: string): 'stored' | 'notStored' | 'unknown' {
	const listed = reading.info.wire?.statuses;
	if (!listed) return statusMeaning(status) === 'stored' ? 'stored' : 'unknown';
	reading.statusWords ??= { stored: lowered(listed.stored), notStored: lowered(listed.notStored) };
	const word = status.toLowerCase();
	if (reading.statusWords.stored.has(word)) return 'stored';
	if (reading.statusWords.notStored.has(word)) return 'notStored';
	return 'unknown';
}

/** What a row's own result says of it: stored, not confirmed by its status, or refused. */
function resultSays(
	reading: Reading,
	k: number,
	key: string | undefined,
	entry: Entry,
	result: IDataObject,
): AnswerSays {
	const { reader, info } = reading;
	const messageField = reader.message;
	const words =
		(messageField === undefined ? undefined : keyText(result[messageField])) ??
		keyText(result.message) ??
		keyText((result.error as IDataObject | undefined)?.message);
	const statusField = reader.status;
	const status = statusField === undefined ? undefined : result[statusField];
	// A row in the answer's list of refused rows is not stored, whatever its status.
	const meaning = entry.refused
		? 'notStored'
		: !reader.statusRequired
			? 'stored'
			: typeof status === 'string'
				? meaningOf(reading, status)
				: 'unknown';
	if (meaning === 'stored') return stored(reading, k, key, result, status);
	if (meaning === 'unknown') {
		const described = typeof status === 'string' ? `status "${status}"` : 'no status';
		const storedWords = info.wire?.statuses?.stored ?? ['created', 'updated', 'unchanged'];
		const either =
			storedWords.length > 1
				? `${storedWords.slice(0, -1).join(', ')} or ${storedWords[storedWords.length - 1]}`
				: (storedWords[0] ?? 'a status that says it was stored');
		return {
			kind: 'unconfirmed',
			key,
			why: `its result for this record${said(reading, k)} has ${described}${words ? ` ("${words}")` : ''}, not ${either}`,
			// A node that knows more of the word than the description (a mark's state) says so in its words.
			answered: typeof status === 'string' ? status : undefined,
		};
	}
	// Refused in the platform's words, or by its status word where that alone says so.
	const why = entry.refused || words !== undefined ? words : `status "${String(status)}"`;
	// Its errors may name its field from the request's top (data[1].item_name): read within its row.
	const place = { container: info.wire?.records ?? 'items', row: k, record: reading.records[k] };
	return { kind: 'refused', key, ...rowRefusal(result, reader, why, place) };
}

/** A confirmed row: its result as the output shows it. */
function stored(
	reading: Reading,
	k: number,
	key: string | undefined,
	result: IDataObject,
	status: unknown,
): AnswerSays {
	const indexField = reading.reader.index;
	// Copied without the row's position (meaningless to the user); not `delete`, which slows every later read of the object.
	const rest: IDataObject = {};
	// for…in, not Object.keys: no list of the keys made for every row.
	for (const field in result) if (field !== indexField) rest[field] = result[field];
	rest.status = typeof status === 'string' ? status.toLowerCase() : 'stored';
	// A result matched by index or position still tells the user which record it was.
	if (reading.keys && (rest.key === undefined || rest.key === null)) rest.key = reading.keys[k];
	return reading.resent
		? { kind: 'stored', key, result: rest, resent: 'lost' }
		: { kind: 'stored', key, result: rest };
}
