/**
 * The shapes of what the contract says (see generated/): routes, and fields described once, in
 * the platform's words. Forms, checks before sending and request bodies all read these.
 */
import type { IDataObject } from 'n8n-workflow';

export type RouteKind = 'bulk' | 'read' | 'action';

export interface RouteInfo {
	/** bulk: records under "items"; read: filtered and paged; action: anything else. */
	kind: RouteKind;
	/** Most records per request (x-max-items, else the items list's maxItems). */
	maxItems?: number;
	/** Repeating the same request leaves the platform as one request would (x-idempotent, else reads and, in our own contract, natural-key upserts). */
	idempotent: boolean;
	/** The description says so itself (x-idempotent), rather than the package inferring it. */
	idempotentStated?: true;
	/** The fields that identify a record (x-natural-key). */
	naturalKey?: string[];
	/** Where the key came from when the description names none: the built-in description's route, or the person's choice. */
	keyFrom?: 'builtIn' | 'chosen';
	/**
	 * The row fields whose values, joined with "|", make the `key` a bulk result reports: the natural
	 * key, absent where the platform reports a key of its own making (x-result-key: assigned).
	 */
	resultKey?: string[];
	/** What one record of the route is called, in the warehouse's words. */
	noun?: string;
	/** A read's records route: the bulk route that writes the records it reads (the same schema in the contract). */
	records?: string;
	/** A read's filter that takes a list of its records' keys ("order_numbers" of "order_number"). */
	keyFilter?: KeyFilter;
	/** Where things are in its requests and answers. */
	wire?: Wire;
	/** Bulk: the record fields that name other records on the platform (x-references). */
	references?: Reference[];
	/** Its HTTP method where it is not POST (the route is then named "GET /orders/{id}"). */
	method?: OperationMethod;
	/** Its fields that go in the path, the query or a header rather than the body, by name. */
	params?: Record<string, Param>;
	/** The headers its success answer declares, in lower case (a `$ref` to components/headers followed). */
	headers?: string[];
}

export type OperationMethod = 'get' | 'put' | 'patch' | 'delete';

/** Where a parameter goes and how its value is written (OpenAPI's style and explode). */
export interface Param {
	in: 'path' | 'query' | 'header';
	/** A list as one comma-joined value rather than the name repeated (query explode: false). */
	joined?: true;
	/**
	 * Its style where not the default (a path's and a header's simple, a query's form): a path's
	 * label (`.a`) or matrix (`;name=a`), a query list's spaceDelimited or pipeDelimited (joined by a
	 * space or `|`), a query object's deepObject (`name[key]=a`).
	 */
	style?: 'label' | 'matrix' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
	/** A path's or header's list or object written exploded (explode: true; `a=1,b=2`, matrix `;a=1;b=2`). */
	exploded?: true;
	/** Described by a JSON media type (`content`) instead of a style: its value goes as its JSON text. */
	json?: true;
	/** A path parameter that is a body field too (PUT /orders/{id} with the order's id): sent in both. */
	alsoBody?: true;
}

/** A record field naming another record the platform must have (an order's customer, a line's item). */
export interface Reference {
	/** The field, a dotted path through lists: "customer_code", "lines.sku". */
	field: string;
	/** The bulk route that writes the records it names: "/customer/add". */
	records: string;
	/** When those records' key has several fields: the record fields giving each, in the key's order. */
	key?: string[];
}

/** How a read asks for the next page, and how its answer says there is one. Names are dotted paths ("meta.total_pages"). */
export type Paging =
	| {
			by: 'cursor';
			/** The request field that takes the cursor. */
			cursor: string;
			/** The request field that takes the page size, and the most it takes. */
			size?: string;
			maxSize?: number;
			/** The answer field with the next page's cursor. */
			next: string;
			/** The answer field saying whether there is more. */
			more?: string;
	  }
	| {
			by: 'page';
			page: string;
			/** The number of the first page (0 or 1). */
			first: number;
			size?: string;
			maxSize?: number;
			more?: string;
			totalPages?: string;
			total?: string;
	  }
	| {
			by: 'offset';
			offset: string;
			size?: string;
			maxSize?: number;
			more?: string;
			total?: string;
	  }
	/** The next page's address in the answer's Link header (RFC 8288, rel="next"). */
	| {
			by: 'link';
			size?: string;
			maxSize?: number;
	  }
	/** One page: the description shows no way to ask for the next. */
	| { by: 'none' };

/** How a bulk answer tells each row's fate. Names are dotted paths in the answer or field names in its entries. */
export type Results =
	/** One result per row, in a list: its position, key and status. */
	| { by: 'perRow'; list: string; index?: string; key?: string; status?: string; message?: string }
	/** Two lists: the rows it took and the rows it refused (with their errors). */
	| {
			by: 'split';
			accepted: string;
			rejected: string;
			index?: string;
			key?: string;
			status?: string;
			message?: string;
			errors?: string;
	  }
	/** A list of the stored records' ids (their keys, or ids the platform assigned): the rows not in it were not confirmed. */
	| { by: 'ids'; list: string }
	/** No body: the success status says the request was taken as a whole. */
	| { by: 'whole' }
	/** The answer does not say which rows it stored. */
	| { by: 'none' };

/** Where things are in a route's requests and answers. */
export interface Wire {
	/** Bulk: where a request's records go (a body field), or '' when the body is the list itself. */
	records?: string;
	/** Read: where the filters go (a body field), or '' when they are the body's own fields. */
	filter?: string;
	paging?: Paging;
	/** Read: where an answer's records are (a dotted path), or '' when the answer is the list itself. */
	list?: string;
	results?: Results;
	/** A per-row status as the description lists them, read as stored or not stored; others are not understood. */
	statuses?: { stored?: string[]; notStored?: string[]; unknown?: string[] };
	/** Action: the lists of objects its answer carries, each with its entries' field names. */
	lists?: Record<string, string[]>;
}

/** A read route's filter that takes a list of record keys. */
export interface KeyFilter {
	/** The filter field: "order_numbers". */
	list: string;
	/** The key field of the records: "order_number". */
	key: string;
	/** Most keys one request takes (the filter's maxItems in the contract). */
	max: number;
}

export type FieldType =
	| 'string'
	| 'number'
	| 'integer'
	| 'boolean'
	| 'date'
	| 'dateTime'
	/** A list of plain values, written as comma-separated text in a form: texts, or numbers where `entryType` says so. */
	| 'stringList'
	| 'object'
	| 'list'
	/** Any JSON value, sent as given: a value the description allows in several types, or does not describe. */
	| 'json';

export interface FieldSpec {
	/** The platform's field name (snake_case, as in the contract). */
	name: string;
	/** What the form calls it. (Not "displayName": n8n's linter would take a spec for a node parameter.) */
	label: string;
	type: FieldType;
	required?: boolean;
	description?: string;
	placeholder?: string;
	/** Allowed values; shown as a dropdown. */
	options?: ReadonlyArray<{ name: string; value: string }>;
	/** Dropdown loaded from the platform (a loadOptions method of the node); expressions still allowed. */
	loadOptionsMethod?: string;
	/** loadOptions methods this dropdown depends on (e.g. zones of the chosen area). */
	loadOptionsDependsOn?: string[];
	minimum?: number;
	maximum?: number;
	/** Strictly greater than this (e.g. quantities > 0). */
	exclusiveMinimum?: number;
	minLength?: number;
	maxLength?: number;
	pattern?: string;
	/** Says the pattern in a user's words, e.g. "4 digits, like 1203". */
	patternHint?: string;
	/** A stringList's entries where they are numbers ("ids": integers) or yes/no: checked and sent as such. */
	entryType?: 'integer' | 'number' | 'boolean';
	/** The values each entry of a stringList may take (the entries' enum): checked, not a dropdown. */
	entryOptions?: ReadonlyArray<{ name: string; value: string }>;
	/** Sub-fields of an object, or of each entry of a list. */
	fields?: FieldSpec[];
	/** Smallest number of entries of a list. */
	minItems?: number;
	/** Read-only sub-fields of an object or of each list entry (see RecordSpec.readOnly). */
	readOnly?: string[];
	default?: string | number | boolean;
	/** An object or list entry that takes one of several shapes (oneOf/anyOf): each shape's fields, checked instead of `fields`. */
	shapes?: FieldShape[];
	/** The field whose value names the shape (the discriminator), where the description gives one. */
	shapeBy?: string;
}

/** One shape of a value of several: its name, its fields, and the values of the discriminator that pick it. */
export interface FieldShape {
	name: string;
	fields: FieldSpec[];
	readOnly?: string[];
	when?: string[];
}

/** A field as the contract and its overlay describe it: a FieldSpec, plus the list limit the contract states. */
export interface ContractField extends FieldSpec {
	/** Largest number of entries of a list. */
	maxItems?: number;
	fields?: ContractField[];
}

/** A rule across fields that OpenAPI cannot say (minimum ≤ maximum): the problem, or undefined when fine. */
export type RecordCheck = (record: IDataObject) => { field: string; problem: string } | undefined;

/** What one record is: the fields it may have, and the rules across them. */
export interface RecordSpec {
	/** Singular, in the warehouse's words: 'supplier', 'inventory item', 'sales order'. */
	noun: string;
	fields: FieldSpec[];
	checks?: RecordCheck[];
	/**
	 * Fields the platform answers with but does not take (status, timestamps, stock). Dropped
	 * quietly, so a record read with Get can be sent back to Add as it is. created_at and
	 * updated_at always count as read-only.
	 */
	readOnly?: string[];
	/** A record of several shapes: see FieldSpec.shapes. */
	shapes?: FieldShape[];
	shapeBy?: string;
}
