/**
 * How a write's answer tells each row's fate, as one reader per answer style: lists of the rows
 * taken and refused, or one result per row. The first that fits the answer's schema is the route's,
 * chosen once at compile time; a new vendor's style is one more reader here.
 */
import type { Results, Wire } from '../types';
import { own, type Resolved, type Schema } from './refs';
import { typeOf, type WireLook } from './wireLook';
import {
	ACCEPTED_LISTS,
	ERRORS_FIELDS,
	INDEX_FIELDS,
	KEY_FIELDS,
	MESSAGE_FIELDS,
	plainName,
	REJECTED_LISTS,
	RESULT_LISTS,
	STATUS_FIELDS,
	statusMeaning,
} from './wireWords';

type Read = Pick<Wire, 'results' | 'statuses'>;

interface AnswerStyle {
	read(look: WireLook, properties: Schema): Read | undefined;
}

/** The answer's list of records whose plain name comes first in `names`. */
const listNamed = (look: WireLook, properties: Schema, names: string[]) =>
	names
		.map((wanted) =>
			Object.keys(properties).find(
				(name) => plainName(name) === wanted && look.recordsOf(properties[name]),
			),
		)
		.find(Boolean);

/** The fields of one result entry that name its row, its key, its status and its words. */
function entryFields(look: WireLook, entry: Resolved) {
	const properties = look.props(entry);
	return {
		index: look.named(
			properties,
			INDEX_FIELDS,
			(schema) => typeOf(schema) === 'integer' || typeOf(schema) === 'number',
		),
		key: look.named(properties, KEY_FIELDS),
		status: look.named(
			properties,
			STATUS_FIELDS,
			(schema) => typeOf(schema) === 'string' || typeOf(schema) === undefined,
		),
		message: look.named(properties, MESSAGE_FIELDS, (schema) => typeOf(schema) === 'string'),
		errors: look.named(properties, ERRORS_FIELDS, (schema) => typeOf(schema) === 'array'),
	};
}

/** A result's statuses as the description lists them (an enum), each read as stored or not. */
function statuses(look: WireLook, entry: Resolved, status: string | undefined): Wire['statuses'] {
	if (status === undefined) return undefined;
	const values = own(look.resolver.resolve(look.props(entry)[status], ''), 'enum');
	if (!Array.isArray(values)) return undefined;
	const read: Record<'stored' | 'notStored' | 'unknown', string[]> = {
		stored: [],
		notStored: [],
		unknown: [],
	};
	for (const value of values) if (typeof value === 'string') read[statusMeaning(value)].push(value);
	return Object.fromEntries(
		Object.entries(read).filter(([, words]) => words.length > 0),
	) as NonNullable<Wire['statuses']>;
}

/** Two lists: the rows the platform took and the rows it refused. */
const splitStyle: AnswerStyle = {
	read(look, properties) {
		const accepted = listNamed(look, properties, ACCEPTED_LISTS);
		const rejected = listNamed(look, properties, REJECTED_LISTS);
		if (!accepted || !rejected) return undefined;
		const takenEntry = look.recordsOf(properties[accepted])!;
		const taken = entryFields(look, takenEntry);
		const refused = entryFields(look, look.recordsOf(properties[rejected])!);
		return {
			results: compactResults({
				by: 'split',
				accepted,
				rejected,
				index: taken.index ?? refused.index,
				key: taken.key ?? refused.key,
				status: taken.status,
				message: refused.message,
				errors: refused.errors,
			}),
			statuses: statuses(look, takenEntry, taken.status),
		};
	},
};

/** One result per row in a list (the usual names, else the answer's only list of records), naming its row, key or status. */
const perRowStyle: AnswerStyle = {
	read(look, properties) {
		const lists = Object.keys(properties).filter((name) => look.recordsOf(properties[name]));
		const list =
			listNamed(look, properties, RESULT_LISTS) ?? (lists.length === 1 ? lists[0] : undefined);
		if (!list) return undefined;
		const entry = look.recordsOf(properties[list])!;
		const fields = entryFields(look, entry);
		if (fields.index === undefined && fields.status === undefined && fields.key === undefined)
			return undefined;
		return {
			results: compactResults({
				by: 'perRow',
				list,
				index: fields.index,
				key: fields.key,
				status: fields.status,
				message: fields.message,
			}),
			statuses: statuses(look, entry, fields.status),
		};
	},
};

/** In the order they are tried: two named lists are the surer sign. */
const ANSWER_STYLES: AnswerStyle[] = [splitStyle, perRowStyle];

/** How a write's answer tells each row's fate, and what its statuses mean; `none` when no style fits. */
export function resultsOf(look: WireLook, answer: Resolved): Read {
	const properties = look.props(answer);
	for (const style of ANSWER_STYLES) {
		const read = style.read(look, properties);
		if (read) return read;
	}
	return { results: { by: 'none' } };
}

const compactResults = (results: Results): Results =>
	Object.fromEntries(Object.entries(results).filter(([, value]) => value !== undefined)) as Results;
