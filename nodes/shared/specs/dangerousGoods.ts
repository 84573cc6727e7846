/** Dangerous goods lookups: UN numbers with their class, packing group and quantity limits. Fields from contract/openapi.yaml. */
import { filterFields, recordSpec } from '../platform';

export const dangerousGoodsLookupSpec = recordSpec('/dangerous_goods_lookup/add');

export const dangerousGoodsFilters = filterFields('/dangerous_goods_lookup/check');
