/** Dropdowns filled from the platform's own records (warehouses, customers, suppliers...). */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { readAll } from '../paging';
import type { RoutePath } from '../platform';
import { INTERACTIVE_RETRY } from '../transport/retry';

/** Lists up to `max` records of a read route as dropdown options: "Name (CODE)" → CODE. */
export async function recordOptions(
	this: ILoadOptionsFunctions,
	route: RoutePath,
	valueField: string,
	nameField: string,
	filter: IDataObject = {},
	max = 1000,
): Promise<INodePropertyOptions[]> {
	const records = await readAll.call(this, route, filter, { limit: max, retry: INTERACTIVE_RETRY });
	return records
		.map((record) => {
			const value = String(record[valueField] ?? '');
			const name = record[nameField] ? `${String(record[nameField])} (${value})` : value;
			return { name, value };
		})
		.filter((option) => option.value !== '')
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A parent chosen in the same form — at the top, under Additional Fields or under Filters — as
 * the editor has it now; undefined when none is chosen or it is an expression that needs input
 * data to resolve (then the dropdown lists every parent's records).
 */
export function chosenParameter(ctx: ILoadOptionsFunctions, parameter: string): string | undefined {
	for (const path of [parameter, `additionalFields.${parameter}`, `filters.${parameter}`]) {
		let value: unknown;
		try {
			value = ctx.getCurrentNodeParameter(path) ?? ctx.getNodeParameter(path, '');
		} catch {
			continue;
		}
		if (typeof value === 'string' && value.trim() !== '' && !value.startsWith('=')) return value.trim();
	}
	return undefined;
}
