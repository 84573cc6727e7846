/** The "Take From" switch Set Complete and Set Error share, and the rows both build from it. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemError } from '../../../shared/errors';
import type { RecordSpec } from '../../../shared/fields';
import { checkRecord } from '../../../shared/record';
import { showFor, type Show } from '../../../shared/properties';
import { updateIdOf } from './fromInput';

export type Source = 'inputItem' | 'define';

export function sourceProperty(show: Show, inputDescription: string): INodeProperties {
	return {
		displayName: 'Take From',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		displayOptions: showFor(show),
		options: [
			{ name: 'Input Item', value: 'inputItem', description: inputDescription },
			{ name: 'Define Below', value: 'define', description: 'Fill in the fields in this form (expressions welcome)' },
		],
		default: 'inputItem',
	};
}

export function sourceOf(ctx: IExecuteFunctions, itemIndex: number): Source {
	return ctx.getNodeParameter('source', itemIndex, 'inputItem') as Source;
}

/** The update ID of one item, from the form or from the item; an item error naming what to do when there is none. */
export function requireUpdateId(ctx: IExecuteFunctions, itemIndex: number, triggers: string[]): string {
	const source = sourceOf(ctx, itemIndex);
	const id = source === 'define' ? String(ctx.getNodeParameter('id', itemIndex, '') ?? '').trim() : updateIdOf(ctx, itemIndex, triggers);
	if (!id) {
		const problem =
			source === 'define'
				? 'is empty'
				: 'was not found: the input item has no "id" and does not stem from a WMS ERP Update Trigger item. Set Take From to Define Below and map the ID';
		throw itemError(ctx.getNode(), itemIndex, 'Update ID', problem);
	}
	return id;
}

/** Checks the row against its spec so the item error names the field before anything is sent. */
export function checkedRow(ctx: IExecuteFunctions, spec: RecordSpec, itemIndex: number, raw: IDataObject): IDataObject {
	return checkRecord(ctx, spec, itemIndex, raw, 'error');
}
