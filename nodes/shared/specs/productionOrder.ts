/** Production orders: an output item made in a warehouse from component lines. Fields from contract/openapi.yaml. */
import { notBefore } from '../lines';
import { filterFields, recordSpec } from '../platform';

export const productionOrderSpec = recordSpec('/production_order/add', [notBefore('start_date', 'due_date')]);

export const productionOrderFilters = filterFields('/production_order/check');
