import { upsertOperation } from '../../../shared/operations';
import { stockingFactorSpec } from '../../../shared/specs/inventory';

export const set = upsertOperation({
	show: { resource: 'stockingFactor', operation: 'set' },
	route: '/inventory_stocking_factor/add',
	spec: stockingFactorSpec,
	name: 'Set',
	action: 'Set stocking factors',
	description: 'Set the minimum and maximum stock of items per warehouse (minimum ≤ maximum is checked before sending)',
});
