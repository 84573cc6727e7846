/** One result per row in a list (`results: [{index, key, status}]`): our contract's answer. */
import { valueAt } from '../../objects';
import type { Results } from '../../platform';
import type { AnswerReader, Entry } from './reader';

/** The entries of the list at `path`, marked refused or not. */
export function listed(body: unknown, path: string, refused: boolean): Entry[] {
	const list = valueAt(body, path);
	return Array.isArray(list)
		? list.map((result, position) => ({ result, position, of: list.length, refused }))
		: [];
}

export const perRow = (shape: Extract<Results, { by: 'perRow' }>): AnswerReader => ({
	lists: [shape.list],
	index: shape.index,
	key: shape.key,
	status: shape.status,
	message: shape.message,
	statusRequired: true,
	entries: (body) => listed(body, shape.list, false),
});
