/**
 * A list of the stored records' ids (`{ids: ["SKU-1", …]}`): each id names its row by the
 * record's key (joined or as an object, as resultKeys.ts reads keys), else by its place when there
 * is one id per row. A row whose id is not listed is not confirmed.
 */
import type { Results } from '../../platform';
import { listed } from './perRow';
import type { AnswerReader } from './reader';

export const ids = (shape: Extract<Results, { by: 'ids' }>): AnswerReader => ({
	lists: [shape.list],
	key: 'key',
	status: 'status',
	statusRequired: true,
	entries: (body) =>
		listed(body, shape.list, false).map((entry) => ({
			...entry,
			result: { key: entry.result, status: 'stored' },
		})),
});
