import { getManyOperation, type Operation } from '../../shared/operations';
import { erpUpdateFilters, type ErpUpdateKindInfo } from '../../shared/specs/erpUpdate';

/** Get Many for one kind of ERP update: the same filters, its own route. */
export function getManyOf(kind: ErpUpdateKindInfo, resource: string): Operation {
	return getManyOperation({
		show: { resource, operation: 'getMany' },
		route: kind.route,
		noun: `${kind.name.toLowerCase()} update`,
		filters: erpUpdateFilters(kind),
		action: `Get many ${kind.name.toLowerCase()} updates (${kind.noun}s; optional filters: status, update IDs, order number, warehouse code, created since)`,
	});
}
