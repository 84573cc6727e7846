/**
 * Output → Every Record for a file: each row's result, or its error naming the record and the
 * line, in the file's order (requests settle in any order); without continue-on-fail the first row
 * not stored stops the node once the whole file is done, as it does for input items.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { resentFields, type RowOutcome } from '../bulk/outcomes';
import type { Problem } from '../checking';
import { amount, counted, fieldPath } from '../counting';
import { includeInputFields } from '../form/options';
import { errorJson, CHECKED } from '../output';

import { recordKey, recordName } from '../recordKey';
import type { ExecuteSession } from '../session';
import { fromVersion } from '../version';
import type { ReportedRow } from './report';

export class EveryRow {
	readonly items: INodeExecutionData[] = [];
	private first?: { error: NodeOperationError; row: number };
	stored = 0;

	constructor(
		private readonly session: ExecuteSession,
		private readonly route: string,
		private readonly itemIndex: number,
	) {}

	private key(row: ReportedRow) {
		return recordKey(this.session.platform.route(this.route).naturalKey, row.values);
	}

	settled(row: ReportedRow, outcome: RowOutcome) {
		const key = this.key(row);
		if (outcome.kind === 'checked') {
			this.items.push({
				json: { row: row.row, line: row.line, ...key, ...CHECKED },
				pairedItem: { item: this.itemIndex },
			});
			return;
		}
		if (outcome.kind === 'stored') {
			this.stored++;
			const input = includeInputFields(this.session.ctx) ? row.values : undefined;
			this.items.push({
				json: {
					...input,
					row: row.row,
					line: row.line,
					...key,
					...outcome.result,
					...resentFields(outcome.resent),
				},
				pairedItem: { item: this.itemIndex },
			});
			return;
		}
		const facts =
			outcome.kind === 'notConfirmed'
				? { code: outcome.notSent ? 'not_sent' : 'not_confirmed', retryable: outcome.rerunSafe }
				: { code: outcome.error.body?.code ?? 'refused', retryable: false };
		this.fail(row, outcome.error.message, key, facts);
	}

	unreadable(row: ReportedRow, problems: Problem[]) {
		const [first] = problems;
		this.fail(
			row,
			`${first.field ? `${fieldPath(first.field)} ` : ''}${first.problem}`,
			this.key(row),
			{
				code: 'invalid_input',
				retryable: false,
			},
		);
	}

	private fail(row: ReportedRow, reason: string, key: IDataObject | undefined, facts: IDataObject) {
		const noun = this.session.platform.route(this.route).noun ?? 'record';
		const name = key
			? `${recordName(noun, key)} (row ${row.row}, line ${row.line})`
			: `Row ${row.row} (line ${row.line})`;
		const error = new NodeOperationError(this.session.ctx.getNode(), `${name}: ${reason}`, {
			itemIndex: this.itemIndex,
		});
		if (!this.first || row.row < this.first.row) this.first = { error, row: row.row };
		const json = errorJson(error, key, facts, fromVersion(this.session.ctx, 3));
		this.items.push({
			json: { ...json, error: { ...(json.error as IDataObject), row: row.row, line: row.line } },
			pairedItem: { item: this.itemIndex },
		});
	}

	/** The items in the file's order (requests settle in any order). */
	inFileOrder(): INodeExecutionData[] {
		return this.items.sort((a, b) => this.rowOf(a) - this.rowOf(b));
	}

	private rowOf(item: INodeExecutionData): number {
		return Number(item.json.row ?? (item.json.error as IDataObject).row);
	}

	/** Without continue-on-fail, the first row not stored (in file order) stops the node once the file is done. */
	check(rowsRead: number) {
		if (!this.first || this.session.ctx.continueOnFail()) return;
		this.first.error.description = `${amount(this.stored)} of ${counted(rowsRead, 'row')} ${this.stored === 1 ? 'was' : 'were'} confirmed as stored; turn on "On Error → Continue (using error output)" to get every row's result, or use Options → Output → Failures and a Summary.`;
		throw this.first.error;
	}
}
