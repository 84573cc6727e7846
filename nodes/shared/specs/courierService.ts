/** Courier services: the carriers' products the warehouse ships with. Fields from contract/openapi.yaml. */
import { filterFields, recordSpec } from '../platform';

export const courierServiceSpec = recordSpec('/courier_service/add');

export const courierServiceFilters = filterFields('/courier_service/check');
