import type { IDataObject } from 'n8n-workflow';

import { checkOrRefuse } from '../../../shared/checking';
import { bulkWriteOptions, optionsCollection } from '../../../shared/form/options';
import { fieldProperty, showFor } from '../../../shared/form/properties';
import { effectiveSpec, requireAll } from '../../../shared/drift';
import type { Operation } from '../../../shared/operations';
import { recordSpec } from '../../../shared/platform';
import { fromVersion } from '../../../shared/version';
import { markedStateOption, markedWordOf } from './markedState';
import { writeMarks } from './markWrite';
import {
	inForm,
	markedUpdate,
	sourceOf,
	sourceProperty,
	TriggerLineage,
	UPDATE_INSTEAD,
	withUpdateId,
} from './source';

const op = { resource: 'update', operation: 'setComplete' };
const route = '/erp_update/set_complete';
const spec = recordSpec(route);
const [idField, erpReferenceField] = spec.fields;

export const setComplete: Operation = {
	value: op.operation,
	name: 'Set Complete',
	action: 'Mark updates as complete',
	description:
		'Tell the warehouse the ERP has booked these updates; completing one twice is not an error. Needs the update ID; an ERP reference is optional.',
	contract: { route, record: spec },
	properties: [
		sourceProperty(
			op,
			'The update each input item stems from: the trigger\'s item as is, or any later item n8n links back to it; else the item\'s "id" field',
		),
		{ ...fieldProperty(idField), displayOptions: showFor(op, { source: ['define'] }) },
		{ ...fieldProperty(erpReferenceField), required: false, displayOptions: showFor(op) },
		optionsCollection([...bulkWriteOptions(route), markedStateOption('complete')], showFor(op)),
	],
	async execute(session, items) {
		const { ctx } = session;
		requireAll(session, 'Set Complete', { [route]: ['items.id'] }, UPDATE_INSTEAD);
		const effective = effectiveSpec(session, route);
		const lineage = new TriggerLineage(ctx);
		return await writeMarks(
			session,
			route,
			{ state: 'complete', chosen: markedWordOf(ctx) },
			(itemIndex) => {
				const id = lineage.requireUpdateId(itemIndex);
				const record: IDataObject = { id: String(id) };
				const reference = String(ctx.getNodeParameter('erpReference', itemIndex, '') ?? '').trim();
				const fromItem =
					sourceOf(ctx, itemIndex) === 'inputItem'
						? items[itemIndex].json.erp_reference
						: undefined;
				if (reference || fromItem) record.erp_reference = reference || fromItem;
				return withUpdateId(
					checkOrRefuse(ctx, itemIndex, effective, record, inForm(ctx, itemIndex)),
					id,
				);
			},
			fromVersion(ctx, 2) ? markedUpdate(lineage, 'complete') : undefined,
		);
	},
};
