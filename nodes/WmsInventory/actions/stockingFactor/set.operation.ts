import { upsertOperation } from '../../../shared/operations';
import { stockingFactorSpec } from '../../../shared/specs/inventory';

export const set = upsertOperation({
	show: { resource: 'stockingFactor', operation: 'set' },
	route: '/inventory_stocking_factor/add',
	spec: stockingFactorSpec,
	name: 'Set',
	action: 'Set the stocking factors of items (needs SKU, warehouse, minimum quantity and maximum quantity)',
	description: 'Set the minimum and maximum stock of items per warehouse (minimum ≤ maximum is checked before sending)',
});
