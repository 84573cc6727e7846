/**
 * A pattern a description gives is run on ERP data before sending, so it is read first: one
 * JavaScript cannot compile, or one that could backtrack for a very long time on some values
 * (an unbounded repeat inside another, or around alternatives; a back-reference), is not run. The
 * platform still checks it; the note says which field.
 */

/** Why a pattern is not run before sending, or undefined when it is safe to run. */
export function unsafePattern(pattern: string): string | undefined {
	if (pattern.length > 1000) return 'it is longer than 1,000 characters';
	try {
		new RegExp(pattern, 'u');
	} catch {
		try {
			new RegExp(pattern);
		} catch (error) {
			return `JavaScript cannot read it (${(error as Error).message})`;
		}
	}
	if (/\\[1-9]|\\k</.test(pattern)) return 'it refers back to what it matched (a back-reference)';
	return nestedRepeat(pattern);
}

interface Group {
	/** An unbounded repeat (*, +, {n,}) is inside this group. */
	repeats: boolean;
	/** It has alternatives (|) at its own level. */
	alternatives: boolean;
}

/** An unbounded repeat of a group that itself repeats without bound or has alternatives. */
function nestedRepeat(pattern: string): string | undefined {
	const stack: Group[] = [{ repeats: false, alternatives: false }];
	let inClass = false;
	for (let i = 0; i < pattern.length; i++) {
		const char = pattern[i];
		if (char === '\\') {
			i++;
			continue;
		}
		if (inClass) {
			if (char === ']') inClass = false;
			continue;
		}
		if (char === '[') inClass = true;
		else if (char === '(') stack.push({ repeats: false, alternatives: false });
		else if (char === '|') stack[stack.length - 1].alternatives = true;
		else if (char === ')' && stack.length > 1) {
			const group = stack.pop()!;
			const unbounded = repeatsWithoutBound(pattern, i + 1);
			if (unbounded && group.repeats)
				return 'a part that repeats without bound holds another part that does (it could take very long on some values)';
			if (unbounded && group.alternatives)
				return 'a part that repeats without bound holds alternatives (it could take very long on some values)';
			if (unbounded || group.repeats) stack[stack.length - 1].repeats = true;
		} else if (repeatsWithoutBound(pattern, i) && i > 0) stack[stack.length - 1].repeats = true;
	}
	return undefined;
}

/** Whether the quantifier at `at` (if any) repeats without bound: *, + or {n,}. */
function repeatsWithoutBound(pattern: string, at: number): boolean {
	const char = pattern[at];
	if (char === '*' || char === '+') return true;
	return char === '{' && /^\{\d+,\}/.test(pattern.slice(at, at + 12));
}
