import { upsertOperation } from '../../../shared/operations';
import { supplierSpec } from '../../../shared/specs/supplier';

export const upsert = upsertOperation({
	show: { resource: 'supplier', operation: 'upsert' },
	route: '/supplier/add',
	spec: supplierSpec,
	action: 'Add or update suppliers (needs supplier code and name)',
});
