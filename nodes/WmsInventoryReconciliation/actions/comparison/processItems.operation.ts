import { checkOrRefuse, itemError } from '../../../shared/checking';
import { fieldProperty, showFor } from '../../../shared/form/properties';
import { inFormWords } from '../../../shared/form/words';
import { requestField } from '../../../shared/platform';
import { comparisonAction, comparisonOperation } from './common';
import { skusName } from './lineWords';

/** Process Items: only these skus (all their batches); every item when empty. */
const skusField = requestField('/comparison_item/process', 'skus');
const skusSpec = { fields: [skusField] };
/** Longest SKU list one Process Items request takes. */
const MAX_SKUS = skusField.maxItems ?? 1000;

/** Applies the adjustments of the comparison's items to the platform stock (all items, or some skus). */
export const processItems = comparisonAction({
	operation: 'processItems',
	route: '/comparison_item/process',
	name: 'Process Items',
	action: 'Process adjustment items',
	description:
		"Apply the adjustments of the comparison's items to the platform stock; processing twice is harmless. Needs the comparison ID.",
	properties: [
		{ ...fieldProperty(skusField), displayOptions: showFor(comparisonOperation('processItems')) },
	],
	body(ctx, itemIndex, session) {
		const raw = ctx.getNodeParameter('skus', itemIndex, '') as string | string[];
		const skus =
			(checkOrRefuse(
				ctx,
				itemIndex,
				skusSpec,
				{ skus: raw },
				{ label: inFormWords(skusSpec.fields) },
			).skus as string[] | undefined) ?? [];
		if (skus.length > MAX_SKUS) {
			throw itemError(
				ctx.getNode(),
				itemIndex,
				'skus',
				`has ${skus.length} SKUs; one request takes at most ${MAX_SKUS}: split them over several items`,
			);
		}
		// Under the platform's name for the list (item_numbers...) where its description says so.
		return skus.length ? { [skusName(session)]: [...new Set(skus)] } : {};
	},
	// Beside comparison_id it sends only its list of SKUs, under the platform's name for it.
	formName: (sentAs) => (sentAs === 'comparison_id' ? sentAs : 'skus'),
});
