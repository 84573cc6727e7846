import type { Resource } from '../../shared/router';
import { getMany as getManyCustomers } from './customer/getMany.operation';
import { upsert as upsertCustomer } from './customer/upsert.operation';
import { getMany as getManySupplyLocations } from './supplyLocation/getMany.operation';
import { upsert as upsertSupplyLocation } from './supplyLocation/upsert.operation';

export const resources: Resource[] = [
	{ value: 'customer', name: 'Customer', operations: [upsertCustomer, getManyCustomers] },
	{
		value: 'supplyLocation',
		name: 'Supply Location',
		operations: [upsertSupplyLocation, getManySupplyLocations],
	},
];
