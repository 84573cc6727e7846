import type { Resource } from '../../shared/router';
import { add } from './productionOrder/add.operation';
import { getStatus } from './productionOrder/getStatus.operation';

export const resources: Resource[] = [
	{ value: 'productionOrder', name: 'Production Order', operations: [add, getStatus] },
];
