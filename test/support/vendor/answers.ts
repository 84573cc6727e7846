/**
 * How a generated vendor (test/support/vendor/generate.ts) writes its answers in its description:
 * a write's success answer in its style (per-row results, accepted/rejected lists, a list of ids),
 * a key of two fields as text or as an object, a refused row's reason (beside its status, a list
 * of errors or one error object: errorStyles.ts), and its refusal: a problem document with
 * errors[] or invalid-params (the row in the path or apart) or ASP.NET's map of errors, or FastAPI's validation error (a
 * `detail` list of loc, msg, type).
 */
import type { Vendor } from './generate';

type Schema = Record<string, unknown>;

function keySchema(vendor: Vendor): Schema {
	if (vendor.key.length === 1 || vendor.keyJoin !== 'object') return { type: 'string' };
	return {
		type: 'object',
		properties: Object.fromEntries(vendor.key.map((field) => [field, { type: 'string' }])),
	};
}

const STATUS = { type: 'string', enum: ['created', 'updated', 'error'] };
const FIELD_ERROR = {
	type: 'object',
	properties: { field: { type: 'string' }, message: { type: 'string' } },
};
const FIELD_ERRORS = { type: 'array', items: FIELD_ERROR };

/** How a refused row carries its reason (errorStyles.ts): one error object, or a list of errors. */
const rowErrors = (vendor: Vendor): Schema =>
	vendor.rowError === 'error' ? { error: FIELD_ERROR } : { errors: FIELD_ERRORS };

export function answerSchema(vendor: Vendor): Schema | undefined {
	const row = { type: 'integer' };
	if (vendor.answer === 'perRow')
		return {
			type: 'object',
			properties: {
				[vendor.resultsList]: {
					type: 'array',
					items: {
						type: 'object',
						properties: {
							[vendor.rowField]: row,
							key: keySchema(vendor),
							status: STATUS,
							...(vendor.rowError === 'error'
								? { error: FIELD_ERROR }
								: { message: { type: 'string' } }),
						},
					},
				},
			},
		};
	if (vendor.answer === 'split') {
		const [accepted, rejected] = vendor.splitLists;
		return {
			type: 'object',
			properties: {
				[accepted]: {
					type: 'array',
					items: {
						type: 'object',
						properties: {
							[vendor.rowField]: row,
							key: keySchema(vendor),
							status: { type: 'string', enum: ['created', 'updated'] },
						},
					},
				},
				[rejected]: {
					type: 'array',
					items: {
						type: 'object',
						properties: { [vendor.rowField]: row, ...rowErrors(vendor) },
					},
				},
			},
		};
	}
	if (vendor.answer === 'ids')
		return {
			type: 'object',
			properties: { ids: { type: 'array', items: keySchema(vendor) } },
		};
	return undefined;
}

/** FastAPI's HTTPValidationError. */
const VALIDATION: Schema = {
	type: 'object',
	properties: {
		detail: {
			type: 'array',
			items: {
				type: 'object',
				required: ['loc', 'msg', 'type'],
				properties: {
					loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
					msg: { type: 'string' },
					type: { type: 'string' },
				},
			},
		},
	},
};

/** ASP.NET's validation problem: each refused field's path → its messages. */
const ERROR_MAP = {
	type: 'object',
	additionalProperties: { type: 'array', items: { type: 'string' } },
};

const PROBLEM = (vendor: Vendor): Schema => ({
	type: 'object',
	properties: {
		type: { type: 'string' },
		title: { type: 'string' },
		status: { type: 'integer' },
		detail: { type: 'string' },
		[vendor.errorList === 'map' ? 'errors' : vendor.errorList]:
			vendor.errorList === 'map'
				? ERROR_MAP
				: {
						type: 'array',
						items: {
							type: 'object',
							properties: {
								...(vendor.rowNamed === 'inPath' ? {} : { [vendor.rowNamed]: { type: 'integer' } }),
								...(vendor.errorList === 'errors'
									? { field: { type: 'string' }, message: { type: 'string' } }
									: { name: { type: 'string' }, reason: { type: 'string' } }),
							},
						},
					},
	},
});

/** The write's refusal: FastAPI's as plain JSON, the others as a problem document. */
export function refusedResponse(vendor: Vendor): Schema {
	return vendor.errorList === 'detail'
		? { description: 'Validation Error', content: { 'application/json': { schema: VALIDATION } } }
		: {
				description: 'The request was refused',
				content: { 'application/problem+json': { schema: PROBLEM(vendor) } },
			};
}
