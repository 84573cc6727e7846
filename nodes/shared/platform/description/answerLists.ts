/**
 * The lists of objects an action's answer carries, each with its entries' field names (a
 * comparison's compared items, its adjustments): a node that reads such an answer finds the list
 * and its fields by what the description names them, not by the built-in description's names.
 */
import type { Wire } from '../types';
import { isObject, own, type Resolver } from './refs';

export function answerLists(resolver: Resolver, answer: unknown, at: string): Wire {
	const properties = own(resolver.resolve(answer, at), 'properties');
	if (!isObject(properties)) return {};
	const lists: Record<string, string[]> = {};
	for (const [name, raw] of Object.entries(properties)) {
		const schema = resolver.resolve(raw, at);
		if (own(schema, 'type') !== 'array') continue;
		const entries = own(resolver.resolve(own(schema, 'items'), at), 'properties');
		if (isObject(entries)) lists[name] = Object.keys(entries);
	}
	return Object.keys(lists).length > 0 ? { lists } : {};
}
