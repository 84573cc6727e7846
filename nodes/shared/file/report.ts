/**
 * Output → Failures and a Summary: what became of a large write, kept small. Counts as rows
 * settle; one item per row not stored (row, line, key, field, reason) up to a limit, so n8n's run
 * data stays small however much fails; every row not stored, with its cells as the file had them,
 * in a CSV file on the summary item, ready to send back to the ERP team.
 */
import type { IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

import type { RowOutcome } from '../bulk/outcomes';
import type { Problem } from '../checking';
import { counted, fieldPath, seconds } from '../counting';
import { recordKey } from '../recordKey';
import type { ExecuteSession } from '../session';
import { PlatformError } from '../transport/errors';
import { fromVersion } from '../version';

/** Rows not stored listed as items of their own; all of them are in the CSV file. */
export const LISTED_NOT_STORED = 1000;

/** A row of a file, or an input item, as the report names it. */
export interface ReportedRow {
	/** The row of a file (1: the first), with the line it starts on; or an input item's index. */
	row: number;
	line?: number;
	/** The record as read (checked or not), for its key. */
	values?: IDataObject;
	/** The cells as the file has them, or the record as given. */
	source: string[] | IDataObject;
	/** The other rows of the same record (an order's further lines). */
	more?: ReportedRow[];
}

interface NotStored {
	outcome: 'refused' | 'not_confirmed' | 'not_sent';
	field: string | null;
	reason: string;
	retryable: boolean;
}

/** Where the rows come from: a file (its name, delimiter, header), or the input items. */
export interface ReportSource {
	file?: { name: string; delimiter(): string | undefined; columns(): string[] };
	/** What a record of several rows is called ("orders"); unset: a record is a row. */
	records?: string;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "3–7, 12" from row numbers. */
function ranges(rows: number[]): string {
	const sorted = [...rows].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let i = 0; i < sorted.length; ) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		parts.push(i === j ? count(sorted[i]) : `${count(sorted[i])}–${count(sorted[j])}`);
		i = j + 1;
	}
	return parts.join(', ');
}

function csvCell(value: unknown, delimiter: string): string {
	if (value === undefined || value === null) return '';
	const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
	// Cells go back as the ERP wrote them (no formula defusing): the file is for sending back.
	return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export class WriteReport {
	rowsRead = 0;
	stored = 0;
	unchanged = 0;
	refused = 0;
	notConfirmed = 0;
	/** Rows that never reached the platform (a refused credential, a write stopped before them). */
	notSent = 0;
	/** Check Only: rows that passed every check (nothing is sent). */
	checked = 0;
	/** Check Only: which records the rows name were looked up on the platform, and which not. */
	lookedUp?: string;
	requests = 0;
	/** The rows not confirmed, by number (ranges in the summary). */
	private readonly unconfirmedRows: number[] = [];
	private readonly unsentRows: number[] = [];
	private readonly listed: INodeExecutionData[] = [];
	private readonly csvRows: string[] = [];
	private readonly started = Date.now();
	private readonly keyFields: string[] | undefined;
	private readonly inFile: boolean;
	/** Version 3 on: input items and fields counted from 1, as the messages count them. */
	private readonly fromOne: boolean;

	constructor(
		private readonly session: ExecuteSession,
		private readonly route: string,
		private readonly source: ReportSource,
		private readonly pairing: (row: ReportedRow) => IPairedItemData,
	) {
		this.keyFields = session.platform.route(route).naturalKey;
		this.inFile = source.file !== undefined;
		this.fromOne = fromVersion(session.ctx, 3);
	}

	/** A row's number as output: a file's row (from 1), or an input item (from 1 from version 3). */
	private shown(row: number): number {
		return !this.inFile && this.fromOne ? row + 1 : row;
	}

	/** A field as output: from version 3 counted from 1, before as it was ("lines.0.quantity"). */
	private fieldShown(field: string): string {
		return this.fromOne ? fieldPath(field) : field.replace(/\[(\d+)\]/g, '.$1');
	}

	/** A row the platform settled: stored (created, updated), unchanged, or not stored. */
	settled(row: ReportedRow, outcome: RowOutcome): void {
		if (outcome.kind === 'checked') {
			this.checked++;
			return;
		}
		if (outcome.kind === 'stored') {
			if (outcome.result.status === 'unchanged') this.unchanged++;
			else this.stored++;
			return;
		}
		const named = outcome.error instanceof PlatformError ? outcome.error.field : undefined;
		const field = named ? this.fieldShown(named) : null;
		this.notStored(row, {
			outcome:
				outcome.kind === 'refused' ? 'refused' : outcome.notSent ? 'not_sent' : 'not_confirmed',
			field,
			reason: this.session.secrets.redact(outcome.error.message),
			retryable: outcome.kind === 'notConfirmed' && outcome.rerunSafe,
		});
	}

	/** A row refused before anything was sent: what was wrong with it, first problem first. */
	unreadable(row: ReportedRow, problems: Problem[]): void {
		const [first, ...rest] = problems;
		const more = rest.length
			? ` (and ${rest.length} more: ${rest.map((p) => `${p.field ? `${fieldPath(p.field)} ` : ''}${p.problem}`).join('; ')})`
			: '';
		this.notStored(row, {
			outcome: 'refused',
			field: first.field ? (this.fromOne ? fieldPath(first.field) : first.field) : null,
			reason: `${first.field ? `${fieldPath(first.field)} ` : ''}${first.problem}${more}`,
			retryable: false,
		});
	}

	private notStored(row: ReportedRow, what: NotStored): void {
		const all = [row, ...(row.more ?? [])];
		if (what.outcome === 'refused') this.refused++;
		else if (what.outcome === 'not_sent') {
			this.notSent++;
			for (const one of all) this.unsentRows.push(this.shown(one.row));
		} else {
			this.notConfirmed++;
			for (const one of all) this.unconfirmedRows.push(this.shown(one.row));
		}
		const where: IDataObject = this.inFile
			? { row: row.row, line: row.line }
			: { item: this.shown(row.row) };
		if (row.more?.length) where.rows = ranges(all.map((one) => this.shown(one.row)));
		if (this.listed.length < LISTED_NOT_STORED) {
			const key = recordKey(this.keyFields, row.values);
			this.listed.push({
				json: { ...where, ...key, ...what },
				pairedItem: this.pairing(row),
			});
		}
		const delimiter = this.delimiter();
		for (const one of all) {
			const at = this.inFile ? [one.row, one.line] : [this.shown(one.row)];
			const source = Array.isArray(one.source) ? one.source : [one.source];
			this.csvRows.push(
				[...at, what.outcome, what.field, what.reason, ...source]
					.map((cell) => csvCell(cell, delimiter))
					.join(delimiter),
			);
		}
	}

	private delimiter(): string {
		return this.source.file?.delimiter() ?? ',';
	}

	/** The Not Stored output: one item per row not stored, up to the limit. */
	notStoredItems(): INodeExecutionData[] {
		return this.listed;
	}

	/** The Summary output's item, with every row not stored as a CSV file. */
	async summaryItem(
		pairedItem: IPairedItemData[] | IPairedItemData,
		stop?: { gaveUp?: Error; lastLine?: number },
	): Promise<INodeExecutionData> {
		const notStored = this.refused + this.notConfirmed + this.notSent;
		const file = this.source.file;
		const json: IDataObject = {
			outcome: stop?.gaveUp
				? 'stopped'
				: this.checked || this.lookedUp
					? 'checked_only'
					: notStored
						? 'some_not_stored'
						: 'all_stored',
			message: this.message(stop),
			...(file ? { file: file.name } : {}),
			rows_read: this.rowsRead,
			...(this.source.records ? { [`${this.source.records}_read`]: this.settledCount() } : {}),
			stored: this.stored,
			unchanged: this.unchanged,
			refused: this.refused,
			not_confirmed: this.notConfirmed,
			seconds: Math.round((Date.now() - this.started) / 100) / 10,
			requests: this.requests,
			not_stored_listed: this.listed.length,
			...(this.checked || this.lookedUp ? { check_only: true, passed_checks: this.checked } : {}),
			...(this.lookedUp ? { looked_up: this.lookedUp } : {}),
		};
		if (this.notConfirmed) json.not_confirmed_rows = ranges(this.unconfirmedRows);
		if (this.notSent) Object.assign(json, { not_sent: this.notSent, not_sent_rows: this.unsent() });
		if (stop?.gaveUp && stop.lastLine) json.not_read_after_line = stop.lastLine;
		const delimiter = this.delimiter();
		const columns = [
			...(file ? ['row', 'line'] : ['item']),
			'outcome',
			'field',
			'reason',
			...(file && file.columns().length ? file.columns() : ['record']),
		];
		const text = [columns.map((c) => csvCell(c, delimiter)).join(delimiter), ...this.csvRows].join(
			'\r\n',
		);
		const base = file
			? file.name.replace(/\.[^.]*$/, '')
			: (this.session.platform.route(this.route).noun ?? 'records').replace(/ /g, '-');
		const binary = await this.session.ctx.helpers.prepareBinaryData(
			Buffer.from(`${text}\r\n`, 'utf8'),
			`${base}-not-stored.csv`,
			'text/csv',
		);
		return { json, binary: { data: binary }, pairedItem };
	}

	private settledCount(): number {
		return (
			this.stored + this.unchanged + this.refused + this.notConfirmed + this.notSent + this.checked
		);
	}

	private unsent(): string {
		return ranges(this.unsentRows);
	}

	private message(stop?: { gaveUp?: Error; lastLine?: number }): string {
		const what = this.source.records ?? (this.inFile ? 'rows' : 'items');
		const read = this.source.records ? this.settledCount() : this.rowsRead;
		const of = this.source.file ? ` of ${this.source.file.name}` : '';
		const confirmed = `${count(this.stored)} created or changed, ${count(this.unchanged)} unchanged`;
		const took = `${counted(this.requests, 'request')} in ${seconds(Date.now() - this.started)}.`;
		const rerun = this.session.platform.route(this.route).idempotent
			? 'Running the node again is safe: records are matched by their key.'
			: 'Check the platform before running the node again.';
		const rows = this.inFile ? 'rows' : 'items';
		const unsent = this.notSent
			? ` ${count(this.notSent)} not sent (${rows} ${this.unsent()}): nothing of them reached the platform, so running the node again is safe for them once the cause is put right.`
			: '';
		if (stop?.gaveUp) {
			const unread =
				this.inFile && stop.lastLine
					? ` The file was not read past line ${count(stop.lastLine)}.`
					: '';
			const unconfirmed = this.notConfirmed
				? ` ${this.inFile ? 'Rows' : 'Items'} ${ranges(this.unconfirmedRows)} are not confirmed as stored.`
				: '';
			// Where nothing that may have reached the platform is in doubt, the unsent rows' words say it all.
			const after = this.notConfirmed || !this.notSent ? ` ${rerun}` : '';
			return `Stopped: ${this.session.secrets.redact(stop.gaveUp.message)}. ${count(read)} ${what} read${of}: ${confirmed}, ${count(this.refused)} refused.${unconfirmed}${unsent}${unread}${after}`;
		}
		const notStored = this.refused + this.notConfirmed + this.notSent;
		if (this.checked || this.lookedUp)
			return `Check Only: ${count(this.checked)} of ${count(read)} ${what}${of} pass every check of the platform's API description; ${count(this.refused)} would be refused (the Not Stored output, and the CSV file on this item). Nothing was sent.${this.lookedUp ? ` ${this.lookedUp}` : ''}`;
		if (notStored === 0)
			return `All ${count(read)} ${what}${of} are stored (${confirmed}); ${took}`;
		const refused = this.refused
			? ` ${count(this.refused)} refused: fix them in the ERP and send them again (the Not Stored output, and the CSV file on this item).`
			: '';
		const unconfirmed = this.notConfirmed
			? ` ${count(this.notConfirmed)} not confirmed as stored (${this.inFile ? 'rows' : 'items'} ${ranges(this.unconfirmedRows)}). ${rerun}`
			: '';
		const listed =
			notStored > this.listed.length
				? ` The Not Stored output lists the first ${count(this.listed.length)}; the CSV file has them all.`
				: '';
		return `${count(notStored)} of ${count(read)} ${what}${of} are not stored; ${confirmed}; ${took}${refused}${unconfirmed}${unsent}${listed}`;
	}
}
