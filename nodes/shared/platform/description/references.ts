/**
 * x-references: which record fields of a bulk route name other records the platform must have
 * (an order's customer, its lines' items), and which route writes those records. OpenAPI has no
 * word for it; Check Only looks them up by it. A field maps to that route, or, where those records'
 * key has several fields, to `{records, key}` with the record fields giving each part:
 *
 *   x-references:
 *     customer_code: /customer/add
 *     supply_location_code: {records: /supply_location/add, key: [customer_code, supply_location_code]}
 *     lines.sku: /inventory/add
 */
import type { Reference } from '../types';
import { isObject } from './refs';

/** The route's references as declared, in the declaration's order; entries that say nothing usable are left out (told in `bad`). */
export function referencesOf(
	value: unknown,
	bad: (field: string) => void,
): Reference[] | undefined {
	if (!isObject(value)) return undefined;
	const references: Reference[] = [];
	for (const [field, target] of Object.entries(value)) {
		if (typeof target === 'string' && target.startsWith('/')) {
			references.push({ field, records: target });
			continue;
		}
		const records = isObject(target) ? target.records : undefined;
		const key = isObject(target) ? target.key : undefined;
		if (
			typeof records === 'string' &&
			records.startsWith('/') &&
			Array.isArray(key) &&
			key.length > 0 &&
			key.every((part) => typeof part === 'string')
		)
			references.push({ field, records, key: key as string[] });
		else bad(field);
	}
	return references.length ? references : undefined;
}
