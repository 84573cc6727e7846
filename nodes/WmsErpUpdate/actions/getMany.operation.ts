import type { ErpUpdateKindInfo } from '../../shared/erpUpdateKinds';
import { getManyOperation } from '../../shared/getMany';
import type { Operation } from '../../shared/operations';
import { erpUpdateFilter } from './platformFilter';

/** Get Many for one kind of ERP update: the same filters, its own route. */
export function getManyOf(kind: ErpUpdateKindInfo, resource: string): Operation {
	return getManyOperation({
		resource,
		operation: 'getMany',
		route: kind.route,
		// The noun names the run's highlighted data entry: it stays the platform's word.
		noun: `${kind.platformName.toLowerCase()} update`,
		action: `Get many ${kind.many}`,
		description: `Get ${kind.noun}s the warehouse reports to the ERP (pending unless a status is given)`,
		platformFilter: erpUpdateFilter(kind.route),
	});
}
