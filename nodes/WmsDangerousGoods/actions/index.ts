import type { Resource } from '../../shared/router';
import { add } from './lookup/add.operation';
import { getMany } from './lookup/getMany.operation';

export const resources: Resource[] = [
	{ value: 'lookup', name: 'Lookup', operations: [add, getMany] },
];
