/**
 * Set Complete's and Set Error's write: writeRecords, with a row the platform answered in a word
 * the description cannot place as the state set told in those words and the form's option
 * (erpUpdateMarks.ts), at every version: before, it read as a record not confirmed as stored,
 * with advice for records.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { MarkAnswers } from '../../../shared/erpUpdateMarks';
import { markingSession, type MarkedWord } from '../../../shared/erpUpdateMarkWords';
import type { UpdateState } from '../../../shared/erpUpdateStates';
import { writeRecords } from '../../../shared/operations';
import type { OutputOptions } from '../../../shared/output';
import type { RoutePath } from '../../../shared/platform';
import type { ExecuteSession } from '../../../shared/session';

export async function writeMarks(
	session: ExecuteSession,
	route: RoutePath,
	mark: { state: UpdateState; chosen: MarkedWord },
	recordOf: (itemIndex: number) => IDataObject,
	stored?: OutputOptions['stored'],
): Promise<INodeExecutionData[]> {
	const answers = MarkAnswers.on(session, route, mark.state, mark.chosen);
	return await writeRecords(
		markingSession(session, route, mark.state, mark.chosen),
		route,
		recordOf,
		undefined,
		{ stored, outcome: answers ? (outcome) => answers.reword(outcome) : undefined },
	);
}
