import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { listSession } from '../../shared/dropdowns/locator';
import { loadMapperFields } from '../../shared/form/mapper';
import { mapperRecord, ROUTE, routePath } from '../actions/route/routes';

/**
 * The chosen route's fields as the credential's description has them: a bulk route's record
 * (its key as the column to match on), a read's filters, any other route's request fields. Why
 * there are none is said in the mapper's own notice.
 */
export async function routeFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const path = routePath(this.getNodeParameter(ROUTE, undefined, { extractValue: true }));
	if (path === '')
		return { fields: [], emptyFieldsNotice: 'Choose a route to see the fields it takes' };
	return await loadMapperFields(this, async () =>
		mapperRecord((await listSession(this)).platform, path),
	);
}
