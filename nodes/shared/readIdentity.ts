/**
 * How a read tells its records apart across pages, so a record a platform gives twice while
 * paging is output once: the key its records route reports, else its `id` as sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { rowKey } from './bulk/outcomes';
import type { Session } from './session';

/** How a record of this route is told apart: the key its records route reports, else its `id`. */
export function identityOf(
	session: Session,
	route: string,
): (record: IDataObject) => string | undefined {
	const records = session.platform.recordsRoute(route);
	const fields = records ? session.platform.route(records).resultKey : undefined;
	if (fields)
		return (record) =>
			fields.every((field) => record[field] === undefined || record[field] === null)
				? undefined
				: rowKey(fields, record);
	// An id as the platform sent it: 7 and "7" are two records.
	return (record) =>
		typeof record.id === 'string' || typeof record.id === 'number'
			? JSON.stringify(record.id)
			: undefined;
}
