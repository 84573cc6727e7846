import { checkOrRefuse, itemError } from '../../../shared/checking';
import { bulkWriteOptions, optionsCollection } from '../../../shared/form/options';
import { fieldProperty, showFor } from '../../../shared/form/properties';
import { effectiveSpec, requireAll } from '../../../shared/drift';
import type { Operation } from '../../../shared/operations';
import { recordSpec } from '../../../shared/platform';
import { fromVersion } from '../../../shared/version';
import { markedStateOption, markedWordOf } from './markedState';
import { writeMarks } from './markWrite';
import {
	errorOf,
	inForm,
	markedUpdate,
	sourceOf,
	sourceProperty,
	TriggerLineage,
	UPDATE_INSTEAD,
	withUpdateId,
} from './source';

const op = { resource: 'update', operation: 'setError' };
const route = '/erp_update/set_error';
const spec = recordSpec(route);

export const setError: Operation = {
	value: op.operation,
	name: 'Set Error',
	action: 'Mark updates as failed',
	description:
		'Tell the warehouse the ERP could not book these updates, and why; the same error twice is not an error. Needs the update ID and an error message.',
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
		optionsCollection([...bulkWriteOptions(route), markedStateOption('error')], showFor(op)),
	],
	async execute(session, items) {
		const { ctx } = session;
		requireAll(session, 'Set Error', { [route]: ['items.id', 'items.message'] }, UPDATE_INSTEAD);
		const effective = effectiveSpec(session, route);
		const lineage = new TriggerLineage(ctx);
		return await writeMarks(
			session,
			route,
			{ state: 'error', chosen: markedWordOf(ctx) },
			(itemIndex) => {
				const id = lineage.requireUpdateId(itemIndex);
				if (sourceOf(ctx, itemIndex) === 'define') {
					const record = {
						id: String(id),
						message: ctx.getNodeParameter('message', itemIndex, '') as string,
						code: ctx.getNodeParameter('code', itemIndex, '') as string,
					};
					return withUpdateId(
						checkOrRefuse(ctx, itemIndex, effective, record, inForm(ctx, itemIndex)),
						id,
					);
				}
				const { message, code } = errorOf(items[itemIndex].json);
				if (!message) {
					const problem =
						'was not found: the input item has no "error" or "message". Wire an error output here, or set Fields to Send to Define Below';
					throw itemError(ctx.getNode(), itemIndex, 'Error Message', problem);
				}
				return withUpdateId(
					checkOrRefuse(
						ctx,
						itemIndex,
						effective,
						{ id: String(id), message, code },
						inForm(ctx, itemIndex),
					),
					id,
				);
			},
			fromVersion(ctx, 2) ? markedUpdate(lineage, 'error') : undefined,
		);
	},
};
