/** Two lists: the rows the platform took and those it refused, with their errors (`accepted`/`rejected`). */
import type { Results } from '../../platform';
import { listed } from './perRow';
import type { AnswerReader } from './reader';

export const split = (shape: Extract<Results, { by: 'split' }>): AnswerReader => ({
	lists: [shape.accepted, shape.rejected],
	index: shape.index,
	key: shape.key,
	status: shape.status,
	message: shape.message,
	errors: shape.errors,
	statusRequired: shape.status !== undefined,
	entries: (body) => [
		...listed(body, shape.accepted, false),
		...listed(body, shape.rejected, true),
	],
});
