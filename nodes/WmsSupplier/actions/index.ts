import type { Resource } from '../../shared/router';
import { getMany } from './supplier/getMany.operation';
import { upsert } from './supplier/upsert.operation';

export const resources: Resource[] = [
	{ value: 'supplier', name: 'Supplier', operations: [upsert, getMany] },
];
