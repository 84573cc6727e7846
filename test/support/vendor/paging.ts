/**
 * How a generated vendor's read pages (test/support/vendor/generate.ts): a cursor, page numbers or
 * an offset; small pages of its own size, said in the description as the size field's maximum or
 * not said at all (the platform then gives fewer records than asked); and how its answer says the
 * last page: its counts (a null cursor, total pages), only the total of records, or a "more" flag.
 * `pagingSchema` writes the read's paging fields; `readPage` answers one page as the vendor pages.
 */
import fc from 'fast-check';

type Schema = Record<string, unknown>;
type Row = Record<string, unknown>;

export interface VendorPaging {
	by: 'cursor' | 'page' | 'offset';
	/** The most records a page gives. */
	size: number;
	/** Whether the read's size field says that most (its maximum). */
	statesMax: boolean;
	/** How the answer says the last page: counts (a null cursor, total pages), the total only, or has_more. */
	end: 'counts' | 'total' | 'more';
}

export const pagingArbitrary: fc.Arbitrary<VendorPaging> = fc.record({
	by: fc.constantFrom('cursor' as const, 'page' as const, 'offset' as const),
	size: fc.integer({ min: 3, max: 7 }),
	statesMax: fc.boolean(),
	end: fc.constantFrom('counts' as const, 'total' as const, 'more' as const),
});

/** The request's field of the page size. */
const sizeField = (paging: VendorPaging) => (paging.by === 'page' ? 'per_page' : 'limit');

/** The read's paging fields: in its request, and in its answer beside the list of records. */
export function pagingSchema(
	paging: VendorPaging,
	version: '3.0.3' | '3.1.0',
): { request: Schema; answer: Schema } {
	const size = {
		type: 'integer',
		minimum: 1,
		...(paging.statesMax ? { maximum: paging.size } : {}),
	};
	const more = paging.end === 'more' ? { has_more: { type: 'boolean' } } : {};
	const total = paging.end === 'more' ? {} : { total: { type: 'integer' } };
	if (paging.by === 'cursor')
		return {
			request: { cursor: { type: 'string' }, limit: size },
			answer: {
				next_cursor:
					version === '3.0.3' ? { type: 'string', nullable: true } : { type: ['string', 'null'] },
				...more,
				...total,
			},
		};
	if (paging.by === 'page')
		return {
			request: { page: { type: 'integer', minimum: 1 }, per_page: size },
			answer: {
				...more,
				...(paging.end === 'more'
					? {}
					: {
							meta: {
								type: 'object',
								properties: {
									...(paging.end === 'counts' ? { total_pages: { type: 'integer' } } : {}),
									total: { type: 'integer' },
								},
							},
						}),
			},
		};
	return {
		request: { offset: { type: 'integer', minimum: 0 }, limit: size },
		answer: { ...more, ...total },
	};
}

/**
 * One page of `all` as the vendor pages, for the read's request `body`; a request the description
 * does not allow (a page larger than its stated most, a cursor it never gave) is a misfit.
 */
export function readPage(
	paging: VendorPaging,
	all: Row[],
	body: Row,
): { page: Row; misfit?: string } {
	const asked = body[sizeField(paging)];
	const misfit =
		asked !== undefined && (!Number.isInteger(asked) || Number(asked) < 1)
			? `${sizeField(paging)} ${JSON.stringify(asked)} is not a page size`
			: paging.statesMax && Number(asked) > paging.size
				? `${sizeField(paging)} ${String(asked)} is more than the most, ${paging.size}`
				: undefined;
	const size = Math.min(paging.size, asked === undefined ? paging.size : Number(asked));
	let from: number;
	if (paging.by === 'cursor') {
		const cursor = body.cursor === undefined ? 'c-0' : String(body.cursor);
		if (!/^c-\d+$/.test(cursor)) return { page: { data: [] }, misfit: `cursor ${cursor}` };
		from = Number(cursor.slice(2));
	} else if (paging.by === 'page') from = (Number(body.page ?? 1) - 1) * size;
	else from = Number(body.offset ?? 0);
	const data = all.slice(from, from + size);
	const last = from + size >= all.length;
	const more = paging.end === 'more' ? { has_more: !last } : {};
	const total = paging.end === 'more' ? {} : { total: all.length };
	if (paging.by === 'cursor') {
		const next = last ? {} : { next_cursor: `c-${from + size}` };
		// Its counts say the end with a null cursor; otherwise the cursor is left out.
		return {
			page: {
				data,
				...(last && paging.end === 'counts' ? { next_cursor: null } : next),
				...more,
				...total,
			},
			misfit,
		};
	}
	if (paging.by === 'page') {
		const pages = Math.max(1, Math.ceil(all.length / size));
		const meta =
			paging.end === 'more'
				? {}
				: {
						meta: { ...(paging.end === 'counts' ? { total_pages: pages } : {}), total: all.length },
					};
		return { page: { data, ...more, ...meta }, misfit };
	}
	return { page: { data, ...more, ...total }, misfit };
}
