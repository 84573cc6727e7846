/**
 * Checking dates and date-times, and reading a wall-clock time in a time zone. A date-time
 * without an offset (what n8n's date picker and many ERPs give) is a time on the workflow's
 * clock, so it is read in the workflow's time zone; one with an offset or `Z` stays that instant.
 * The zone arithmetic uses Intl alone: shipped code has no runtime dependency.
 */
import type { Checked } from './values';

const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Day and month in another order: 21.11.2026, 11/21/2026, 21-11-2026. */
const OTHER_ORDER = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})$/;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** UTC milliseconds of a calendar time; years below 100 are not shifted into the 1900s as Date.UTC does. */
function utc(
	year: number,
	month: number,
	day: number,
	hour = 0,
	minute = 0,
	second = 0,
	ms = 0,
): number {
	const date = new Date(0);
	date.setUTCFullYear(year, month - 1, day);
	date.setUTCHours(hour, minute, second, ms);
	return date.getTime();
}

function isRealDay(year: number, month: number, day: number): boolean {
	if (year < 1 || month < 1 || month > 12 || day < 1) return false;
	const date = new Date(utc(year, month, day));
	return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The zone's clock, made once per zone; throws RangeError for a zone this system does not know. */
function clockOf(zone: string): Intl.DateTimeFormat {
	let clock = clocks.get(zone);
	if (!clock) {
		clock = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		clocks.set(zone, clock);
	}
	return clock;
}

/** Whether this system's Intl knows the zone (GENERIC_TIMEZONE is set outside n8n's checks). */
function isKnownZone(zone: string): boolean {
	try {
		clockOf(zone);
		return true;
	} catch {
		return false;
	}
}

/** What the zone's clocks show at an instant, as UTC milliseconds of that calendar time (whole seconds). */
function wallClockAt(zone: string, instant: number): number {
	const parts: Record<string, number> = {};
	for (const part of clockOf(zone).formatToParts(new Date(instant)))
		parts[part.type] = Number(part.value);
	return utc(parts.year, parts.month, parts.day, parts.hour % 24, parts.minute, parts.second);
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
export function offsetAt(zone: string, instant: number): number {
	const whole = Math.floor(instant / 1000) * 1000;
	return wallClockAt(zone, whole) - whole;
}

/**
 * The instant at which the zone's clocks show a wall-clock time (given as UTC milliseconds of that
 * calendar time). Where the clocks are set back and the time shows twice, the earlier instant; where
 * they jump forward over it, the time is read with the offset before the jump (02:30 in a gap from
 * 02:00 to 03:00 becomes 03:30). That is JavaScript's own rule for local times (and Temporal's
 * "compatible"): a Changed Since filter in a repeated hour then misses nothing.
 */
export function instantInZone(zone: string, wallClock: number): number {
	const before = offsetAt(zone, wallClock - DAY);
	const after = offsetAt(zone, wallClock + DAY);
	const candidates =
		before === after
			? [wallClock - before]
			: [wallClock - before, wallClock - after].sort((a, b) => a - b);
	for (const candidate of candidates) {
		if (offsetAt(zone, candidate) === wallClock - candidate) return candidate;
	}
	return wallClock - before;
}

/** The calendar day an instant falls on in the zone, as YYYY-MM-DD. */
export function dayInZone(zone: string, instant: number): string {
	return new Date(wallClockAt(zone, instant)).toISOString().slice(0, 10);
}

/** A date written with day and month in another order, and what to write instead. */
function otherOrderHint(text: string): string | undefined {
	const match = OTHER_ORDER.exec(text);
	if (!match) return undefined;
	const [, first, separator, second, year] = match;
	const iso = (month: string, day: string) =>
		`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
	const readings = new Set<string>();
	// Dots are day.month.year wherever they are used; slashes and dashes are month first in the US and day first elsewhere.
	if (isRealDay(Number(year), Number(second), Number(first))) readings.add(iso(second, first));
	if (separator !== '.' && isRealDay(Number(year), Number(first), Number(second)))
		readings.add(iso(first, second));
	if (readings.size === 0) return undefined;
	const [one, two] = [...readings];
	return two ? `could be ${one} or ${two}: write it as YYYY-MM-DD` : `write it as ${one}`;
}

interface Written {
	day: string;
	/** UTC milliseconds of the written calendar time. */
	wallClock: number;
	/** Minutes east of UTC when the text gives an offset or Z. */
	offset?: number;
}

function readWritten(text: string): Written | undefined {
	const match = DATE_TIME.exec(text);
	if (!match) return undefined;
	const [, y, mo, d, h, mi, s, fraction, zone] = match;
	const [year, month, day, hour, minute, second] = [y, mo, d, h ?? '0', mi ?? '0', s ?? '0'].map(
		Number,
	);
	if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
	const ms = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
	let offset: number | undefined;
	if (zone && zone.toUpperCase() === 'Z') offset = 0;
	else if (zone) {
		const digits = zone.replace(':', '');
		const [hours, minutes] = [Number(digits.slice(1, 3)), Number(digits.slice(3, 5))];
		if (hours > 23 || minutes > 59) return undefined;
		offset = (digits.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
	}
	return {
		day: `${y}-${mo}-${d}`,
		wallClock: utc(year, month, day, hour, minute, second, ms),
		offset,
	};
}

/**
 * Checks a date (YYYY-MM-DD) or a date-time (an instant, sent as UTC). `zone` is the workflow's
 * time zone: date-times without an offset are read in it, and a date given as an instant is the
 * day that instant falls on there.
 */
export function checkDate(type: 'date' | 'dateTime', value: unknown, zone: string): Checked {
	const example =
		type === 'date'
			? '2026-11-21'
			: "2026-11-21T14:30:00 (in the workflow's time zone) or 2026-11-21T14:30:00Z";
	const refused = (hint?: string) => ({
		problem: `must be a date like ${example} (got ${JSON.stringify(value)})${hint ? `: ${hint}` : ''}`,
	});
	const unknownZone = {
		problem: `cannot be read in the time zone "${zone}", which this system does not know: set the workflow's time zone (Workflow Settings → Timezone), or give ${type === 'date' ? 'the date alone, like 2026-11-21' : 'the offset, like 2026-11-21T14:30:00Z'}`,
	};
	// A Date (e.g. a timestamp column read by a database node) is an instant.
	if (value instanceof Date) {
		const instant = value.getTime();
		if (Number.isNaN(instant)) return refused();
		if (type === 'dateTime') return { value: new Date(instant).toISOString() };
		return isKnownZone(zone) ? { value: dayInZone(zone, instant) } : unknownZone;
	}
	if (typeof value !== 'string') return refused();
	const text = value.trim();
	const written = readWritten(text);
	if (!written) return refused(otherOrderHint(text));
	if (type === 'date') {
		if (written.offset === undefined) return { value: written.day };
		if (!isKnownZone(zone)) return unknownZone;
		const day = dayInZone(zone, written.wallClock - written.offset * 60_000);
		if (day === written.day) return { value: day };
		return {
			problem: `is the instant ${text}, which is ${day} in ${zone} (the workflow's time zone), not ${written.day}: give the date alone, like ${day} or ${written.day}`,
		};
	}
	if (written.offset !== undefined)
		return { value: new Date(written.wallClock - written.offset * 60_000).toISOString() };
	return isKnownZone(zone)
		? { value: new Date(instantInZone(zone, written.wallClock)).toISOString() }
		: unknownZone;
}
