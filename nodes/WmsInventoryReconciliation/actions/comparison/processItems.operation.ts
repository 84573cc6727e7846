import { coerceFields, type Problem } from '../../../shared/fields';
import { itemError } from '../../../shared/errors';
import { fieldProperty, showFor } from '../../../shared/properties';
import { checkOptions } from '../../../shared/record';
import { MAX_PROCESS_SKUS, processSkus } from '../../../shared/specs/reconciliation';
import { comparisonAction, show } from './common';

/** Applies the adjustments of the comparison's items to the platform stock (all items, or some skus). */
export const processItems = comparisonAction({
	operation: 'processItems',
	route: '/comparison_item/process',
	name: 'Process Items',
	action: 'Process the adjustment items of a comparison (needs comparison ID)',
	description: 'Apply the adjustments of the comparison\'s items to the platform stock; processing twice is harmless',
	properties: [{ ...fieldProperty(processSkus), displayOptions: showFor(show('processItems')) }],
	body(ctx, itemIndex) {
		const problems: Problem[] = [];
		const raw = ctx.getNodeParameter('skus', itemIndex, '') as string | string[];
		const { skus } = coerceFields([processSkus], { skus: raw }, '', problems, checkOptions(ctx, 'error'));
		if (problems.length) throw itemError(ctx.getNode(), itemIndex, problems[0].field, problems[0].problem);
		const list = (skus as string[] | undefined) ?? [];
		if (list.length > MAX_PROCESS_SKUS) {
			throw itemError(ctx.getNode(), itemIndex, 'skus', `has ${list.length} SKUs; one request takes at most ${MAX_PROCESS_SKUS}: split them over several items`);
		}
		return list.length ? { skus: [...new Set(list)] } : {};
	},
});
