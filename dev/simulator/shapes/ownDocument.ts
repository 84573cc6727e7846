/** The routes of a shape's own (OwnRecords) in its document: a bulk upsert by key and a paged read. */
import type { Json, OwnRecords, ShapeSpec } from './types';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

const ERRORS: Record<string, string> = {
	'400': 'MalformedJson',
	'401': 'InvalidToken',
	'413': 'TooManyItems',
	'415': 'UnsupportedMediaType',
	'422': 'ValidationFailed',
	'429': 'RateLimited',
	'503': 'Unavailable',
};

const errors = (bulk: boolean) =>
	Object.fromEntries(
		Object.entries(ERRORS)
			.filter(([status]) => bulk || status !== '413')
			.map(([status, name]) => [status, response(name)]),
	);

function operations(own: OwnRecords, spec: ShapeSpec): [string, Json][] {
	const name = own.schemaName;
	const example = own.record.example;
	const listed = {
		...example,
		created_at: '2026-11-21T09:30:00.000Z',
		updated_at: '2026-11-21T09:30:00.000Z',
	};
	const filter = Object.fromEntries(own.check.filters.slice(0, 1).map((f) => [f, example[f]]));
	return [
		[
			own.add.path,
			{
				post: {
					tags: [own.tag],
					operationId: own.add.operationId,
					summary: own.add.summary,
					description: own.add.description,
					requestBody: {
						required: true,
						content: {
							'application/json': {
								schema: ref(`${name}AddRequest`),
								example: { [spec.container]: [example] },
							},
						},
					},
					responses: {
						'200': {
							description: 'Which records were stored and which were not.',
							content: {
								'application/json': {
									schema: ref('BulkWriteResponse'),
									example: { accepted: [{ row: 0, status: 'created' }], rejected: [] },
								},
							},
						},
						...errors(true),
					},
				},
			},
		],
		[
			own.check.path,
			{
				post: {
					tags: [own.tag],
					operationId: own.check.operationId,
					summary: own.check.summary,
					requestBody: {
						required: true,
						content: {
							'application/json': { schema: ref(`${name}CheckRequest`), example: filter },
						},
					},
					responses: {
						'200': {
							description: 'A page of records in creation order.',
							content: {
								'application/json': {
									schema: ref(`${name}CheckResponse`),
									example: {
										data: [listed],
										meta: {
											page: 1,
											per_page: spec.paging.defaultPerPage,
											total_pages: 1,
											total: 1,
										},
									},
								},
							},
						},
						...errors(false),
					},
				},
			},
		],
	];
}

export function addOwnRoutes(doc: Json, spec: ShapeSpec): void {
	const schemas = doc.components.schemas;
	for (const own of spec.own) {
		const record = { ...own.record };
		delete record.example;
		schemas[own.schemaName] = {
			...record,
			properties: {
				...record.properties,
				created_at: ref('CreatedAt'),
				updated_at: ref('UpdatedAt'),
			},
		};
		schemas[`${own.schemaName}AddRequest`] = {
			type: 'object',
			additionalProperties: false,
			required: [spec.container],
			properties: {
				[spec.container]: {
					type: 'array',
					minItems: 1,
					maxItems: own.maxItems,
					description: `The records, at most ${own.maxItems} per request.`,
					items: ref(own.schemaName),
				},
			},
		};
		schemas[`${own.schemaName}CheckRequest`] = {
			type: 'object',
			additionalProperties: false,
			properties: {
				page: ref('Page'),
				per_page: ref('PerPage'),
				...Object.fromEntries(own.check.filters.map((f) => [f, record.properties[f]])),
			},
		};
		schemas[`${own.schemaName}CheckResponse`] = {
			type: 'object',
			required: ['data', 'meta'],
			properties: {
				data: { type: 'array', items: ref(own.schemaName) },
				meta: ref('PageMeta'),
			},
		};
		// After the last route of the same tag, where a reader of the document looks for it.
		const entries = Object.entries<Json>(doc.paths);
		let at = entries.length;
		entries.forEach(([, item], i) => {
			if (item.post?.tags?.includes(own.tag)) at = i + 1;
		});
		entries.splice(at, 0, ...operations(own, spec));
		doc.paths = Object.fromEntries(entries);
	}
}
