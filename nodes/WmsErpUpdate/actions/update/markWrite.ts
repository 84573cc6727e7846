/**
 * Set Complete's and Set Error's write: writeRecords' steps (each item read, sent in bulk, each
 * row's outcome on its item), with a row the platform answered in a word the description cannot
 * place as the state set told in those words and the form's option (erpUpdateMarks.ts), at every
 * version: before, it read as a record not confirmed as stored, with advice for records.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { bulkWriteRows } from '../../../shared/bulk/write';
import { MarkAnswers } from '../../../shared/erpUpdateMarks';
import { markingSession, type MarkedWord, type UpdateState } from '../../../shared/erpUpdateStates';
import { bulkOptions, includeInputFields } from '../../../shared/form/options';
import { Output, type ItemRecord, type OutputOptions } from '../../../shared/output';
import type { ExecuteSession } from '../../../shared/session';

export async function writeMarks(
	session: ExecuteSession,
	route: string,
	mark: { state: UpdateState; chosen: MarkedWord },
	recordOf: (itemIndex: number) => IDataObject,
	stored?: OutputOptions['stored'],
): Promise<INodeExecutionData[]> {
	const marking = markingSession(session, route, mark.state, mark.chosen);
	const answers = MarkAnswers.on(session, route, mark.state, mark.chosen);
	const { ctx } = marking;
	const output = new Output(marking, {
		route,
		includeInputFields: includeInputFields(ctx),
		stored,
	});
	const rows = output.readEach(ctx.getInputData().length, (itemIndex) => ({
		itemIndexes: [itemIndex],
		record: recordOf(itemIndex),
	}));
	await bulkWriteRows(
		marking,
		route,
		[rows],
		{
			recordOf: (row: ItemRecord) => row.record,
			settle: (row, outcome) => output.addOutcome(row, answers?.reword(outcome) ?? outcome),
		},
		bulkOptions(marking, route),
	);
	output.endOutcomes(rows);
	return output.items();
}
