/**
 * Words a person reading a form, a hint, a notice or a message should never meet: n8n's plumbing
 * ("paired") and counting from 0. Everything a person reads counts from 1 (nodes/shared/counting.ts).
 */

/** Phrases that speak of n8n's plumbing or count from 0, each with what to say instead. */
export const NOT_FOR_PEOPLE: Array<{ pattern: RegExp; instead: string }> = [
	{
		pattern: /\bpaired\b|\bpairing\b/i,
		instead: 'say what it means: "matched", "of the input item"',
	},
	{ pattern: /\bcount(?:s|ing|ed)? from 0\b/i, instead: 'count from 1' },
	{ pattern: /\bitems? 0\b|\bline 0\b|\brow 0\b|\bentry 0\b/i, instead: 'count from 1' },
	{
		pattern: /\bindex(?:es)?\b/i,
		instead: 'a position as a person counts it ("the 3rd input item")',
	},
	{ pattern: /\w\[\d+\]/, instead: 'a path counted from 1 ("lines.1.quantity")' },
];

/** What is wrong with a text a person reads: the phrases it should not have. Empty when none. */
export function notForPeople(text: string): string[] {
	return NOT_FOR_PEOPLE.filter(({ pattern }) => pattern.test(text)).map(
		({ pattern, instead }) => `"${pattern.exec(text)![0]}" (${instead})`,
	);
}
