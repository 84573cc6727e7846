/**
 * Values as ERP exports send them: what is read, and what is refused because it could be read
 * two ways (1.000), or JavaScript would read it in a way a person may not mean (0x10, 1e3, "1,5"),
 * each refusal naming the field and saying what to write instead. Date-times without an offset
 * are read in the workflow's time zone.
 */
import type { IDataObject } from 'n8n-workflow';

import { checkRecord } from '../../nodes/shared/checking';
import { dayInZone, instantInZone, offsetAt } from '../../nodes/shared/checking/dates';
import type { RecordSpec } from '../../nodes/shared/platform';

const spec: RecordSpec = {
	noun: 'thing',
	fields: [
		{ name: 'code', label: 'Code', type: 'string' },
		{ name: 'quantity', label: 'Quantity', type: 'number' },
		{ name: 'count', label: 'Count', type: 'integer' },
		{ name: 'flag', label: 'Flag', type: 'boolean' },
		{ name: 'due_date', label: 'Due', type: 'date' },
		{ name: 'seen_at', label: 'Seen', type: 'dateTime' },
	],
};

/** The one field's checked value, or its problem, with the workflow in `timeZone`. */
function check(
	field: string,
	value: unknown,
	timeZone = 'UTC',
): { value: unknown } | { problem: string } {
	const { record, problems } = checkRecord(spec, { [field]: value } as IDataObject, {
		unknownFields: 'error',
		timeZone,
	});
	if (problems.length) {
		expect(problems).toHaveLength(1);
		expect(problems[0].field).toBe(field);
		return { problem: problems[0].problem };
	}
	return { value: record[field] };
}

describe('numbers', () => {
	it.each([
		['12', 12],
		['-3', -3],
		['+5', 5],
		['0.5', 0.5],
		['.5', 0.5],
		['12.25', 12.25],
		['1000', 1000],
		['1.0', 1],
		['1.0000', 1],
		['0.500', 0.5],
		['1000.000', 1000],
		['007', 7],
		['  12  ', 12],
		[12.25, 12.25],
		[1000, 1000],
		[-3, -3],
		[0, 0],
	])('reads %j as %j', (given, read) => {
		expect(check('quantity', given)).toEqual({ value: read });
	});

	it.each([
		['0x10', 'is written in hexadecimal (got "0x10"): write it in decimal digits, like 16'],
		['0X1f', 'is written in hexadecimal (got "0X1f"): write it in decimal digits, like 31'],
		['0o7', 'is written in octal (got "0o7"): write it in decimal digits, like 7'],
		['0b1', 'is written in binary (got "0b1"): write it in decimal digits, like 1'],
		['-0x10', 'is written in hexadecimal (got "-0x10"): write it in decimal digits, like -16'],
		[
			'1,000',
			'is ambiguous (got "1,000"): 1000 with a thousands separator, or 1 with three decimals? Write it without thousands separators and with a dot for decimals, like 1000 or 1',
		],
		[
			'1.000',
			'is ambiguous (got "1.000"): 1000 with a thousands separator, or 1 with three decimals? Write it without thousands separators and with a dot for decimals, like 1000 or 1',
		],
		[
			'2.500',
			'is ambiguous (got "2.500"): 2500 with a thousands separator, or 2.5 with three decimals? Write it without thousands separators and with a dot for decimals, like 2500 or 2.5',
		],
		[
			'-1.000',
			'is ambiguous (got "-1.000"): -1000 with a thousands separator, or -1 with three decimals? Write it without thousands separators and with a dot for decimals, like -1000 or -1',
		],
		[
			'999.999',
			'is ambiguous (got "999.999"): 999999 with a thousands separator, or 999.999 with three decimals? Write it without thousands separators and with a dot for decimals, like 999999 or 999.999',
		],
		[
			'1.000.000',
			'has thousands separators (got "1.000.000"): write it without them, like 1000000',
		],
		[
			'1,000,000',
			'has thousands separators (got "1,000,000"): write it without them, like 1000000',
		],
		['1 000', 'has thousands separators (got "1 000"): write it without them, like 1000'],
		[
			"1'000'000",
			'has thousands separators (got "1\'000\'000"): write it without them, like 1000000',
		],
		[
			'1.000,50',
			'has thousands separators (got "1.000,50"): write it without them and with a dot for decimals, like 1000.50',
		],
		[
			'1,000,000.5',
			'has thousands separators (got "1,000,000.5"): write it without them and with a dot for decimals, like 1000000.5',
		],
		['1,5', 'has a decimal comma (got "1,5"): write it with a dot, like 1.5'],
		['0,500', 'has a decimal comma (got "0,500"): write it with a dot, like 0.500'],
		['12,2500', 'has a decimal comma (got "12,2500"): write it with a dot, like 12.2500'],
		['1e3', 'is in exponent notation (got "1e3"): write the number out, like 1000'],
		['2.5E-2', 'is in exponent notation (got "2.5E-2"): write the number out, like 0.025'],
		['1e-9', 'is in exponent notation (got "1e-9"): write the number out in digits'],
		['Infinity', 'must be a finite number (got "Infinity")'],
		['-infinity', 'must be a finite number (got "-infinity")'],
		['NaN', 'must be a finite number (got "NaN")'],
		[Number.NaN, 'must be a finite number (got NaN)'],
		[Number.POSITIVE_INFINITY, 'must be a finite number (got Infinity)'],
		['   ', 'is blank: give a number, or leave the field out'],
		['ten', 'must be a number (got "ten")'],
		['12 kg', 'must be a number (got "12 kg")'],
		[true, 'must be a number (got true)'],
		[[5], 'must be a number (got [5])'],
	])('refuses %j: %s', (given, problem) => {
		expect(check('quantity', given)).toEqual({ problem });
	});

	it('refuses the same forms for whole numbers, and reads 12.0 as 12', () => {
		expect(check('count', '1.000')).toEqual({
			problem: expect.stringMatching(/^is ambiguous \(got "1.000"\)/),
		});
		expect(check('count', '0x10')).toEqual({
			problem: expect.stringMatching(/^is written in hexadecimal/),
		});
		expect(check('count', '12.0')).toEqual({ value: 12 });
		expect(check('count', '12.5')).toEqual({ problem: 'must be a whole number (got 12.5)' });
	});
});

describe('booleans', () => {
	it.each([
		[true, true],
		['true', true],
		['TRUE', true],
		['yes', true],
		['Y', true],
		['on', true],
		['1', true],
		[1, true],
		[false, false],
		['false', false],
		['No', false],
		['n', false],
		['OFF', false],
		['0', false],
		[0, false],
	])('reads %j as %j', (given, read) => {
		expect(check('flag', given)).toEqual({ value: read });
	});

	it.each([['ja'], ['X'], ['maybe'], [2], [['true']], [{ value: true }]])('refuses %j', (given) => {
		expect(check('flag', given)).toEqual({
			problem: `must be yes or no, written as true/false, yes/no, y/n, on/off, 1/0 (in any case) (got ${JSON.stringify(given)})`,
		});
	});
});

describe('texts given as other values', () => {
	it('takes whole numbers and decimals as their text', () => {
		expect(check('code', 4711)).toEqual({ value: '4711' });
		expect(check('code', 2.1)).toEqual({ value: '2.1' });
	});

	it('refuses a number too large to be exact, whose digits were lost before the node saw them', () => {
		expect(check('code', Number('12345678901234567890'))).toEqual({
			problem:
				'is a number too large to be exact (got 12345678901234567000): give it as text, in quotes, as the ERP has it',
		});
		expect(check('code', 1e-7)).toEqual({ problem: 'must be text (got number 1e-7)' });
	});

	it('refuses booleans, lists and objects, and leaves null out as no value', () => {
		expect(check('code', true)).toEqual({ problem: 'must be text (got boolean true)' });
		expect(check('code', ['A'])).toEqual({ problem: 'must be text (got a list)' });
		expect(check('code', null)).toEqual({ value: undefined });
	});
});

describe('dates', () => {
	it.each([
		['21.11.2026', 'write it as 2026-11-21'],
		['1.2.2026', 'write it as 2026-02-01'],
		['11/21/2026', 'write it as 2026-11-21'],
		['21/11/2026', 'write it as 2026-11-21'],
		['03/04/2026', 'could be 2026-04-03 or 2026-03-04: write it as YYYY-MM-DD'],
		['03-04-2026', 'could be 2026-04-03 or 2026-03-04: write it as YYYY-MM-DD'],
	])('refuses %j and says what to write: %s', (given, hint) => {
		expect(check('due_date', given)).toEqual({
			problem: `must be a date like 2026-11-21 (got ${JSON.stringify(given)}): ${hint}`,
		});
	});

	it.each([
		['31.02.2026'],
		['2026-02-30'],
		['2026-13-01'],
		['0000-01-01'],
		['yesterday'],
		[20261121],
	])('refuses %j', (given) => {
		expect(check('due_date', given)).toEqual({
			problem: `must be a date like 2026-11-21 (got ${JSON.stringify(given)})`,
		});
	});

	it("takes the day as written from a date-time without an offset (the date picker's)", () => {
		expect(check('due_date', '2026-11-21T00:00:00', 'Europe/Berlin')).toEqual({
			value: '2026-11-21',
		});
		expect(check('due_date', '2026-11-21T23:59:59', 'Pacific/Auckland')).toEqual({
			value: '2026-11-21',
		});
	});

	it("takes an instant when it falls on the written day in the workflow's zone, and refuses it when the day differs there", () => {
		expect(check('due_date', '2026-11-21T14:30:00Z', 'Europe/Berlin')).toEqual({
			value: '2026-11-21',
		});
		expect(check('due_date', '2026-11-21T23:30:00Z', 'UTC')).toEqual({ value: '2026-11-21' });
		expect(check('due_date', '2026-11-21T23:30:00Z', 'Europe/Berlin')).toEqual({
			problem:
				"is the instant 2026-11-21T23:30:00Z, which is 2026-11-22 in Europe/Berlin (the workflow's time zone), not 2026-11-21: give the date alone, like 2026-11-22 or 2026-11-21",
		});
	});

	it("takes a Date object as the day it falls on in the workflow's zone", () => {
		// Midnight of 22 November in Berlin, which JSON would have written as the 21st.
		const midnight = new Date('2026-11-21T23:00:00.000Z');
		expect(check('due_date', midnight, 'Europe/Berlin')).toEqual({ value: '2026-11-22' });
		expect(check('due_date', midnight, 'UTC')).toEqual({ value: '2026-11-21' });
	});
});

describe("date-times and the workflow's time zone", () => {
	it.each([
		['2026-11-21T14:30:00', 'Europe/Berlin', '2026-11-21T13:30:00.000Z'],
		['2026-07-01T14:30:00', 'Europe/Berlin', '2026-07-01T12:30:00.000Z'],
		['2026-11-21 14:30', 'America/New_York', '2026-11-21T19:30:00.000Z'],
		['2026-11-21T14:30:00.250', 'Asia/Kathmandu', '2026-11-21T08:45:00.250Z'],
		['2026-11-21', 'Europe/Berlin', '2026-11-20T23:00:00.000Z'],
		['2026-11-21', 'UTC', '2026-11-21T00:00:00.000Z'],
		['2026-11-21T14:30:00Z', 'Europe/Berlin', '2026-11-21T14:30:00.000Z'],
		['2026-11-21T14:30:00+05:30', 'Europe/Berlin', '2026-11-21T09:00:00.000Z'],
		['2026-11-21T14:30:00-0800', 'Europe/Berlin', '2026-11-21T22:30:00.000Z'],
	])('reads %j in %s as %s', (given, zone, instant) => {
		expect(check('seen_at', given, zone)).toEqual({ value: instant });
	});

	it.each([
		[
			'a time the clocks skip (spring forward) is read with the offset before the jump',
			'2026-03-29T02:30:00',
			'Europe/Berlin',
			'2026-03-29T01:30:00.000Z',
		],
		['the same in New York', '2026-03-08T02:30:00', 'America/New_York', '2026-03-08T07:30:00.000Z'],
		[
			'a time the clocks show twice (fall back) is the earlier instant',
			'2026-10-25T02:30:00',
			'Europe/Berlin',
			'2026-10-25T00:30:00.000Z',
		],
		['the same in New York', '2026-11-01T01:30:00', 'America/New_York', '2026-11-01T05:30:00.000Z'],
		[
			'just after the repeated hour',
			'2026-10-25T03:00:00',
			'Europe/Berlin',
			'2026-10-25T02:00:00.000Z',
		],
	])('%s: %j in %s is %s', (_title, given, zone, instant) => {
		expect(check('seen_at', given, zone)).toEqual({ value: instant });
	});

	it('refuses times that do not exist on any clock and zones this system does not know', () => {
		expect(check('seen_at', '2026-11-21T24:30:00')).toEqual({
			problem: expect.stringMatching(
				/^must be a date like 2026-11-21T14:30:00 \(in the workflow's time zone\) or 2026-11-21T14:30:00Z \(got "2026-11-21T24:30:00"\)$/,
			),
		});
		expect(check('seen_at', '2026-11-21T14:30:00', 'Mars/Olympus_Mons')).toEqual({
			problem: expect.stringMatching(
				/^cannot be read in the time zone "Mars\/Olympus_Mons", which this system does not know: set the workflow's time zone/,
			),
		});
	});

	it('every wall-clock time of a year maps back to an instant that shows it, the earliest one where it shows twice', () => {
		const hour = 3600_000;
		const start = Date.parse('2026-01-01T00:00:00Z');
		for (const zone of [
			'Europe/Berlin',
			'America/New_York',
			'Australia/Lord_Howe',
			'Asia/Kathmandu',
			'America/Sao_Paulo',
		]) {
			// Every day at one time, and every quarter hour of the two days around each change of offset.
			const instants: number[] = [];
			for (let day = start; day < start + 366 * 24 * hour; day += 24 * hour) {
				instants.push(day + 5 * hour);
				if (offsetAt(zone, day) === offsetAt(zone, day + 24 * hour)) continue;
				for (let instant = day - 12 * hour; instant < day + 36 * hour; instant += hour / 4)
					instants.push(instant);
			}
			const mismatches = instants.filter((instant) => {
				const wallClock = instant + offsetAt(zone, instant);
				const found = instantInZone(zone, wallClock);
				return found + offsetAt(zone, found) !== wallClock || found > instant;
			});
			expect({
				zone,
				mismatches: mismatches.map((instant) => new Date(instant).toISOString()),
			}).toEqual({ zone, mismatches: [] });
		}
		expect(dayInZone('Pacific/Kiritimati', Date.parse('2026-11-21T12:00:00Z'))).toBe('2026-11-22');
	});
});
