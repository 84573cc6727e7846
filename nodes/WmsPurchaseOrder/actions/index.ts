import type { Resource } from '../../shared/router';
import { add } from './purchaseOrder/add.operation';
import { getStatus } from './purchaseOrder/getStatus.operation';

export const resources: Resource[] = [
	{ value: 'purchaseOrder', name: 'Purchase Order', operations: [add, getStatus] },
];
