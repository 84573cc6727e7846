import type { Resource } from '../../shared/router';
import { add } from './salesOrder/add.operation';
import { getStatus } from './salesOrder/getStatus.operation';

export const resources: Resource[] = [
	{ value: 'salesOrder', name: 'Sales Order', operations: [add, getStatus] },
];
