import type { Resource } from '../../shared/router';
import { getMany } from './courierService/getMany.operation';
import { upsert } from './courierService/upsert.operation';

export const resources: Resource[] = [
	{ value: 'courierService', name: 'Courier Service', operations: [upsert, getMany] },
];
