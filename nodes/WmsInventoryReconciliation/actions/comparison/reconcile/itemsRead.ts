/**
 * What a comparison's status answer must hold before Reconcile reports or adjusts anything: its
 * items under `items`, each with a SKU and numeric quantities. An answer without that list (a
 * platform that names it otherwise) would read as a comparison with no differences, and a
 * missing quantity read as 0 would be "adjusted" like a real one: either stops the run in words.
 */
import { NodeOperationError } from 'n8n-workflow';

import { descriptionName } from '../../../../shared/platform';
import type { ExecuteSession } from '../../../../shared/session';
import type { ComparisonRun } from './stepFailed';

export interface ComparisonItem {
	sku: string;
	batch?: string;
	erp_quantity: number;
	platform_quantity: number;
	processed?: boolean;
}

export const ITEMS = 'items';

export const malformedItem = (item: ComparisonItem) =>
	typeof item?.sku !== 'string' ||
	!Number.isFinite(item.erp_quantity) ||
	!Number.isFinite(item.platform_quantity) ||
	(item.batch != null && typeof item.batch !== 'string');

/** The error a read comparison stops with, or undefined when its items can be used. */
export function unusableRead(
	session: ExecuteSession,
	run: ComparisonRun,
	read: { listMet: boolean; malformed?: unknown },
): NodeOperationError | undefined {
	const node = session.ctx.getNode();
	if (!read.listMet)
		return new NodeOperationError(
			node,
			`The platform answered comparison ${run.comparison_id} without a list "${ITEMS}" of its compared items, so no difference could be read`,
			{
				description: `Nothing was adjusted. Reconcile reads the items of ${session.platform.path('/comparison/check_status')} under "${ITEMS}", as the built-in description has them; ${descriptionName(session.platform.source)} names them otherwise. Read the comparison with the WMS Platform node's Call a Route and compare there.`,
			},
		);
	if (read.malformed !== undefined)
		return new NodeOperationError(
			node,
			`The platform answered comparison ${run.comparison_id} with an item that has no SKU or no numeric quantities: ${JSON.stringify(read.malformed).slice(0, 200)}`,
			{
				description:
					"Nothing was adjusted. Check the comparison with Check Status, or ask the platform's operator.",
			},
		);
	return undefined;
}
