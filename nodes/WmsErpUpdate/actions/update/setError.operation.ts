import { checkOrRefuse, itemError } from '../../../shared/checking';
import { bulkWriteOptions, optionsCollection } from '../../../shared/form/options';
import { fieldProperty, showFor } from '../../../shared/form/properties';
import { writeRecords, type Operation } from '../../../shared/operations';
import { recordSpec } from '../../../shared/platform';
import { errorOf, sourceOf, sourceProperty, TriggerLineage, withUpdateId } from './source';

const op = { resource: 'update', operation: 'setError' };
const route = '/erp_update/set_error';
const spec = recordSpec(route);

export const setError: Operation = {
	value: op.operation,
	name: 'Set Error',
	action: 'Mark ERP updates as failed (needs the update ID and an error message)',
	description:
		'Tell the warehouse the ERP could not book these updates, and why; the same error twice is not an error',
	contract: { route, record: spec },
	properties: [
		sourceProperty(
			op,
			'Wire the ERP step\'s error output here: the update the item stems from, and its "error" (plus "details") as the message',
		),
		...spec.fields.map((field) => ({
			...fieldProperty(field),
			displayOptions: showFor(op, { source: ['define'] }),
		})),
		optionsCollection(bulkWriteOptions(route), showFor(op)),
	],
	async execute(session, items) {
		const { ctx } = session;
		const lineage = new TriggerLineage(ctx);
		return await writeRecords(session, route, (itemIndex) => {
			const id = lineage.requireUpdateId(itemIndex);
			if (sourceOf(ctx, itemIndex) === 'define') {
				const record = {
					id: String(id),
					message: ctx.getNodeParameter('message', itemIndex, '') as string,
					code: ctx.getNodeParameter('code', itemIndex, '') as string,
				};
				return withUpdateId(checkOrRefuse(ctx, itemIndex, spec, record), id);
			}
			const { message, code } = errorOf(items[itemIndex].json);
			if (!message) {
				const problem =
					'was not found: the input item has no "error" or "message". Wire an error output here, or set Fields to Send to Define Below';
				throw itemError(ctx.getNode(), itemIndex, 'Error Message', problem);
			}
			return withUpdateId(
				checkOrRefuse(ctx, itemIndex, spec, { id: String(id), message, code }),
				id,
			);
		});
	},
};
