import type { Resource } from '../../shared/router';
import { addAdjustmentItems } from './comparison/addAdjustmentItems.operation';
import { addErpOnHand } from './comparison/addErpOnHand.operation';
import { checkStatus } from './comparison/checkStatus.operation';
import { RESOURCE } from './comparison/common';
import { complete } from './comparison/complete.operation';
import { create } from './comparison/create.operation';
import { createMoveAttempts } from './comparison/createMoveAttempts.operation';
import { processItems } from './comparison/processItems.operation';
import { reconcile } from './comparison/reconcile.operation';
import { setPlatformOnHand } from './comparison/setPlatformOnHand.operation';

/** Reconcile first (the whole job), then the eight single steps in the order a comparison goes through them. */
export const resources: Resource[] = [
	{
		value: RESOURCE,
		name: 'Comparison',
		operations: [
			reconcile,
			create,
			addErpOnHand,
			setPlatformOnHand,
			addAdjustmentItems,
			processItems,
			createMoveAttempts,
			complete,
			checkStatus,
		],
	},
];
