/** What the editor asks the node for: the route list, the chosen route's fields for the mapper, and the credential's test. */
import { credentialTest } from '../../../credentials/credentialTest';
import { routeFields } from './resourceMapping';
import { routeSearch } from './listSearch';

/** The route picker's From List method. */
export const ROUTE_SEARCH = 'routeSearch';

/** The mapper's method: the chosen route's fields. */
export const ROUTE_FIELDS = 'routeFields';

export const methods = {
	listSearch: { [ROUTE_SEARCH]: routeSearch },
	resourceMapping: { [ROUTE_FIELDS]: routeFields },
	credentialTest,
};
