/**
 * Options → Marked State of Set Complete and Set Error: the platform's word for an update once
 * marked, for a description whose answer words do not say it (see markingSession).
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { MarkedWord } from '../../../shared/erpUpdateMarkWords';
import type { UpdateState } from '../../../shared/erpUpdateStates';
import { fromVersion } from '../../../shared/version';

export function markedStateOption(state: UpdateState): INodeProperties {
	return {
		displayName: 'Marked State',
		name: 'markedState',
		type: 'string',
		default: '',
		placeholder: state === 'complete' ? 'e.g. DONE' : 'e.g. FAILED',
		description: `The word the platform answers a mark with once an update is ${state}. Leave empty to take it from the platform's description (${state} on the built-in one); needed only where the description does not tell.`,
	};
}

/** The word chosen, if any; from version 3 a mark whose answer the description cannot place stops before sending. */
export function markedWordOf(ctx: IExecuteFunctions): MarkedWord {
	return {
		value: String(ctx.getNodeParameter('options.markedState', 0, '') ?? ''),
		option: 'Options → Marked State',
		stop: fromVersion(ctx, 3),
	};
}
