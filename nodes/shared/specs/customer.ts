/** Customers and their supply (delivery) locations. Fields from contract/openapi.yaml. */
import { filterFields, recordSpec } from '../platform';

export const customerSpec = recordSpec('/customer/add');

export const customerFilters = filterFields('/customer/check');

export const supplyLocationSpec = recordSpec('/supply_location/add');

export const supplyLocationFilters = filterFields('/supply_location/check');
