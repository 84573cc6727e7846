/**
 * A response's headers as OpenAPI 3.0 and 3.1 write them: a Header object behind a $ref (to
 * components/headers, a chain, 3.1's siblings beside the $ref) is read as declared; a Link header
 * makes a read page by it where its body carries no cursor; a $ref that points at nothing declares
 * nothing and costs the route nothing, nor does an example's.
 */
import { compileDescription } from '../../nodes/shared/platform/description/compile';
import { nextLink } from '../../nodes/shared/pagingStyles';

const list = { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } };

const byPage = [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }];

function described(
	openapi: string,
	headers: object,
	answer: object = list,
	parameters: object[] = byPage,
) {
	return compileDescription({
		openapi,
		info: { title: 'Headers', version: '1' },
		paths: {
			'/stock': {
				get: {
					parameters,
					responses: {
						'200': { $ref: '#/components/responses/Stock' },
					},
				},
			},
		},
		components: {
			responses: {
				Stock: {
					description: 'OK',
					headers,
					// Examples are not read: one that points at nothing costs nothing.
					content: {
						'application/json': {
							schema: answer,
							examples: { one: { $ref: '#/components/examples/Gone' } },
						},
					},
				},
			},
			headers: {
				Link: { schema: { type: 'string' } },
				Paging: { $ref: '#/components/headers/Link' },
				Count: { schema: { type: 'integer' } },
			},
		},
	} as never).routes['GET /stock'];
}

describe("a response's headers", () => {
	it('follows $ref to components/headers in 3.0, through a chain, and pages by Link before page numbers', () => {
		const route = described('3.0.3', {
			Link: { $ref: '#/components/headers/Paging' },
			'X-Count': { $ref: '#/components/headers/Count' },
			'Content-Type': { schema: { type: 'string' } },
		});
		expect(route.headers).toEqual(['link', 'x-count']);
		expect(route.wire?.paging).toEqual({ by: 'link' });
	});

	it("follows 3.1's $ref with siblings, and leaves out one that points at nothing", () => {
		const route = described('3.1.0', {
			Link: { $ref: '#/components/headers/Link', description: 'RFC 8288' },
			'X-Gone': { $ref: '#/components/headers/Gone' },
		});
		expect(route.headers).toEqual(['link']);
		expect(route.wire?.paging?.by).toBe('link');
	});

	it('pages by the body where it carries a cursor, and by page numbers where no Link is declared', () => {
		const cursor = described(
			'3.0.3',
			{ Link: { $ref: '#/components/headers/Link' } },
			{ type: 'object', properties: { items: list, next_cursor: { type: 'string' } } },
			[{ name: 'cursor', in: 'query', schema: { type: 'string' } }],
		);
		expect(cursor.wire?.paging?.by).toBe('cursor');
		expect(
			described('3.0.3', { 'X-Count': { $ref: '#/components/headers/Count' } }).wire?.paging?.by,
		).toBe('page');
	});

	it('reads the next link of a Link header as RFC 8288 writes it', () => {
		expect(
			nextLink(
				'<https://x.test/a?page=1>; rel="first", <https://x.test/a?page=3>; rel="next last"',
			),
		).toBe('https://x.test/a?page=3');
		expect(nextLink('</a?page=2>;rel=next')).toBe('/a?page=2');
		expect(nextLink(['</a?page=1>; rel="prev"', '</a?page=3>; REL="Next"'])).toBe('/a?page=3');
		expect(nextLink('</a?page=1>; rel="prev"')).toBeUndefined();
		expect(nextLink(undefined)).toBeUndefined();
	});
});
