/**
 * One Reconcile run: its comparisons (one per warehouse), the report's entries as they are
 * classified, and the steps in the order the comparison's state machine allows them. A step that
 * fails becomes a StepFailed (stepFailed.ts words it for the user).
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { counted, InputItems, INPUT_ITEMS_NAMED } from '../../../../shared/counting';
import type { Output } from '../../../../shared/output';
import type { ExecuteSession } from '../../../../shared/session';
import { type ReconcileSettings } from './properties';
import type { ReportEntry } from './report';
import * as steps from './steps';
import {
	runPlace,
	StepFailed,
	stepFailed,
	type ComparisonId,
	type ComparisonRun,
	type StepName,
} from './stepFailed';
import {
	adjustmentDelta,
	classify,
	discrepancyOf,
	findDiscrepancies,
	roundQuantity,
	summarizeVariance,
	type ComparedLine,
	type Discrepancy,
} from './variance';
import type { LineSource, WarehouseStock } from './stock';
import type { ReconcileWords } from '../lineWords';

const ADJUSTMENTS_LISTED = 100;

/** Rewrites "The 3rd input item: …" of a row error to the input item it stands for. */
const forItem = (message: string, itemIndex: number) =>
	`${InputItems([itemIndex])}: ${message.replace(INPUT_ITEMS_NAMED, '')}`;

export class Run {
	/** Input items that were not read or that the platform refused, as their error items. */
	inputErrors = 0;
	entries: ReportEntry[] = [];
	linesCompared = 0;
	reported = false;
	moveAttemptIds: string[] = [];

	constructor(
		readonly session: ExecuteSession,
		readonly output: Output,
		readonly settings: ReconcileSettings,
		readonly runs: ComparisonRun[],
		/** The names the platform's description gives the fields of the lines sent. */
		readonly words: ReconcileWords,
		/** Where lines of a file the platform refused are reported. */
		readonly fileRows?: (source: LineSource, step: StepName, error: Error) => void,
	) {}

	/**
	 * A line or warehouse the platform refused: each of its input items fails on its own
	 * (continue-on-fail), or the run stops. Lines of a file are reported by `fileRows` instead,
	 * and never stop the run.
	 */
	refuse(step: StepName, run: ComparisonRun, error: Error, sources: LineSource[]) {
		const { ctx } = this.session;
		if (this.fileRows) {
			for (const source of sources) this.fileRows(source, step, error);
			this.inputErrors += sources.length;
			return;
		}
		const itemIndexes = sources.map((source) => source.item);
		if (!ctx.continueOnFail()) {
			const cause = new NodeOperationError(ctx.getNode(), forItem(error.message, itemIndexes[0]), {
				itemIndex: itemIndexes[0],
			});
			throw stepFailed(this.session, step, run, cause);
		}
		for (const itemIndex of itemIndexes) {
			const cause = new NodeOperationError(ctx.getNode(), forItem(error.message, itemIndex), {
				itemIndex,
				description: `Warehouse ${run.warehouse_code}${run.comparison_id !== undefined ? `, comparison ${run.comparison_id}` : ''}: the platform refused this stock line at step "${step}"`,
			});
			this.output.fail(itemIndex, cause);
			this.inputErrors++;
		}
	}

	/** Every step up to the report; compared lines of every comparison, classified. */
	async report(byWarehouse: Map<string, WarehouseStock>) {
		const { session, settings } = this;
		const options = { retry: settings.retry, batchSize: settings.batchSize, words: this.words };
		const fields: IDataObject = settings.reference ? { reference: settings.reference } : {};
		const refused = await steps.createComparisons(session, this.runs, fields, options);
		for (const [run, outcome] of refused) {
			const stock = byWarehouse.get(run.warehouse_code)!;
			const sources: LineSource[] = [];
			for (let line = 0; line < stock.size; line++) sources.push(...stock.sourcesOf(line));
			this.refuse('create comparison', run, outcome.error, sources);
		}
		const active = this.runs.filter((run) => run.comparison_id !== undefined);
		for (const run of active) {
			const stock = byWarehouse.get(run.warehouse_code)!;
			const refusedLines = await steps.loadErpOnHand(session, run, stock, options);
			// Every line refused (e.g. the comparison is past loading): comparing would call all stock a discrepancy.
			if (refusedLines.size === stock.size)
				throw stepFailed(session, 'load ERP on-hand', run, refusedLines.get(0)!.error);
			for (const [line, outcome] of refusedLines)
				this.refuse('load ERP on-hand', run, outcome.error, stock.sourcesOf(line));
		}
		// Only differing lines are kept: memory grows with the discrepancies, not the stock.
		const differing: Array<ComparedLine & Discrepancy & { comparison_id: ComparisonId }> = [];
		let linesCompared = 0;
		for (const run of active) {
			await steps.setPlatformOnHand(session, run, options);
			const stock = byWarehouse.get(run.warehouse_code)!;
			const ignoreOthers = settings.platformOnly === 'ignore';
			const read = await steps.readComparison(session, run, options, (item) => {
				if (ignoreOthers && !stock.hasSku(item.sku)) return undefined;
				if (item.platform_quantity === item.erp_quantity) return null;
				const batch = item.batch ?? '';
				return (
					discrepancyOf({
						comparison_id: run.comparison_id!,
						warehouse_code: run.warehouse_code,
						sku: item.sku,
						batch,
						erp_quantity: item.erp_quantity,
						platform_quantity: item.platform_quantity,
						in_erp_input: stock.has(item.sku, batch),
					}) ?? null
				);
			});
			linesCompared += read.compared;
			for (const line of read.kept) differing.push(line);
		}
		this.linesCompared = linesCompared;
		this.entries = classify(findDiscrepancies(differing), settings.threshold).map((line) => ({
			...line,
			adjusted: false,
		}));
		this.reported = true;
	}

	/** Adds the adjustments inside the threshold, processes, reports move attempts, completes; per comparison. */
	async adjust() {
		const { session, settings } = this;
		const options = { retry: settings.retry, batchSize: settings.batchSize, words: this.words };
		for (const run of this.runs.filter((candidate) => candidate.comparison_id !== undefined)) {
			const mine = this.entries.filter(
				(entry) => entry.comparison_id === run.comparison_id && entry.action === 'adjust',
			);
			const adjustments = mine.map((entry) => {
				const record: IDataObject = {
					sku: entry.sku,
					quantity_delta: adjustmentDelta(entry),
					reason: `Reconciled to ERP: ERP ${entry.erp_quantity}, platform ${entry.platform_quantity}`,
				};
				if (entry.batch) record.batch = entry.batch;
				return record;
			});
			await steps.addAdjustmentItems(session, run, adjustments, options);
			await steps.processItems(session, run, options);
			for (const entry of mine) entry.adjusted = true;
			if (settings.moveAttempts) {
				const answer = await steps.createMoveAttempts(session, run, options);
				this.moveAttemptIds.push(...((answer.erp_update_ids as string[] | undefined) ?? []));
			}
			await steps.completeComparison(session, run, options);
		}
	}

	/** Completes every comparison, adjusting nothing: a dry run the user wants closed. */
	async close() {
		const { retry, batchSize } = this.settings;
		const options = { retry, batchSize, words: this.words };
		for (const run of this.runs.filter((candidate) => candidate.comparison_id !== undefined))
			await steps.completeComparison(this.session, run, options);
	}

	summary(inputCount: number, linesRead: number, failure?: StepFailed): IDataObject {
		const { settings } = this;
		const variance = summarizeVariance(this.linesCompared, this.entries, settings.largestCount);
		const adjusted = this.entries.filter((entry) => entry.adjusted);
		const review = this.entries.filter((entry) => entry.action === 'needs_review');
		const { units, percent, rule } = settings.threshold ?? {};
		const withId = this.runs.filter((run) => run.comparison_id !== undefined);
		const summary: IDataObject = {
			outcome: failure
				? 'stopped'
				: settings.dryRun || this.inputErrors > 0
					? 'reported'
					: 'completed',
			dry_run: settings.dryRun,
			message: this.message(failure),
		};
		if (withId.length === 1) summary.comparison_id = withId[0].comparison_id;
		Object.assign(summary, {
			comparisons: this.runs.map((run) => ({
				warehouse_code: run.warehouse_code,
				comparison_id: run.comparison_id ?? null,
				status: run.status ?? null,
				steps_done: [...run.steps_done],
			})),
			input_items: inputCount,
			input_items_failed: this.inputErrors,
			stock_lines: linesRead,
			...variance,
			adjusted_lines: adjusted.length,
			adjusted_units: roundQuantity(
				adjusted.reduce((sum, entry) => sum + Math.abs(entry.difference), 0),
			),
			// What was adjusted, by line (the first ADJUSTMENTS_LISTED; every discrepancy item says adjusted: true/false).
			adjustments: adjusted.slice(0, ADJUSTMENTS_LISTED).map((entry) => ({
				comparison_id: entry.comparison_id,
				warehouse_code: entry.warehouse_code,
				sku: entry.sku,
				batch: entry.batch ?? '',
				quantity_delta: adjustmentDelta(entry),
			})),
			needs_review_lines: review.length,
			threshold: settings.threshold ? { units, percent, rule } : null,
			adjust_lines_not_in_erp_input: settings.threshold?.adjustLinesNotInErpInput ?? false,
			move_attempts: this.moveAttemptIds,
		});
		if (failure) {
			summary.failed_step = failure.step;
			summary.failed_warehouse = failure.run.warehouse_code;
			summary.error = failure.cause.message;
		}
		return summary;
	}

	private message(failure?: StepFailed): string {
		const differing = this.entries.length;
		if (this.runs.length === 0) return 'No stock line could be read: nothing was compared.';
		const found = this.reported
			? `${differing} of ${counted(this.linesCompared, 'line')} ${differing === 1 ? 'differs' : 'differ'}`
			: 'no report';
		if (failure) return `Stopped at step "${failure.step}" (${runPlace(failure.run)}): ${found}.`;
		if (this.settings.closeAfterDryRun && this.inputErrors === 0)
			return `Dry run: ${found}; nothing was adjusted. The comparisons were completed.`;
		if (this.settings.dryRun)
			return `Dry run: ${found}; nothing was adjusted. The comparisons stay in state compared.`;
		if (this.inputErrors)
			return `${found}; nothing was adjusted because ${counted(this.inputErrors, this.fileRows ? 'row of the file' : 'input item', this.fileRows ? 'rows of the file' : 'input items')} ${this.inputErrors === 1 ? 'was' : 'were'} not accepted: fix ${this.inputErrors === 1 ? 'it' : 'them'} and run again.`;
		const adjusted = this.entries.filter((entry) => entry.adjusted).length;
		const review = this.entries.filter((entry) => entry.action === 'needs_review');
		const leftAlone = review.filter((entry) => !entry.in_erp_input).length;
		const notInInput = leftAlone ? ` (${leftAlone} of them not in the ERP input, left alone)` : '';
		return `${found}; ${adjusted} adjusted, ${review.length} need review${notInInput}. Comparisons completed.`;
	}
}
