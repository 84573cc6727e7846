/**
 * Reconcile: the whole nightly job in one operation. Per warehouse of the input it creates a
 * comparison, loads the ERP on-hand, lets the platform snapshot its stock, reads the items and
 * reports every discrepancy. Unless Dry Run is on, it then adjusts the differences inside the
 * threshold, processes, (optionally) creates move attempts and completes.
 *
 * All input is checked before anything is sent. A step that fails stops the run: the error (or,
 * under continue-on-fail, the summary and an error item) names the step, the warehouse and the
 * comparison id, and which single operations finish the job. Adjustments are made only when
 * every input item was read and accepted, so a line dropped by a typo is never "corrected" to 0;
 * and a line the input has no row for (platform-only stock, a batch the ERP does not list) is
 * reported but adjusted only when the user turned that on: a missing export row must not write
 * stock off.
 */
import type { IDataObject, INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { itemError } from '../../../shared/checking';
import { bulkInput } from '../../../shared/file/properties';
import { requireAll, type Needs } from '../../../shared/drift';
import type { Operation } from '../../../shared/operations';
import { errorJson, Output, readableErrorItem } from '../../../shared/output';
import type { ExecuteSession } from '../../../shared/session';
import { PlatformError } from '../../../shared/transport/errors';
import { fromVersion } from '../../../shared/version';
import { readErpFiles, refusedFileRow } from './reconcile/fileInput';
import { readErpLines } from './reconcile/input';
import { comparedItemsOrStop } from './reconcile/itemsRead';
import {
	OPERATION,
	reconcileProperties,
	readSettings,
	type ReconcileSettings,
} from './reconcile/properties';
import { csvFileItem, discrepancyItems, Pairing, summaryItem } from './reconcile/report';
import { Run } from './reconcile/run';
import { StepFailed, stepError } from './reconcile/stepFailed';
import { ItemStock, type LineSource, type WarehouseStock } from './reconcile/stock';
import { aggregateErpLines, type ErpOnHand } from './reconcile/variance';
import { erpLineSpec, reconcileWords, type ReconcileWords } from './lineWords';

/** What one Reconcile run starts from: the stock per warehouse, and how its input is reported. */
interface ReconcileInput {
	stocks: Map<string, WarehouseStock>;
	/** Input items (or file rows) not accepted before anything was sent. */
	inputErrors: number;
	/** Items that come first on Discrepancies: the input's own problems. */
	problems: () => INodeExecutionData[];
	/** The input items a discrepancy pairs to. */
	pairing: (line: { warehouse_code: string; sku: string; batch?: string }) => IPairedItemData[];
	/** How a file's line the platform refused is reported (files only). */
	fileRows?: (source: LineSource, step: Parameters<Run['refuse']>[0], error: Error) => void;
	/** Figures of a file input for the summary. */
	figures?: () => IDataObject;
}

/** The input items as stock lines, summed per warehouse, SKU and batch. */
function fromItems(
	session: ExecuteSession,
	output: Output,
	settings: ReconcileSettings,
	words: ReconcileWords,
): ReconcileInput {
	const items = session.ctx.getInputData();
	const lines = readErpLines(
		session.ctx,
		output,
		items,
		settings.defaultWarehouse,
		erpLineSpec(session, words.erpOnHand),
	);
	const onHand = aggregateErpLines(lines);
	const byWarehouse = new Map<string, ErpOnHand[]>();
	for (const line of onHand) {
		const group = byWarehouse.get(line.warehouse_code);
		if (group) group.push(line);
		else byWarehouse.set(line.warehouse_code, [line]);
	}
	const pairing = new Pairing(onHand);
	return {
		stocks: new Map(
			[...byWarehouse].map(([warehouse, group]) => [warehouse, new ItemStock(warehouse, group)]),
		),
		inputErrors: items.length - lines.length,
		problems: () => output.items(),
		pairing: (line) => pairing.of(line),
	};
}

/** Every input item's file as stock lines, read as they stream. */
async function fromFiles(
	session: ExecuteSession,
	settings: ReconcileSettings,
	words: ReconcileWords,
): Promise<ReconcileInput> {
	const read = await readErpFiles(session, settings.defaultWarehouse, words.erpOnHand);
	const everyInput = session.ctx.getInputData().map((_, item) => ({ item }));
	const rowsRefusedReading = read.rowsRefused;
	return {
		stocks: read.stocks,
		inputErrors: rowsRefusedReading,
		problems: () => [...read.reports.values()].flatMap((report) => report.notStoredItems()),
		pairing: () => everyInput,
		fileRows: refusedFileRow(read),
		figures: () => ({
			files: read.files,
			rows_read: read.rowsRead,
			rows_not_accepted: read.rowsRefused,
		}),
	};
}

/**
 * What Reconcile sends and reads, route by route: a platform's description must have every one.
 * The fields of the lines it sends are found by their role (lineWords.ts), under any name.
 */
const RECONCILE_NEEDS: Needs = {
	'/comparison/add': ['items.warehouse_code'],
	'/comparison_erp_on_hand/add': ['comparison_id'],
	'/comparison_platform_on_hand/set': ['comparison_id'],
	'/comparison/check_status': ['comparison_id'],
	'/comparison_adjustment_item/add': ['comparison_id'],
	'/comparison_item/process': ['comparison_id'],
	'/comparison_move_attempt/create': ['comparison_id'],
	'/comparison/complete': ['comparison_id'],
};
const RECONCILE_INSTEAD =
	"Reconcile is written for the comparison routes as the built-in description has them: run the comparison's steps one by one with this node's other operations, or call the platform's own routes with the WMS Platform node's Call a Route";

export const reconcile: Operation = {
	value: OPERATION,
	name: 'Reconcile',
	action: 'Reconcile ERP stock',
	description:
		"Compare ERP stock with the platform's, report every discrepancy and (unless a dry run) adjust the small ones. Needs one input item per ERP stock line: SKU, warehouse and quantity.",
	contract: { route: '/comparison_erp_on_hand/add' },
	// From version 2 the CSV file comes out of an output of its own.
	outputs: {
		names: ['Discrepancies', 'Summary'],
		optional: { name: 'CSV File', when: 'attachCsv', since: 2 },
	},
	properties: reconcileProperties,
	async execute(session, items) {
		const { ctx } = session;
		const settings = readSettings(ctx);
		if (settings.reference.length > 100)
			throw itemError(
				ctx.getNode(),
				0,
				'Reference',
				`must be at most 100 characters long (got ${settings.reference.length})`,
			);
		requireAll(session, 'Reconcile', RECONCILE_NEEDS, RECONCILE_INSTEAD);
		const words = reconcileWords(session, !settings.dryRun);
		comparedItemsOrStop(session);
		const output = new Output(session);
		const input =
			bulkInput(ctx) === 'file'
				? await fromFiles(session, settings, words)
				: fromItems(session, output, settings, words);
		const run = new Run(
			session,
			output,
			settings,
			[...input.stocks.keys()].map((warehouse_code) => ({ warehouse_code, steps_done: [] })),
			words,
			input.fileRows,
		);
		run.inputErrors = input.inputErrors;
		const linesRead = [...input.stocks.values()].reduce((sum, stock) => sum + stock.size, 0);

		let failure: StepFailed | undefined;
		try {
			if (linesRead) {
				await run.report(input.stocks);
				if (!settings.dryRun && run.inputErrors === 0) await run.adjust();
				else if (settings.closeAfterDryRun && run.inputErrors === 0) await run.close();
			}
		} catch (error) {
			if (!(error instanceof StepFailed))
				throw new NodeOperationError(ctx.getNode(), error as Error);
			failure = error;
			if (!ctx.continueOnFail()) throw stepError(session, failure, settings.dryRun, run.runs);
		}

		// Discrepancies: the input's problems first, then one item per discrepancy (and a step's failure).
		// Summary: one item, the report as a CSV file on it.
		const everyInput: IPairedItemData[] = items.map((_, item) => ({ item }));
		const discrepancies: INodeExecutionData[] = input.problems();
		discrepancies.push(...discrepancyItems(run.entries, input.pairing));
		if (failure) {
			const error = stepError(session, failure, settings.dryRun, run.runs);
			const { cause } = failure;
			const facts = {
				code: 'step_failed',
				status: cause instanceof PlatformError ? (cause.status ?? null) : null,
				retryable: cause instanceof PlatformError && cause.retryable,
			};
			const json = errorJson(error, undefined, facts, fromVersion(ctx, 3));
			discrepancies.push({
				json: fromVersion(ctx, 2) ? readableErrorItem(json, undefined, undefined) : json,
				pairedItem: everyInput,
			});
		}
		const figures = { ...run.summary(items.length, linesRead, failure), ...input.figures?.() };
		if (!fromVersion(ctx, 2))
			return [
				discrepancies,
				[await summaryItem(ctx, figures, run.entries, everyInput, settings.csv)],
			];
		const summary = await summaryItem(ctx, figures, run.entries, everyInput, undefined);
		if (!settings.csv) return [discrepancies, [summary]];
		return [
			discrepancies,
			[summary],
			[await csvFileItem(ctx, run.entries, everyInput, settings.csv)],
		];
	},
};
