/**
 * Pickers of the warehouse structure — warehouses, areas, zones, bins — for every node that picks
 * one, as "From List" methods of resource locators (see locator.ts). Warehouses and bins are
 * searched on the platform (a warehouse may hold thousands of bins); areas and zones, a few per
 * warehouse, come from /warehouse/check with include_structure. Each list is narrowed to the
 * warehouse (and area or zone) already chosen in the form.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { readAll } from '../paging';
import type { Session } from '../session';
import { chosenParameter } from './list';
import { localList, platformList } from './locator';

interface ZoneNode extends IDataObject {
	zone_code: string;
	name?: string;
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

async function structure(
	session: Session<ILoadOptionsFunctions>,
): Promise<{ warehouses: WarehouseNode[]; across: boolean }> {
	const code = chosenParameter(session.ctx, 'warehouseCode');
	const filter: IDataObject = { include_structure: true };
	if (code) filter.code = code;
	const warehouses = (await readAll(session, '/warehouse/check', filter)) as WarehouseNode[];
	return { warehouses, across: !code };
}

const label = (name: unknown, code: string) =>
	typeof name === 'string' && name !== '' && name !== code ? `${name} (${code})` : code;

/** Sorted by name, one entry per code (the first one found wins when listing across warehouses). */
function options(entries: INodePropertyOptions[]): INodePropertyOptions[] {
	const seen = new Set<string>();
	return entries
		.filter(
			(entry) =>
				entry.value !== '' && !seen.has(String(entry.value)) && seen.add(String(entry.value)),
		)
		.sort((a, b) => a.name.localeCompare(b.name));
}

const getWarehouses = platformList({
	route: '/warehouse/check',
	filter: () => ({ include_structure: false }),
	entry: (warehouse) => ({
		name: label(warehouse.name, String(warehouse.code ?? '')),
		value: String(warehouse.code ?? ''),
	}),
});

/** Areas of the chosen warehouse; with none chosen, of every warehouse (named with theirs). */
const getAreas = localList(async (session) => {
	const { warehouses, across } = await structure(session);
	return options(
		warehouses.flatMap((warehouse) =>
			(warehouse.areas ?? []).map((area) => ({
				name: `${across ? `${warehouse.code} › ` : ''}${label(area.name, area.area_code)}`,
				value: area.area_code,
			})),
		),
	);
});

/** Zones of the chosen warehouse, narrowed to the chosen area when the form has one. */
const getZones = localList(async (session) => {
	const { warehouses, across } = await structure(session);
	const areaCode = chosenParameter(session.ctx, 'areaCode');
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
});

/** Bins of the chosen warehouse (and zone), searched and paged on the platform. */
const getBins = platformList({
	route: '/bin/check',
	filter: (ctx) => {
		const filter: IDataObject = {};
		const warehouse = chosenParameter(ctx, 'warehouseCode');
		const zone = chosenParameter(ctx, 'zoneCode');
		if (warehouse) filter.warehouse_code = warehouse;
		if (zone) filter.zone_code = zone;
		return filter;
	},
	entry: (bin, filter) => {
		const where = filter.warehouse_code ? '' : `${String(bin.warehouse_code)} › `;
		const type = bin.bin_type ? `, ${String(bin.bin_type)}` : '';
		return {
			name: `${where}${String(bin.bin_code)} (${String(bin.zone_code)}${type})`,
			value: String(bin.bin_code ?? ''),
		};
	},
});

/** Every structure picker, to spread into a node's methods.listSearch. */
export const warehouseLocators = { getWarehouses, getAreas, getZones, getBins };
