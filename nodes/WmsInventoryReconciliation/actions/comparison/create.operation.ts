import { upsertOperation } from '../../../shared/operations';
import { comparisonOperation } from './common';

/** One comparison per input item; the output carries its comparison_id for the next steps. */
export const create = upsertOperation({
	...comparisonOperation('create'),
	route: '/comparison/add',
	name: 'Create Comparison',
	action: 'Create a stock comparison for a warehouse (needs warehouse code)',
	description: 'Open an inventory comparison for a warehouse (state open)',
	fileInput: false,
});
