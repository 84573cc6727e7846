/**
 * A description's text as a document: JSON (it begins with "{"), else YAML, read with the
 * package's own YAML reader (no runtime dependency). Bounded: a text larger than a description
 * plausibly is, or a document nested or aliased past reason, is refused with a DescriptionProblem
 * that names the place, never read half.
 */
import { DescriptionProblem } from './problems';
import { parseYaml, YamlProblem } from './yaml';

/** The most text one description may have (a large vendor's is a few MB). */
export const MAX_DESCRIPTION_BYTES = 20 * 1024 * 1024;

export function readDescription(text: string): unknown {
	if (text.length > MAX_DESCRIPTION_BYTES)
		throw new DescriptionProblem(
			'#',
			`the description is larger than ${MAX_DESCRIPTION_BYTES / 1024 / 1024} MB: it is not read`,
		);
	const unmarked = text.replace(/^\uFEFF/, '');
	// Only to see what the text is: a YAML document indented as a whole is read with its indentation.
	const trimmed = unmarked.trimStart();
	if (trimmed === '') throw new DescriptionProblem('#', 'the description is empty');
	if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
		const read = attempt(() => JSON.parse(trimmed) as unknown);
		if ('value' in read) return read.value;
		throw new DescriptionProblem('#', `it is not valid JSON: ${read.error.message}`);
	}
	if (trimmed.startsWith('<'))
		throw new DescriptionProblem(
			'#',
			'it is a web page, not an OpenAPI description (a login page or a documentation viewer?): give the address of the JSON or YAML file itself',
		);
	const read = attempt(() => parseYaml(unmarked, { maxBytes: MAX_DESCRIPTION_BYTES }));
	if ('value' in read) return read.value;
	if (read.error instanceof YamlProblem)
		throw new DescriptionProblem('#', `it is not YAML the package can read: ${read.error.message}`);
	throw new DescriptionProblem('#', `it could not be read: ${read.error.message}`);
}

/** What `read` gives, or the error it threw (so the caller decides what to throw, outside a catch). */
function attempt<T>(read: () => T): { value: T } | { error: Error } {
	try {
		return { value: read() };
	} catch (error) {
		return { error: error instanceof Error ? error : new Error(String(error)) };
	}
}
