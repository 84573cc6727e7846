/** Suppliers. Fields from contract/openapi.yaml. */
import { filterFields, recordSpec } from '../platform';

export const supplierSpec = recordSpec('/supplier/add');

export const supplierFilters = filterFields('/supplier/check');
