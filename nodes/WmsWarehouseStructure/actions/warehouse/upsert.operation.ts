import { upsertOperation } from '../../../shared/operations';
import { warehouseSpec } from '../../../shared/specs/warehouse';

export const upsert = upsertOperation({
	show: { resource: 'warehouse', operation: 'upsert' },
	route: '/warehouse/add',
	spec: warehouseSpec,
	action: 'Add or update warehouses (needs warehouse code and name)',
});
