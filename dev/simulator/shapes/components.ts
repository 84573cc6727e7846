/** The components a shape's document adds: page-number paging and batch answers by row. */
import type { Json, ShapeSpec } from './types';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export function pagingSchemas(spec: ShapeSpec): Record<string, Json> {
	return {
		Page: { type: 'integer', minimum: 1, default: 1, description: 'The page to read, from 1.' },
		PerPage: {
			type: 'integer',
			minimum: 1,
			maximum: spec.paging.maxPerPage,
			default: spec.paging.defaultPerPage,
			description: 'Records per page.',
		},
		PageMeta: {
			type: 'object',
			required: ['page', 'per_page', 'total_pages', 'total'],
			properties: {
				page: { type: 'integer' },
				per_page: { type: 'integer' },
				total_pages: {
					type: 'integer',
					description: 'Pages of per_page records (0 when nothing matches).',
				},
				total: { type: 'integer', description: 'Records that match the filters.' },
			},
		},
		AcceptedRow: {
			type: 'object',
			required: ['row', 'status'],
			properties: {
				row: {
					type: 'integer',
					minimum: 0,
					description: `Position of the record in the request's ${spec.container}.`,
				},
				status: { type: 'string', enum: ['created', 'updated', 'unchanged'] },
			},
		},
		RejectedRow: {
			type: 'object',
			required: ['row', 'errors'],
			properties: {
				row: { type: 'integer', minimum: 0 },
				errors: { type: 'array', minItems: 1, items: ref('FieldError') },
			},
		},
		FieldError: {
			type: 'object',
			required: ['field', 'message'],
			properties: {
				field: {
					type: 'string',
					description:
						'The field in the record, e.g. lines[2].quantity (empty for the record as a whole).',
				},
				message: { type: 'string' },
			},
		},
	};
}
