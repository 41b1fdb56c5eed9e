// Removing a scenario (it has no children: the callers check): its changes
// go, the locations it opened go with it unless another scenario holds them
// too (copy changes can open one location in several scenarios), and the
// processing log keeps its lines without the link.
import type { Queryable } from '../db/database.js';
import { settleLocationOwners } from './location-versions.js';

export async function removeScenario(q: Queryable, scenarioId: number): Promise<void> {
  const opened = (await q.query<{ id: number }>('SELECT id FROM location WHERE created_scenario_id = $1', [scenarioId])).rows.map((r) => r.id);
  await q.query('DELETE FROM location_version WHERE scenario_id = $1', [scenarioId]);
  await settleLocationOwners(q, opened);
  await q.query('DELETE FROM scenario WHERE id = $1', [scenarioId]);
}
