import type { TokenAuthority } from '../auth';
import type { Handler, Sim } from '../kit';
import { supplierRoutes } from './supplier';

/** Every contract route's handler, by path. */
export function allHandlers(sim: Sim, auth: TokenAuthority): Map<string, Handler> {
  const map: Record<string, Handler> = {
    '/oauth/token': (body) => auth.issue(body.client_id, body.client_secret),
    ...supplierRoutes(sim),
  };
  return new Map(Object.entries(map));
}
