/** The courier services picker: active services, named with their carrier (unless the name already says it). */
import { platformList } from './locator';

const getCourierServices = platformList({
	route: '/courier_service/check',
	filter: () => ({ active: true }),
	entry: (service) => {
		const code = String(service.code ?? '');
		const name = String(service.name ?? code);
		const carrier =
			service.carrier && !name.startsWith(String(service.carrier))
				? `${String(service.carrier)} `
				: '';
		return { name: `${carrier}${name} (${code})`, value: code };
	},
});

export const courierLocators = { getCourierServices };
