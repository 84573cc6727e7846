/**
 * One way to turn what happened to each input item into the node's output: results and errors
 * come out in input order, each paired to the input items it stands for (an order grouped from
 * several items pairs to all of them). Under continue-on-fail a failure is an error item; otherwise
 * the first failure stops the node, naming its record: by its key when the route has one and the
 * record gives it ("Sales order SO-1003, line 1: quantity must be more than 0 (got -5)"), else by
 * its item ("Item 2: …", counting from 0 as n8n's editor does). The keys handled go to the run's
 * highlighted data.
 */
import { amount, counted } from './counting';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { resentFields, type FailedRow, type RowOutcome } from './bulk/outcomes';
import { bulkWriteRows, type BulkOptions } from './bulk/write';
import { camelName, InputProblem } from './checking';
import { errorFor, errorOutputItem, named, type FailureFacts } from './errorItem';
import { InputOrder, list, pairs, type Items } from './inputOrder';
import { itemsName, recordKey, recordName } from './recordKey';
import type { ExecuteSession } from './session';

export { errorJson, readableErrorItem, type FailureFacts } from './errorItem';

/** A checked record and the input items it came from. */
export interface ItemRecord {
	itemIndexes: number[];
	record: IDataObject;
}

export interface OutputOptions {
	/** The route whose natural key names each record, in messages and in output items. */
	route?: string;
	/** The record an input item gave, unchecked: its key names it when checking it failed. */
	rawRecord?: (itemIndex: number) => IDataObject | undefined;
	/** Whether success items carry the input item's fields (Options → Include Input Fields). */
	includeInputFields?: boolean;
	/** What a stored record's item says, when the operation says it in its own words (default: its key and the platform's answer). */
	stored?: (
		answer: IDataObject,
		record: IDataObject | undefined,
		itemIndexes: number[],
	) => IDataObject;
	/** A row's outcome told in the operation's own words before it becomes an item (default: as it is). */
	outcome?: (outcome: RowOutcome) => RowOutcome;
}

/** What a record that passed every check says under Check Only (beside its key). */
export const CHECKED: IDataObject = {
	checked: true,
	sent: false,
	message: "Passes every check of the platform's description; not sent (Options → Check Only)",
};

export class Output {
	private readonly entries = new InputOrder<INodeExecutionData>();
	/** The output (from 0) of the items that do not go to the first. */
	private readonly branchOf = new Map<INodeExecutionData, number>();
	/** The keys of the records handled, for the run's highlighted data, in input order. */
	private readonly handled = new InputOrder<IDataObject>();
	private readonly keyFields: string[] | undefined;
	private readonly noun: string;

	constructor(
		private readonly session: ExecuteSession,
		private readonly options: OutputOptions = {},
	) {
		const info = options.route ? session.platform.route(options.route) : undefined;
		this.keyFields = info?.naturalKey;
		this.noun = info?.noun ?? 'record';
	}

	/** An item of another output than the first (`branch`, from 0) for the input items `from` stands for, as it is. */
	addOn(branch: number, from: Items, json: IDataObject): void {
		const itemIndexes = list(from);
		const item = { json, pairedItem: pairs(itemIndexes) };
		this.branchOf.set(item, branch);
		this.entries.push(itemIndexes[0], item);
	}

	/** The result (or results) of the input items `from` stands for; `record` is what was sent, for its key. */
	add(from: Items, json: IDataObject | IDataObject[], record?: IDataObject): void {
		const itemIndexes = list(from);
		if (!Array.isArray(json)) return this.addOne(itemIndexes, json, record);
		for (const one of json) this.addOne(itemIndexes, one, record);
	}

	private addOne(itemIndexes: number[], json: IDataObject, record?: IDataObject): void {
		this.entries.push(itemIndexes[0], {
			json: this.success(itemIndexes, json, record),
			pairedItem: pairs(itemIndexes),
		});
	}

	/** A success item: the record's key under its own names, the platform's answer, and (when asked) the input item's fields under both. */
	private success(itemIndexes: number[], json: IDataObject, record?: IDataObject): IDataObject {
		if (this.options.stored) return this.options.stored(json, record, itemIndexes);
		const key = recordKey(this.keyFields, record);
		this.noteHandled(itemIndexes, key ?? recordKey(this.keyFields, json));
		if (!key && !this.options.includeInputFields) return json;
		const input = this.options.includeInputFields
			? this.session.ctx.getInputData()[itemIndexes[0]]?.json
			: undefined;
		return { ...input, ...key, ...json };
	}

	/** The key of the record a failure is about, unless the key itself is what is wrong. */
	private keyOf(
		itemIndexes: number[],
		error: Error,
		record?: IDataObject,
	): IDataObject | undefined {
		if (!this.keyFields) return undefined;
		if (error instanceof InputProblem) {
			const top = error.field.split(/[.[]/)[0];
			if (this.keyFields.some((field) => field === top || camelName(field) === top))
				return undefined;
		}
		let source = record;
		try {
			source ??= this.options.rawRecord?.(itemIndexes[0]);
		} catch {
			// A record that cannot even be read (bad JSON) has no key to name it by.
		}
		return recordKey(this.keyFields, source);
	}

	/** The record the input items gave, as given, to name it by when it has no key: the form's or JSON's record, else the input item. */
	private rawOf(itemIndexes: number[], record?: IDataObject): IDataObject | undefined {
		try {
			return (
				record ??
				this.options.rawRecord?.(itemIndexes[0]) ??
				this.session.ctx.getInputData()[itemIndexes[0]]?.json
			);
		} catch {
			return this.session.ctx.getInputData()[itemIndexes[0]]?.json;
		}
	}

	/**
	 * A failure of the input items `from` stands for: its error item under continue-on-fail, else
	 * the node stops with it. `record` is the record they gave, when it was read.
	 */
	fail(from: Items, error: unknown, record?: IDataObject, facts: FailureFacts = {}): void {
		const itemIndexes = list(from);
		const nodeError = errorFor(this.session, error, itemIndexes);
		const key = this.keyOf(itemIndexes, nodeError, record);
		this.noteHandled(itemIndexes, key);
		nodeError.message = named(
			nodeError,
			key ? recordName(this.noun, key) : itemsName(itemIndexes, this.rawOf(itemIndexes, record)),
		);
		if (!this.session.ctx.continueOnFail()) {
			this.flushHandled();
			throw nodeError;
		}
		this.entries.push(
			itemIndexes[0],
			errorOutputItem(this.session, itemIndexes, nodeError, key, facts),
		);
	}

	/**
	 * Runs `read` for every input item before anything is sent: an item that cannot be read (bad
	 * input) becomes its error, or stops the node with nothing sent. Answers what was read.
	 */
	readEach<T>(count: number, read: (itemIndex: number) => T): T[] {
		// Sized once for every item, not grown (and copied) as items are read; cut to those read.
		const values = new Array<T>(count);
		let done = 0;
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			try {
				values[done] = read(itemIndex);
				done++;
			} catch (error) {
				this.fail(itemIndex, error);
			}
		}
		values.length = done;
		return values;
	}

	/** Runs `work` for one input item after another; its answer is the item's output, its failure the item's error. */
	async eachItem(
		count: number,
		work: (itemIndex: number) => Promise<IDataObject | IDataObject[]>,
	): Promise<void> {
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			try {
				this.add(itemIndex, await work(itemIndex));
			} catch (error) {
				this.fail(itemIndex, error);
			}
		}
	}

	/** Rows not stored under stop-on-failure, waiting for `endOutcomes` to name the first; rows confirmed as stored. */
	private readonly unstored: Array<{ row: ItemRecord; outcome: FailedRow }> = [];
	private storedRows = 0;

	/**
	 * The outcome of one row of a bulk write, as its request settles: its item is made while other
	 * requests are still in flight. Without continue-on-fail a row not stored waits for
	 * `endOutcomes`, which stops the node with the first of them (in input order).
	 */
	addOutcome(row: ItemRecord, outcome: RowOutcome): void {
		if (outcome.kind === 'stored') {
			this.storedRows++;
			this.add(
				row.itemIndexes,
				// At every version: a record sent twice may be on the platform twice.
				outcome.resent ? { ...outcome.result, ...resentFields(outcome.resent) } : outcome.result,
				row.record,
			);
		} else if (outcome.kind === 'checked') this.add(row.itemIndexes, CHECKED, row.record);
		else if (!this.session.ctx.continueOnFail()) this.unstored.push({ row, outcome });
		else if (outcome.kind === 'notConfirmed')
			this.fail(row.itemIndexes, outcome.error, row.record, {
				code: outcome.notSent ? 'not_sent' : 'not_confirmed',
				retryable: outcome.rerunSafe,
			});
		else
			this.fail(row.itemIndexes, outcome.error, row.record, {
				code: outcome.error.body?.code ?? 'refused',
				retryable: false,
			});
	}

	/**
	 * After the last outcome of a bulk write of `rows`: without continue-on-fail the first row not
	 * stored (in input order) stops the node, saying how many were confirmed as stored.
	 */
	endOutcomes(rows: ItemRecord[]): void {
		const stored = this.storedRows;
		this.storedRows = 0;
		if (this.unstored.length === 0) return;
		let first = this.unstored[0];
		for (const one of this.unstored)
			if (one.row.itemIndexes[0] < first.row.itemIndexes[0]) first = one;
		this.unstored.length = 0;
		// Every record of the write was handled, though only the first failure is reported.
		for (const row of rows)
			this.noteHandled(row.itemIndexes, recordKey(this.keyFields, row.record));
		const { error } = first.outcome;
		error.description = `${error.description ?? ''}. ${amount(stored)} of ${counted(rows.length, 'record')} ${stored === 1 ? 'was' : 'were'} confirmed as stored; turn on "On Error → Continue (using error output)" to get every row's result.`;
		this.fail(first.row.itemIndexes, error, first.row.record);
	}

	/** Writes `rows` to `route` in bulk, each row's item made as its request settles (addOutcome, endOutcomes). */
	async writeRows(route: string, rows: ItemRecord[], options: BulkOptions): Promise<void> {
		await bulkWriteRows(
			this.session,
			route,
			[rows],
			{
				recordOf: (row) => row.record,
				settle: (row, outcome) => this.addOutcome(row, this.options.outcome?.(outcome) ?? outcome),
			},
			options,
		);
		this.endOutcomes(rows);
	}

	/** The outcomes of a bulk write of `rows`, one per row, told at once (see addOutcome and endOutcomes). */
	addOutcomes(rows: ItemRecord[], outcomes: RowOutcome[]): void {
		rows.forEach((row, k) => this.addOutcome(row, outcomes[k]));
		this.endOutcomes(rows);
	}

	private noteHandled(itemIndexes: number[], key: IDataObject | undefined): void {
		if (key) this.handled.push(itemIndexes[0], key);
	}

	/** The keys noted so far, into the run's session in input order. */
	private flushHandled(): void {
		for (const key of this.handled.take()) this.session.handled.add(this.noun, key);
	}

	/** Everything added, in input order (items of one input item in the order they came). */
	items(): INodeExecutionData[] {
		this.flushHandled();
		return this.entries.inOrder();
	}

	/** Everything added, one list per output (`count` of them), each in input order. */
	branches(count: number): INodeExecutionData[][] {
		const lists: INodeExecutionData[][] = Array.from({ length: count }, () => []);
		for (const item of this.entries.inOrder())
			lists[Math.min(this.branchOf.get(item) ?? 0, count - 1)].push(item);
		return lists;
	}
}
