import {
	checkRecord,
	type CheckOptions,
	type UnknownFieldPolicy,
} from '../../nodes/shared/checking';
import type { RecordSpec } from '../../nodes/shared/platform';
import {
	backoffDelayMs,
	DEFAULT_RETRY_POLICY,
	parseRetryAfter,
} from '../../nodes/shared/transport/retry';
import { checkBaseUrl } from '../../nodes/shared/transport/url';

const spec: RecordSpec = {
	noun: 'thing',
	fields: [
		{ name: 'code', label: 'Code', type: 'string', required: true, maxLength: 5 },
		{ name: 'quantity', label: 'Quantity', type: 'number', exclusiveMinimum: 0 },
		{ name: 'count', label: 'Count', type: 'integer', minimum: 0 },
		{ name: 'due_date', label: 'Due', type: 'date' },
		{ name: 'seen_at', label: 'Seen', type: 'dateTime' },
		{ name: 'flag', label: 'Flag', type: 'boolean' },
		{
			name: 'kind',
			label: 'Kind',
			type: 'string',
			options: [
				{ name: 'A', value: 'a' },
				{ name: 'B', value: 'b' },
			],
		},
		{ name: 'tags', label: 'Tags', type: 'stringList' },
		{
			name: 'lines',
			label: 'Lines',
			type: 'list',
			minItems: 1,
			fields: [
				{ name: 'sku', label: 'SKU', type: 'string', required: true },
				{ name: 'qty', label: 'Qty', type: 'number', exclusiveMinimum: 0, required: true },
			],
		},
	],
	checks: [(r) => (Number(r.count) > 100 ? { field: 'count', problem: 'is too many' } : undefined)],
};

const inUtc = (unknownFields: UnknownFieldPolicy = 'error'): CheckOptions => ({
	unknownFields,
	timeZone: 'UTC',
});

describe('checkRecord', () => {
	it('normalises what ERP exports usually send', () => {
		const { record, problems } = checkRecord(
			spec,
			{
				code: 12,
				quantity: '2.5',
				count: '3',
				dueDate: '2026-12-01T00:00:00Z',
				seen_at: '2026-11-21 10:30',
				flag: 'yes',
				tags: 'a, b,,c',
				lines: [{ sku: 'X', qty: '1' }],
			},
			inUtc(),
		);
		expect(problems).toEqual([]);
		expect(record).toEqual({
			code: '12',
			quantity: 2.5,
			count: 3,
			due_date: '2026-12-01',
			seen_at: '2026-11-21T10:30:00.000Z',
			flag: true,
			tags: ['a', 'b', 'c'],
			lines: [{ sku: 'X', qty: 1 }],
		});
	});

	it.each([
		[{}, 'code', 'is required but missing or empty'],
		[{ code: '   ', quantity: 0 }, 'quantity', 'must be more than 0 (got 0)'],
		[{ code: 'A', count: 1.5 }, 'count', 'must be a whole number (got 1.5)'],
		[{ code: 'A', quantity: 'ten' }, 'quantity', 'must be a number (got "ten")'],
		[{ code: 'TOOLONG' }, 'code', 'must be at most 5 characters long (got 7)'],
		[
			{ code: 'A', due_date: '21/11/2026' },
			'due_date',
			'must be a date like 2026-11-21 (got "21/11/2026"): write it as 2026-11-21',
		],
		[
			{ code: 'A', due_date: '2026-02-30' },
			'due_date',
			'must be a date like 2026-11-21 (got "2026-02-30")',
		],
		[{ code: 'A', flag: 'maybe' }, 'flag', 'must be true or false (got "maybe")'],
		[{ code: 'A', kind: 'c' }, 'kind', 'must be one of a, b (got "c")'],
		[{ code: 'A', lines: [] }, 'lines', 'must have at least 1 entry (got 0)'],
		[{ code: 'A', lines: [{ sku: 'X', qty: -1 }] }, 'lines[0].qty', 'must be more than 0 (got -1)'],
		[{ code: 'A', lines: 'X' }, 'lines', 'must be a list (got string "X")'],
		[{ code: 'A', lines: [null] }, 'lines[0]', 'must be an object (got null)'],
		[{ code: 'A', count: 101 }, 'count', 'is too many'],
		[
			{ code: 'A', colour: 'red' },
			'colour',
			'is not a field the platform knows: remove it, rename it with an x_ prefix to pass it through, or set Options → Unknown Fields to Ignore',
		],
	])('%j → %s %s', (input, field, problem) => {
		expect(checkRecord(spec, input, inUtc()).problems[0]).toEqual({ field, problem });
	});

	it('drops read-only fields quietly, so a record read with Get can be sent back', () => {
		const withStatus = { ...spec, readOnly: ['status'] };
		expect(
			checkRecord(
				withStatus,
				{ code: 'A', status: 'shipped', created_at: '2026-01-01T00:00:00Z', updatedAt: 'x' },
				inUtc(),
			),
		).toEqual({ record: { code: 'A' }, problems: [] });
		expect(checkRecord(spec, { code: 'A', status: 'shipped' }, inUtc()).problems[0].field).toBe(
			'status',
		);
	});

	it('passes x_ fields through and applies the unknown-field policy', () => {
		expect(checkRecord(spec, { code: 'A', x_extra: 1 }, inUtc()).record).toEqual({
			code: 'A',
			x_extra: 1,
		});
		expect(checkRecord(spec, { code: 'A', colour: 'red' }, inUtc('ignore'))).toEqual({
			record: { code: 'A' },
			problems: [],
		});
		expect(checkRecord(spec, { code: 'A', colour: 'red' }, inUtc('send')).record).toEqual({
			code: 'A',
			colour: 'red',
		});
	});
});

describe('checkBaseUrl', () => {
	it.each([
		['https://wms.example.com/v1/', { url: 'https://wms.example.com/v1' }],
		['  https://wms.example.com/api/v1  ', { url: 'https://wms.example.com/api/v1' }],
		['http://127.0.0.1:8787/v1', { url: 'http://127.0.0.1:8787/v1' }],
		['http://localhost:8787/v1', { url: 'http://localhost:8787/v1' }],
	])('accepts %j', (raw, expected) => expect(checkBaseUrl(raw)).toEqual(expected));

	it.each([
		'http://wms.example.com/v1',
		'http://10.0.0.5/v1',
		'wms.example.com/v1',
		'ftp://x/v1',
		'https://x/v1?a=1',
		'',
		undefined,
	])('refuses %j with words a user can act on', (raw) =>
		expect(checkBaseUrl(raw)).toEqual({ problem: expect.stringMatching(/Base URL/) }),
	);
});

describe('retry arithmetic', () => {
	it('reads Retry-After as seconds or as an HTTP date', () => {
		const now = Date.parse('2026-11-21T10:00:00Z');
		expect(parseRetryAfter('3', now)).toBe(3000);
		expect(parseRetryAfter(['0.5'], now)).toBe(500);
		expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:07 GMT', now)).toBe(7000);
		expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});

	it('backs off exponentially with jitter, capped', () => {
		const delays = [0, 1, 2, 3, 10].map((retry) => [
			backoffDelayMs(retry, DEFAULT_RETRY_POLICY, () => 0),
			backoffDelayMs(retry, DEFAULT_RETRY_POLICY, () => 1),
		]);
		expect(delays).toEqual([
			[250, 500],
			[500, 1000],
			[1000, 2000],
			[2000, 4000],
			[15000, 30000],
		]);
	});
});
