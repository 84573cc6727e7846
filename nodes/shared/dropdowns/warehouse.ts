/**
 * Dropdowns of the warehouse structure — warehouses, areas, zones, bins — for every node that
 * picks one. Areas, zones and bins come from /warehouse/check with include_structure, narrowed
 * to the warehouse (and area or zone) already chosen in the form: the parent parameters are
 * listed in loadOptionsDependsOn so n8n reloads the list when they change.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { chosenParameter, recordOptions } from './list';
import { readAll } from '../paging';
import { INTERACTIVE_RETRY } from '../transport/retry';

const ROUTE = '/warehouse/check';

interface ZoneNode extends IDataObject {
	zone_code: string;
	name?: string;
	bins?: Array<{ bin_code: string; bin_type?: string }>;
}

interface AreaNode extends IDataObject {
	area_code: string;
	name?: string;
	zones?: ZoneNode[];
}

interface WarehouseNode extends IDataObject {
	code: string;
	name?: string;
	areas?: AreaNode[];
}

async function structure(ctx: ILoadOptionsFunctions): Promise<{ warehouses: WarehouseNode[]; across: boolean }> {
	const code = chosenParameter(ctx, 'warehouseCode');
	const filter: IDataObject = { include_structure: true };
	if (code) filter.code = code;
	const warehouses = (await readAll.call(ctx, ROUTE, filter, { retry: INTERACTIVE_RETRY })) as WarehouseNode[];
	return { warehouses, across: !code };
}

const label = (name: string | undefined, code: string) => (name && name !== code ? `${name} (${code})` : code);

/** Sorted by name, one entry per code (the first one found wins when listing across warehouses). */
function options(entries: INodePropertyOptions[]): INodePropertyOptions[] {
	const seen = new Set<string>();
	return entries
		.filter((entry) => entry.value !== '' && !seen.has(String(entry.value)) && seen.add(String(entry.value)))
		.sort((a, b) => a.name.localeCompare(b.name));
}

export async function getWarehouses(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await recordOptions.call(this, ROUTE, 'code', 'name', { include_structure: false });
}

/** Areas of the chosen warehouse; with none chosen, of every warehouse (named with theirs). */
export async function getAreas(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { warehouses, across } = await structure(this);
	return options(
		warehouses.flatMap((warehouse) =>
			(warehouse.areas ?? []).map((area) => ({
				name: `${across ? `${warehouse.code} › ` : ''}${label(area.name, area.area_code)}`,
				value: area.area_code,
			})),
		),
	);
}

/** Zones of the chosen warehouse, narrowed to the chosen area when the form has one. */
export async function getZones(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { warehouses, across } = await structure(this);
	const areaCode = chosenParameter(this, 'areaCode');
	return options(
		warehouses.flatMap((warehouse) =>
			(warehouse.areas ?? [])
				.filter((area) => !areaCode || area.area_code === areaCode)
				.flatMap((area) =>
					(area.zones ?? []).map((zone) => ({
						name: `${across ? `${warehouse.code} › ` : ''}${area.name ?? area.area_code} › ${label(zone.name, zone.zone_code)}`,
						value: zone.zone_code,
					})),
				),
		),
	);
}

/** Bins of the chosen warehouse, narrowed to the chosen zone when the form has one. */
export async function getBins(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { warehouses, across } = await structure(this);
	const zoneCode = chosenParameter(this, 'zoneCode');
	return options(
		warehouses.flatMap((warehouse) =>
			(warehouse.areas ?? []).flatMap((area) =>
				(area.zones ?? [])
					.filter((zone) => !zoneCode || zone.zone_code === zoneCode)
					.flatMap((zone) =>
						(zone.bins ?? []).map((bin) => ({
							name: `${across ? `${warehouse.code} › ` : ''}${bin.bin_code} (${zone.zone_code}${bin.bin_type ? `, ${bin.bin_type}` : ''})`,
							value: bin.bin_code,
						})),
					),
			),
		),
	);
}

/** Every structure dropdown, to spread into a node's methods.loadOptions. */
export const warehouseDropdowns = { getWarehouses, getAreas, getZones, getBins };
