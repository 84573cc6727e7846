/**
 * Inventory records: the item itself and what is set per item (stocking factors, warehouse info,
 * dangerous goods). Fields from contract/openapi.yaml; the cross-field rule is written here.
 */
import type { RecordCheck } from '../fields';
import { filterFields, recordSpec } from '../platform';

export const inventoryItemSpec = recordSpec('/inventory/add');

export const inventoryFilters = filterFields('/inventory/check');

const minNotAboveMax: RecordCheck = (record) =>
	typeof record.min_quantity === 'number' && typeof record.max_quantity === 'number' && record.min_quantity > record.max_quantity
		? {
				field: 'min_quantity',
				problem: `must not be more than the maximum quantity (got minimum ${record.min_quantity}, maximum ${record.max_quantity})`,
			}
		: undefined;

export const stockingFactorSpec = recordSpec('/inventory_stocking_factor/add', [minNotAboveMax]);

export const warehouseInfoSpec = recordSpec('/inventory_warehouse_info/add');

export const itemDangerousGoodsSpec = recordSpec('/inventory_dangerous_goods/add');
