/** The courier services dropdown: active services, named with their carrier (unless the name already says it). */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { readAll } from '../paging';
import { INTERACTIVE_RETRY } from '../transport/retry';

export async function getCourierServices(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const services = await readAll.call(this, '/courier_service/check', { active: true }, { limit: 1000, retry: INTERACTIVE_RETRY });
	return services
		.map((service) => {
			const code = String(service.code ?? '');
			const name = String(service.name ?? code);
			const carrier = service.carrier && !name.startsWith(String(service.carrier)) ? `${String(service.carrier)} ` : '';
			return { name: `${carrier}${name} (${code})`, value: code };
		})
		.filter((option) => option.value !== '')
		.sort((a, b) => a.name.localeCompare(b.name));
}

export const courierDropdowns = { getCourierServices };
