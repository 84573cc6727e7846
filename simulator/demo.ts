import type { Sim } from './kit';
import type { Work } from './work';

/** Demo data for `npm run simulator` (filled in with the full contract). */
export function loadDemoData(sim: Sim, work: Work): void {
  const suppliers = sim.store.table('supplier');
  suppliers.upsert('SUP-1', { code: 'SUP-1', name: 'Nordic Fasteners AB', currency: 'SEK', active: true });
  suppliers.upsert('SUP-2', { code: 'SUP-2', name: 'Rheinland Packaging GmbH', currency: 'EUR', active: true });
  void work;
}
