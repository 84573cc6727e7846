/**
 * A route's request body as the package's fields: the records' list (or the body that is the
 * list) as a record container, a read's filters (its filter object, or the body's own fields but
 * the paging ones), and the rest as body fields, each with its scope for the overlay's words.
 */
import type { ContractField, Paging } from '../types';
import type { FieldReader } from './fields';
import type { Scope } from './overlay';
import type { Schema } from './refs';

export interface BodyParts {
	route: string;
	/** The request body's properties, and those it requires. */
	properties: Schema;
	required: Set<unknown>;
	/** Where the request body is in the description. */
	pointer: string;
	/** Where the records go ('' when the body is the list), and their schema as written. */
	records?: string;
	recordsRaw?: unknown;
	/** A read's filter object ('' when its filters are the body's own fields); undefined for a write. */
	filter?: string;
	paging: Paging;
}

export function bodyFields(
	fields: FieldReader,
	{ route, properties, required, pointer, records, recordsRaw, filter, paging }: BodyParts,
): ContractField[] {
	const isRead = filter !== undefined;
	const body: ContractField[] = [];
	if (records === '' && recordsRaw !== undefined)
		body.push(
			fields.container('', recordsRaw, true, pointer, {
				route,
				section: 'record',
				path: '',
			}),
		);
	// A read whose filters are the body's own fields: each (but the paging ones) is a filter.
	const pagingNames = new Set(
		paging.by === 'none'
			? []
			: Object.entries(paging)
					.filter(([key]) => ['cursor', 'page', 'offset', 'size'].includes(key))
					.map(([, value]) => String(value).split('.')[0]),
	);
	const loose = (name: string) => isRead && filter === '' && !pagingNames.has(name);
	for (const name of Object.keys(properties)) {
		const raw = properties[name];
		const section =
			name === records ? 'record' : isRead && (name === filter || loose(name)) ? 'filter' : 'body';
		// A record's and a filter's own fields are addressed from the record; body fields by their name.
		const scope: Scope = {
			route,
			section,
			path: section === 'body' || loose(name) ? name : '',
		};
		const here = `${pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
		const field =
			section === 'body' || loose(name)
				? fields.field(name, raw, required.has(name), here, scope)
				: fields.container(name, raw, required.has(name), here, scope);
		if (field) body.push(field);
	}
	return body;
}
