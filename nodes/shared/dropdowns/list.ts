/** What the form holds now, for pickers narrowed to a parent (a warehouse's bins, a customer's locations). */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { locatorValue } from './locator';

/**
 * A parent chosen in the same form — at the top, under Additional Fields or under Filters — as
 * the editor has it now (a code, or a resource locator's); undefined when none is chosen or it is
 * an expression that needs input data to resolve (then the list shows every parent's records).
 */
export function chosenParameter(ctx: ILoadOptionsFunctions, parameter: string): string | undefined {
	for (const path of [parameter, `additionalFields.${parameter}`, `filters.${parameter}`]) {
		let value: unknown;
		try {
			value = locatorValue(ctx.getCurrentNodeParameter(path) ?? ctx.getNodeParameter(path, ''));
		} catch {
			continue;
		}
		if (typeof value === 'string' && value.trim() !== '' && !value.startsWith('='))
			return value.trim();
	}
	return undefined;
}
