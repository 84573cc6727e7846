import type { RecordCheck } from '../../../shared/platform';
import { upsertOperation } from '../../../shared/operations';

const minNotAboveMax: RecordCheck = (record) =>
	typeof record.min_quantity === 'number' &&
	typeof record.max_quantity === 'number' &&
	record.min_quantity > record.max_quantity
		? {
				field: 'min_quantity',
				problem: `must not be more than the maximum quantity (got minimum ${record.min_quantity}, maximum ${record.max_quantity})`,
			}
		: undefined;

export const set = upsertOperation({
	resource: 'stockingFactor',
	operation: 'set',
	route: '/inventory_stocking_factor/add',
	checks: [minNotAboveMax],
	name: 'Set',
	action: 'Set stocking factors',
	description:
		'Set the minimum and maximum stock of items per warehouse (minimum ≤ maximum is checked before sending)',
});
