/**
 * How a read pages, as one reader per paging style: each looks at the read's request and answer
 * and tells its paging when the description has that style's fields. The first that fits is the
 * route's paging, chosen once at compile time; a new vendor's style is one more reader here.
 */
import type { Paging } from '../types';
import { isObject, own, type Resolved } from './refs';
import { isNumber, typeOf, type Found, type WireLook } from './wireLook';
import {
	CURSOR_PARAMS,
	MORE_FIELDS,
	NEXT_FIELDS,
	OFFSET_PARAMS,
	PAGE_PARAMS,
	SIZE_PARAMS,
	TOTAL_FIELDS,
	TOTAL_PAGES_FIELDS,
} from './wireWords';

/** What every style shares: the page size a request takes and the answer's "more" flag. */
interface Common {
	size?: Found;
	more?: Found;
}

interface PagingStyle {
	read(
		look: WireLook,
		request: Resolved,
		answer: Resolved,
		common: Common,
		headers: string[],
	): Paging | undefined;
}

const scalar = (schema: Resolved) =>
	['string', 'integer', 'number', undefined].includes(typeOf(schema) as string | undefined) &&
	!isObject(own(schema, 'properties'));

const maxOf = (schema: Resolved | undefined): number | undefined => {
	const max = schema && own(schema, 'maximum');
	return typeof max === 'number' ? max : undefined;
};

const sized = ({ size, more }: Common) => ({
	size: size?.path,
	maxSize: maxOf(size?.schema),
	more: more?.path,
});

/** A cursor sent back as the answer's next cursor. */
const cursorStyle: PagingStyle = {
	read(look, request, answer, common) {
		const cursor = look.find(request, CURSOR_PARAMS, scalar);
		const next = look.find(answer, NEXT_FIELDS, scalar);
		if (!cursor || !next) return undefined;
		const { size, maxSize, more } = sized(common);
		return { by: 'cursor', cursor: cursor.path, size, maxSize, next: next.path, more };
	},
};

/** Page numbers, from 0 or 1 as the page field's minimum or default says. */
const pageStyle: PagingStyle = {
	read(look, request, answer, common) {
		const page = look.find(request, PAGE_PARAMS, isNumber);
		if (!page) return undefined;
		const minimum = own(page.schema, 'minimum');
		const fallback = own(page.schema, 'default');
		return {
			by: 'page',
			page: page.path,
			first: minimum === 0 || (minimum === undefined && fallback === 0) ? 0 : 1,
			...sized(common),
			totalPages: look.find(answer, TOTAL_PAGES_FIELDS, isNumber)?.path,
			total: look.find(answer, TOTAL_FIELDS, isNumber)?.path,
		};
	},
};

/** An offset into the whole list. */
const offsetStyle: PagingStyle = {
	read(look, request, answer, common) {
		const offset = look.find(request, OFFSET_PARAMS, isNumber);
		if (!offset) return undefined;
		return {
			by: 'offset',
			offset: offset.path,
			...sized(common),
			total: look.find(answer, TOTAL_FIELDS, isNumber)?.path,
		};
	},
};

/**
 * The next page's address in a Link header (RFC 8288) the answer declares: it says where the next
 * page is more surely than a page number does, but a cursor in the body comes first.
 */
const linkStyle: PagingStyle = {
	read(_look, _request, _answer, common, headers) {
		if (!headers.includes('link')) return undefined;
		const { size, maxSize } = sized(common);
		return { by: 'link', size, maxSize };
	},
};

/** In the order they are tried: a cursor with its next field is the surest sign. */
const PAGING_STYLES: PagingStyle[] = [cursorStyle, linkStyle, pageStyle, offsetStyle];

/** How a read pages, from its request's fields and its answer's; `none` when no style fits. */
export function pagingOf(
	look: WireLook,
	request: Resolved,
	answer: Resolved,
	headers: string[] = [],
): Paging {
	const common: Common = {
		size: look.find(request, SIZE_PARAMS, isNumber),
		more: look.find(answer, MORE_FIELDS, (schema) => typeOf(schema) === 'boolean'),
	};
	for (const style of PAGING_STYLES) {
		const paging = style.read(look, request, answer, common, headers);
		if (paging) return compactPaging(paging);
	}
	return { by: 'none' };
}

const compactPaging = (paging: Paging): Paging =>
	Object.fromEntries(Object.entries(paging).filter(([, value]) => value !== undefined)) as Paging;
