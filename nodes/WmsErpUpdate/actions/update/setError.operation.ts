import type { IDataObject } from 'n8n-workflow';

import { bulkWrite } from '../../../shared/bulk';
import { itemError } from '../../../shared/errors';
import { gatherRows, outcomesToItems, type Operation } from '../../../shared/operations';
import { batchSizeOption, optionsCollection, retryPolicy } from '../../../shared/options';
import { fieldProperty, showFor } from '../../../shared/properties';
import { routeInfo } from '../../../shared/platform';
import { setErrorSpec } from '../../../shared/specs/erpUpdate';
import { errorOf, triggerAncestors } from './fromInput';
import { checkedRow, requireUpdateId, sourceOf, sourceProperty } from './source';

const show = { resource: 'update', operation: 'setError' };
const route = '/erp_update/set_error';
const max = routeInfo(route).maxItems ?? 1000;
const inForm = showFor(show, { source: ['define'] });

export const setError: Operation = {
	value: 'setError',
	name: 'Set Error',
	action: 'Mark ERP updates as failed (needs the update ID and an error message)',
	description: 'Tell the warehouse the ERP could not book these updates, and why; the same error twice is not an error',
	contract: { route, record: setErrorSpec },
	properties: [
		sourceProperty(
			show,
			'Wire the ERP step\'s error output here: the update the item stems from, and its "error" (plus "details") as the message',
		),
		...setErrorSpec.fields.map((field) => ({ ...fieldProperty(field), displayOptions: inForm })),
		optionsCollection([batchSizeOption(max)], showFor(show)),
	],
	async execute(items) {
		const triggers = triggerAncestors(this);
		const { rows, failed } = gatherRows(this, items, (itemIndex) => {
			const id = requireUpdateId(this, itemIndex, triggers);
			let raw: IDataObject;
			if (sourceOf(this, itemIndex) === 'define') {
				raw = { id, message: this.getNodeParameter('message', itemIndex, ''), code: this.getNodeParameter('code', itemIndex, '') };
			} else {
				const { message, code } = errorOf(items[itemIndex].json);
				if (!message) {
					throw itemError(
						this.getNode(),
						itemIndex,
						'Error Message',
						'was not found: the input item has no "error" or "message". Wire an error output here, or set Take From to Define Below',
					);
				}
				raw = { id, message, code };
			}
			return checkedRow(this, setErrorSpec, itemIndex, raw);
		});
		const outcomes = await bulkWrite.call(this, route, rows, {
			batchSize: this.getNodeParameter('options.batchSize', 0, max) as number,
			retry: retryPolicy(this),
		});
		return outcomesToItems(this, outcomes, failed);
	},
};
