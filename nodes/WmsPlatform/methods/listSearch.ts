import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { listSession } from '../../shared/dropdowns/locator';
import { listedRoutes } from '../actions/route/routes';

/**
 * Every route of the credential's description, those no other node covers first, each with what
 * it does (the editor shows only an entry's name); searched by path and words.
 */
export async function routeSearch(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { platform } = await listSession(this);
	const wanted = filter?.trim().toLowerCase() ?? '';
	const results = listedRoutes(platform)
		.map((route) => ({
			name: `${route.shown} — ${route.words}${route.named ? ' (a node covers it too)' : ''}`,
			value: route.path,
		}))
		.filter((entry) => wanted === '' || entry.name.toLowerCase().includes(wanted));
	return { results };
}
