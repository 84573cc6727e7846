/**
 * Dropdowns of the ERP's partners on the platform — customers, their supply locations and
 * suppliers. Only active records are offered: those are the ones new orders may use.
 */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { chosenParameter, recordOptions } from './list';
import { readAll } from '../paging';
import { INTERACTIVE_RETRY } from '../transport/retry';

export async function getCustomers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await recordOptions.call(this, '/customer/check', 'code', 'name', { active: true });
}

/** Locations of the chosen customer; with none chosen (or an expression), every customer's, named with it. */
export async function getSupplyLocations(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const customer = chosenParameter(this, 'customerCode');
	const filter = customer ? { active: true, customer_code: customer } : { active: true };
	const locations = await readAll.call(this, '/supply_location/check', filter, { limit: 1000, retry: INTERACTIVE_RETRY });
	const seen = new Set<string>();
	return locations
		.map((location) => {
			const code = String(location.location_code ?? '');
			const owner = customer ? '' : `${String(location.customer_code)} › `;
			return { name: `${owner}${String(location.name ?? code)} (${code})`, value: code };
		})
		// Across customers a location code can repeat; it means something only with its customer.
		.filter((option) => option.value !== '' && !seen.has(option.value) && seen.add(option.value))
		.sort((a, b) => a.name.localeCompare(b.name));
}

export async function getSuppliers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await recordOptions.call(this, '/supplier/check', 'code', 'name', { active: true });
}

export const partnerDropdowns = { getCustomers, getSupplyLocations, getSuppliers };
