import type { IDataObject } from 'n8n-workflow';

import { bulkWrite } from '../../../shared/bulk';
import { gatherRows, outcomesToItems, type Operation } from '../../../shared/operations';
import { batchSizeOption, optionsCollection, retryPolicy } from '../../../shared/options';
import { fieldProperty, showFor } from '../../../shared/properties';
import { routeInfo } from '../../../shared/platform';
import { setCompleteSpec } from '../../../shared/specs/erpUpdate';
import { triggerAncestors } from './fromInput';
import { checkedRow, requireUpdateId, sourceOf, sourceProperty } from './source';

const show = { resource: 'update', operation: 'setComplete' };
const route = '/erp_update/set_complete';
const max = routeInfo(route).maxItems ?? 1000;
const [idField, erpReferenceField] = setCompleteSpec.fields;

export const setComplete: Operation = {
	value: 'setComplete',
	name: 'Set Complete',
	action: 'Mark ERP updates as complete (needs the update ID; an ERP reference is optional)',
	description: 'Tell the warehouse the ERP has booked these updates; completing one twice is not an error',
	contract: { route, record: setCompleteSpec },
	properties: [
		sourceProperty(
			show,
			'The update each input item stems from: the trigger\'s item as is, or any later item n8n links back to it; else the item\'s "id" field',
		),
		{ ...fieldProperty(idField), displayOptions: showFor(show, { source: ['define'] }) },
		{ ...fieldProperty(erpReferenceField), required: false, displayOptions: showFor(show) },
		optionsCollection([batchSizeOption(max)], showFor(show)),
	],
	async execute(items) {
		const triggers = triggerAncestors(this);
		const { rows, failed } = gatherRows(this, items, (itemIndex) => {
			const raw: IDataObject = { id: requireUpdateId(this, itemIndex, triggers) };
			const reference = String(this.getNodeParameter('erpReference', itemIndex, '') ?? '').trim();
			const fromItem = sourceOf(this, itemIndex) === 'inputItem' ? items[itemIndex].json.erp_reference : undefined;
			if (reference || fromItem) raw.erp_reference = reference || fromItem;
			return checkedRow(this, setCompleteSpec, itemIndex, raw);
		});
		const outcomes = await bulkWrite.call(this, route, rows, {
			batchSize: this.getNodeParameter('options.batchSize', 0, max) as number,
			retry: retryPolicy(this),
		});
		return outcomesToItems(this, outcomes, failed);
	},
};
