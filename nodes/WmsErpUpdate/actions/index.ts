import type { Resource } from '../../shared/router';
import { ERP_UPDATE_KINDS } from '../../shared/erpUpdateKinds';
import { getManyOf } from './getMany.operation';
import { setComplete } from './update/setComplete.operation';
import { setError } from './update/setError.operation';

const RESOURCE_OF = {
	outgoing_consignment: 'outgoingConsignment',
	incoming_consignment: 'incomingConsignment',
	move_attempt: 'moveAttempt',
};

export const resources: Resource[] = [
	{ value: 'update', name: 'ERP Update', operations: [setComplete, setError] },
	...ERP_UPDATE_KINDS.map((kind) => ({
		value: RESOURCE_OF[kind.value],
		name: kind.name,
		operations: [getManyOf(kind, RESOURCE_OF[kind.value])],
	})),
];
