import type { Resource } from '../../shared/router';
import { compare } from './description/compare.operation';
import { callRoute } from './route/callRoute.operation';

export const resources: Resource[] = [
	{ value: 'route', name: 'Route', operations: [callRoute] },
	{ value: 'description', name: 'Description', operations: [compare] },
];
