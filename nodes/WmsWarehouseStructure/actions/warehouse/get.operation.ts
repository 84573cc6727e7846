/**
 * Warehouse: Get — one warehouse with the structure below it (areas → zones → bins), as one
 * nested item or flattened to one item per bin (what a spreadsheet or a label printer wants).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { itemError } from '../../../shared/errors';
import { failedItem, type Operation } from '../../../shared/operations';
import { optionsCollection, retryPolicy } from '../../../shared/options';
import { readAll } from '../../../shared/paging';
import { fieldProperty, showFor } from '../../../shared/properties';
import { checkRecord } from '../../../shared/record';
import { warehouseGetFilters, warehouseParent } from '../../../shared/specs/warehouse';

const show = { resource: 'warehouse', operation: 'get' };
const route = '/warehouse/check';
const lookup = { noun: 'warehouse', fields: warehouseGetFilters };

/** One row per bin, carrying its zone, area and warehouse. */
function binsOf(warehouse: IDataObject): IDataObject[] {
	const rows: IDataObject[] = [];
	for (const area of (warehouse.areas as IDataObject[] | undefined) ?? []) {
		for (const zone of (area.zones as IDataObject[] | undefined) ?? []) {
			for (const bin of (zone.bins as IDataObject[] | undefined) ?? []) {
				rows.push({
					warehouse_code: warehouse.code,
					area_code: area.area_code,
					area_name: area.name,
					area_type: area.area_type,
					zone_code: zone.zone_code,
					zone_name: zone.name,
					temperature_controlled: zone.temperature_controlled,
					...bin,
				});
			}
		}
	}
	return rows;
}

export const get: Operation = {
	value: show.operation,
	name: 'Get',
	action: 'Get a warehouse with its areas, zones and bins (needs the warehouse)',
	description: 'Get a warehouse with its areas, zones and bins',
	contract: { route, filters: warehouseGetFilters },
	properties: [
		{ ...fieldProperty(warehouseParent), displayOptions: showFor(show) },
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			noDataExpression: true,
			displayOptions: showFor(show),
			options: [
				{ name: 'One Item per Bin', value: 'bins', description: 'Each bin with its zone and area, e.g. to print labels or fill a sheet' },
				{ name: 'Warehouse With Its Structure', value: 'warehouse', description: 'One item: the warehouse, its areas, their zones and their bins' },
			],
			default: 'warehouse',
		},
		optionsCollection([], showFor(show)),
	],
	async execute(items) {
		const out: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			try {
				const code = this.getNodeParameter('warehouseCode', itemIndex, '') as string;
				if (!code) throw itemError(this.getNode(), itemIndex, 'warehouse_code', 'is required but missing or empty');
				const filter = checkRecord(this, lookup, itemIndex, { code, include_structure: true }, 'error');
				const [warehouse] = await readAll.call(this, route, filter, { limit: 1, itemIndex, retry: retryPolicy(this, itemIndex) });
				if (!warehouse) {
					throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: warehouse "${code}" does not exist on the platform`, {
						itemIndex,
						description: 'Pick the warehouse from the list, or check the code the expression gives',
					});
				}
				const rows = this.getNodeParameter('output', itemIndex, 'warehouse') === 'bins' ? binsOf(warehouse) : [warehouse];
				out.push(...rows.map((json) => ({ json, pairedItem: { item: itemIndex } })));
			} catch (error) {
				out.push(failedItem(this, error, itemIndex));
			}
		}
		return out;
	},
};
