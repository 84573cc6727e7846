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
import type { INodeExecutionData, IPairedItemData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { itemError } from '../../../shared/checking';
import type { Operation } from '../../../shared/operations';
import { errorJson, Output } from '../../../shared/output';
import { PlatformError } from '../../../shared/transport/errors';
import { aggregateErpLines, type ErpOnHand } from './reconcile/variance';
import { readErpLines } from './reconcile/input';
import { OPERATION, reconcileProperties, readSettings } from './reconcile/properties';
import { discrepancyItems, Pairing, summaryItem } from './reconcile/report';
import { Run, stepError } from './reconcile/run';
import { StepFailed } from './reconcile/stepFailed';

export const reconcile: Operation = {
	value: OPERATION,
	name: 'Reconcile',
	action:
		'Reconcile ERP stock with the platform and report every difference (needs ERP stock lines of SKU, warehouse and quantity)',
	description:
		"Compare ERP stock with the platform's, report every discrepancy and (unless a dry run) adjust the small ones",
	contract: { route: '/comparison_erp_on_hand/add' },
	outputs: ['Discrepancies', 'Summary'],
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
		const output = new Output(session);
		const lines = readErpLines(ctx, output, items, settings.defaultWarehouse);
		const onHand = aggregateErpLines(lines);
		const byWarehouse = new Map<string, ErpOnHand[]>();
		for (const line of onHand) {
			const group = byWarehouse.get(line.warehouse_code);
			if (group) group.push(line);
			else byWarehouse.set(line.warehouse_code, [line]);
		}
		const run = new Run(
			session,
			output,
			settings,
			[...byWarehouse.keys()].map((warehouse_code) => ({ warehouse_code, steps_done: [] })),
		);
		run.inputErrors = items.length - lines.length;

		let failure: StepFailed | undefined;
		try {
			if (onHand.length) {
				await run.report(byWarehouse);
				if (!settings.dryRun && run.inputErrors === 0) await run.adjust();
				else if (settings.closeAfterDryRun && run.inputErrors === 0) await run.close();
			}
		} catch (error) {
			if (!(error instanceof StepFailed))
				throw new NodeOperationError(ctx.getNode(), error as Error);
			failure = error;
			if (!ctx.continueOnFail()) throw stepError(session, failure, settings.dryRun, run.runs);
		}

		// Discrepancies: the input items' errors first, then one item per discrepancy (and a step's failure).
		// Summary: one item, the report as a CSV file on it.
		const everyInput: IPairedItemData[] = items.map((_, item) => ({ item }));
		const discrepancies: INodeExecutionData[] = output.items();
		discrepancies.push(...discrepancyItems(run.entries, new Pairing(onHand)));
		if (failure) {
			const error = stepError(session, failure, settings.dryRun, run.runs);
			const { cause } = failure;
			const facts = {
				code: 'step_failed',
				status: cause instanceof PlatformError ? (cause.status ?? null) : null,
				retryable: cause instanceof PlatformError && cause.retryable,
			};
			discrepancies.push({
				json: errorJson(error, undefined, facts),
				pairedItem: everyInput,
			});
		}
		const summary = await summaryItem(
			ctx,
			run.summary(items.length, onHand.length, failure),
			run.entries,
			everyInput,
			settings.csv,
		);
		return [discrepancies, [summary]];
	},
};
