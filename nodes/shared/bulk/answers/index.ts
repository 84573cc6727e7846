/** The reader of a route's answers, chosen once per answer style the description shows. */
import type { Results } from '../../platform';
import { ids } from './ids';
import { perRow } from './perRow';
import type { AnswerReader } from './reader';
import { split } from './split';
import { whole } from './whole';

export type { AnswerReader, Entry } from './reader';

const NONE: AnswerReader = {
	lists: [],
	statusRequired: false,
	cannotTell:
		'its API description does not say how its answer names the records it stored, so none counts as stored: check the platform, or ask its operator which answer field lists them',
	entries: () => [],
};

// A route's compiled results never change: its reader is made once and kept with them.
const chosen = new WeakMap<Results, AnswerReader>();

export function answerReader(shape: Results): AnswerReader {
	let reader = chosen.get(shape);
	if (!reader) {
		reader =
			shape.by === 'perRow'
				? perRow(shape)
				: shape.by === 'split'
					? split(shape)
					: shape.by === 'ids'
						? ids(shape)
						: shape.by === 'whole'
							? whole
							: NONE;
		chosen.set(shape, reader);
	}
	return reader;
}
