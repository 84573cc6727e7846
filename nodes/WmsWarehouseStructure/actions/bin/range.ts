/**
 * Bin ranges, pure: aisles "A-C" × positions "1-10" × levels "1-5" and a code pattern such as
 * "{aisle}-{position:2}-{level:2}" → one bin per combination, in the order a warehouse walks
 * them (aisle, then position along it, then level).
 */
export type Dimension = 'aisle' | 'position' | 'level';

export interface BinPlace {
	bin_code: string;
	aisle: string;
	position: string;
	level: string;
}

export interface RangeProblem {
	field: string;
	problem: string;
}

/** Most values one range may have; a typo like 1-100000 should not become a request storm. */
const MAX_VALUES = 10_000;

const PLACEHOLDER = /\{([a-z]+)(?::(\d{1,2}))?\}/g;
const ALIASES: Record<string, Dimension> = {
	aisle: 'aisle',
	position: 'position',
	bay: 'position',
	level: 'level',
};

function span(from: number, to: number, part: string): RangeProblem['problem'] | undefined {
	if (from > to) return `has the range "${part}" running backwards: write it from low to high`;
	if (to - from >= MAX_VALUES) return `has the range "${part}" with more than ${MAX_VALUES} values`;
	return undefined;
}

/**
 * "A-C, F, 01-12" → A, B, C, F, 01 … 12. Numbers keep the width of a zero-padded first bound;
 * letter ranges run over single letters of the same case; anything else is one value as written.
 */
export function expandRange(text: string): { values: string[] } | { problem: string } {
	const values: string[] = [];
	for (const raw of text.split(',')) {
		const part = raw.trim();
		if (part === '') continue;
		const numbers = /^(\d+)\s*-\s*(\d+)$/.exec(part);
		const letters = /^([A-Z])\s*-\s*([A-Z])$/.exec(part) ?? /^([a-z])\s*-\s*([a-z])$/.exec(part);
		if (numbers) {
			const [from, to] = [Number(numbers[1]), Number(numbers[2])];
			const problem = span(from, to, part);
			if (problem) return { problem };
			const width = numbers[1].startsWith('0') ? numbers[1].length : 0;
			for (let n = from; n <= to; n++) values.push(String(n).padStart(width, '0'));
		} else if (letters) {
			const [from, to] = [letters[1].charCodeAt(0), letters[2].charCodeAt(0)];
			const problem = span(from, to, part);
			if (problem) return { problem };
			for (let c = from; c <= to; c++) values.push(String.fromCharCode(c));
		} else if (/^[^\s|{}]+$/.test(part)) {
			values.push(part);
		} else {
			return { problem: `has "${part}", which is neither one value nor a range like A-C or 1-10` };
		}
	}
	if (values.length === 0)
		return { problem: 'is empty: give values like "A-C", "1-10" or "1, 2, 5"' };
	const seen = new Set<string>();
	const twice = values.find((value) => seen.size === seen.add(value).size);
	if (twice !== undefined) return { problem: `lists "${twice}" more than once` };
	return { values };
}

interface Slot {
	dimension: Dimension;
	width: number;
}

/** Splits the pattern into text and placeholders, or says what is wrong with it. */
function parsePattern(pattern: string): { parts: Array<string | Slot> } | { problem: string } {
	const parts: Array<string | Slot> = [];
	let last = 0;
	for (const match of pattern.matchAll(PLACEHOLDER)) {
		const dimension = ALIASES[match[1]];
		if (!dimension)
			return {
				problem: `has the placeholder {${match[1]}}: use {aisle}, {position} (or {bay}) and {level}`,
			};
		parts.push(pattern.slice(last, match.index), { dimension, width: Number(match[2] ?? 0) });
		last = match.index + match[0].length;
	}
	parts.push(pattern.slice(last));
	if (parts.some((part) => typeof part === 'string' && /[{}]/.test(part))) {
		return { problem: 'has a brace that is not part of a placeholder like {aisle} or {level:2}' };
	}
	return { parts };
}

/** Numbers are padded to the placeholder's width ({level:2} → 01); letters are left as they are. */
const pad = (value: string, width: number) =>
	/^\d+$/.test(value) ? value.padStart(width, '0') : value;

/** Every bin of the range, or the first problem, named by the field it comes from. */
export function binsOfRange(
	range: { aisles: string; positions: string; levels: string; pattern: string },
	max: number,
): { bins: BinPlace[] } | RangeProblem {
	const dimensions: Array<[Dimension, string, string]> = [
		['aisle', 'aisles', range.aisles],
		['position', 'positions', range.positions],
		['level', 'levels', range.levels],
	];
	const values = {} as Record<Dimension, string[]>;
	for (const [dimension, field, text] of dimensions) {
		const expanded = expandRange(text);
		if ('problem' in expanded) return { field, problem: expanded.problem };
		values[dimension] = expanded.values;
	}
	const parsed = parsePattern(range.pattern);
	if ('problem' in parsed) return { field: 'bin_code_pattern', problem: parsed.problem };
	const used = new Set(
		parsed.parts
			.filter((part): part is Slot => typeof part !== 'string')
			.map((slot) => slot.dimension),
	);
	const missing = dimensions.find(
		([dimension]) => values[dimension].length > 1 && !used.has(dimension),
	);
	if (missing) {
		return {
			field: 'bin_code_pattern',
			problem: `has no {${missing[0]}}, so bins of different ${missing[1]} would get the same code: add {${missing[0]}} to the pattern`,
		};
	}
	const total = values.aisle.length * values.position.length * values.level.length;
	if (total > max) {
		return {
			field: 'aisles',
			problem: `× positions × levels make ${total} bins, more than the ${max} allowed per input item (Options → Max Bins)`,
		};
	}
	const bins: BinPlace[] = [];
	for (const aisle of values.aisle) {
		for (const position of values.position) {
			for (const level of values.level) {
				const place = { aisle, position, level };
				const binCode = parsed.parts
					.map((part) => (typeof part === 'string' ? part : pad(place[part.dimension], part.width)))
					.join('');
				bins.push({ bin_code: binCode, ...place });
			}
		}
	}
	return { bins };
}
