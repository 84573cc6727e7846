/**
 * Warehouse: Get — one warehouse with the structure below it (areas → zones → bins), as one
 * nested item or flattened to one item per bin (what a spreadsheet or a label printer wants).
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputItems } from '../../../shared/counting';
import { checkOrRefuse, itemError } from '../../../shared/checking';
import { optionsCollection, retryPolicy } from '../../../shared/form/options';
import { fieldProperty, showFor } from '../../../shared/form/properties';
import { inFormWords } from '../../../shared/form/words';
import type { Operation } from '../../../shared/operations';
import { Output } from '../../../shared/output';
import { effectiveFilter } from '../../../shared/drift';
import { readAll } from '../../../shared/paging';
import { filterFields, recordField } from '../../../shared/platform';

const op = { resource: 'warehouse', operation: 'get' };
const route = '/warehouse/check';
/** What Warehouse: Get sends: one warehouse, with or without the structure below it. */
const lookup = { fields: filterFields(route) };
/** The warehouse, picked from the platform's list. */
const warehouse = recordField('/bin/add', 'warehouse_code');

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
	value: op.operation,
	name: 'Get',
	action: 'Get a warehouse layout',
	description:
		'Get a warehouse with its areas, zones and bins, as one item or one item per bin. Needs the warehouse.',
	contract: { route, filters: lookup.fields },
	properties: [
		{ ...fieldProperty(warehouse), displayOptions: showFor(op) },
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			noDataExpression: true,
			displayOptions: showFor(op),
			options: [
				{
					name: 'One Item per Bin',
					value: 'bins',
					description: 'Each bin with its zone and area, e.g. to print labels or fill a sheet',
				},
				{
					name: 'Warehouse With Its Structure',
					value: 'warehouse',
					description: 'One item: the warehouse, its areas, their zones and their bins',
				},
			],
			default: 'warehouse',
		},
		optionsCollection([], showFor(op)),
	],
	async execute(session, items) {
		const { ctx } = session;
		const output = new Output(session);
		await output.eachItem(items.length, async (itemIndex) => {
			const code = ctx.getNodeParameter('warehouseCode', itemIndex, '', {
				extractValue: true,
			}) as string;
			if (!code)
				throw itemError(
					ctx.getNode(),
					itemIndex,
					'warehouse_code',
					'is required but missing or empty',
					warehouse.label,
				);
			const filter = effectiveFilter(
				session,
				route,
				checkOrRefuse(
					ctx,
					itemIndex,
					lookup,
					{ code, include_structure: true },
					{ label: inFormWords(lookup.fields) },
				),
				lookup.fields,
			);
			const [found] = await readAll(session, route, filter, {
				limit: 1,
				itemIndex,
				retry: retryPolicy(ctx, itemIndex),
			});
			if (!found) {
				throw new NodeOperationError(
					ctx.getNode(),
					`${InputItems([itemIndex])}: warehouse "${code}" does not exist on the platform`,
					{
						itemIndex,
						description: 'Pick the warehouse from the list, or check the code the expression gives',
					},
				);
			}
			return ctx.getNodeParameter('output', itemIndex, 'warehouse') === 'bins'
				? binsOf(found)
				: found;
		});
		return output.items();
	},
};
