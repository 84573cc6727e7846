/**
 * Pickers of the ERP's partners on the platform — customers, their supply locations and
 * suppliers — searched on the platform (see locator.ts). Only active records are offered: those
 * are the ones new orders may use.
 */
import type { IDataObject } from 'n8n-workflow';

import { chosenParameter } from './list';
import { platformList } from './locator';

const named = (record: IDataObject, codeField: string) => {
	const code = String(record[codeField] ?? '');
	return { name: record.name ? `${String(record.name)} (${code})` : code, value: code };
};

const getCustomers = platformList({
	route: '/customer/check',
	filter: () => ({ active: true }),
	entry: (customer) => named(customer, 'code'),
});

/** Locations of the chosen customer; with none chosen (or an expression), every customer's, named with it. */
const getSupplyLocations = platformList({
	route: '/supply_location/check',
	filter: (ctx) => {
		const customer = chosenParameter(ctx, 'customerCode');
		return customer ? { active: true, customer_code: customer } : { active: true };
	},
	entry: (location, filter) => {
		const { name, value } = named(location, 'location_code');
		return {
			name: filter.customer_code ? name : `${String(location.customer_code)} › ${name}`,
			value,
		};
	},
});

const getSuppliers = platformList({
	route: '/supplier/check',
	filter: () => ({ active: true }),
	entry: (supplier) => named(supplier, 'code'),
});

export const partnerLocators = { getCustomers, getSupplyLocations, getSuppliers };
