// Isolines of locations (per isoline set of the model), stored in table
// isoline. Processing computes those of the locations a scenario adds or
// moves, so they are there when the planner looks; the processing log's
// "isolines missing" time records that some were missing.
import { estimatorProvider, isolines, osrmProvider, type PostProcessingAction } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import type { LocationRow } from '../repo/scenario-locations.js';
import type { EngineThread } from './engine-thread.js';
import type { RoutingSettings } from './settings.js';

interface IsoLineSetRow {
  id: number;
  profile: string;
  minutes: number;
  base_url: string | null;
  post_processing_actions: PostProcessingAction[] | null;
}

export const routingOfSet = (set: { base_url: string | null }): RoutingSettings =>
  set.base_url ? { provider: 'osrm', osrmUrl: set.base_url } : { provider: 'estimator' };

export const profileOf = (profile: string): 'car' | 'pedestrian' => (/^(foot|walk|pedestrian)/i.test(profile) ? 'pedestrian' : 'car');

type OwnLocation = Pick<LocationRow, 'location_id' | 'latitude' | 'longitude'>;

/**
 * Computes the isolines missing for the locations this scenario adds or
 * edits (none, or one at another position). Every set's requests go to the
 * engine thread at once, so they queue together. Answers when isolines were
 * found missing, or null.
 */
export async function computeMissingIsolines(db: Queryable, thread: EngineThread, modelId: number, scenarioId: number): Promise<Date | null> {
  const sets = (
    await db.query<IsoLineSetRow>('SELECT id, profile, minutes, base_url, post_processing_actions FROM iso_line_set WHERE model_id = $1 ORDER BY id', [modelId])
  ).rows;
  if (!sets.length) return null;
  // A scenario's own version of a location is always the one in effect in it.
  // `unmoved`: an edit where the scenario that created the location put it.
  const own = (
    await db.query<OwnLocation & { unmoved: boolean }>(
      `SELECT v.location_id, v.latitude, v.longitude,
            (v.change_type = 3 AND c.latitude = v.latitude AND c.longitude = v.longitude) IS TRUE AS unmoved
       FROM location_version v JOIN location l ON l.id = v.location_id
       LEFT JOIN location_version c ON c.location_id = v.location_id AND c.scenario_id = l.created_scenario_id
      WHERE v.scenario_id = $1 AND l.type <> 2 AND v.change_type IN (1, 3) ORDER BY v.location_id`,
      [scenarioId],
    )
  ).rows;
  if (!own.length) return null;
  const stored = (
    await db.query<{ location_id: number; iso_line_set_id: number; latitude: number; longitude: number }>(
      'SELECT location_id, iso_line_set_id, latitude, longitude FROM isoline WHERE location_id = ANY($1)',
      [own.map((r) => r.location_id)],
    )
  ).rows;
  const have = new Set(stored.map((s) => `${s.location_id}:${s.iso_line_set_id}:${s.latitude}:${s.longitude}`));
  const any = new Set(stored.map((s) => `${s.location_id}:${s.iso_line_set_id}`));
  // Missing where none is stored at this position; an unmoved edit of a location that has none yet gets
  // its own isoline when first asked for (ensureIsolines, at the same position), as a base location does.
  const work = sets
    .map((set) => ({
      set,
      wanted: own.filter((r) => !have.has(`${r.location_id}:${set.id}:${r.latitude}:${r.longitude}`) && !(r.unmoved && !any.has(`${r.location_id}:${set.id}`))),
    }))
    .filter((w) => w.wanted.length > 0);
  if (!work.length) return null;
  const missingSince = new Date();
  const computed = await Promise.all(
    work.map(({ set, wanted }) =>
      thread.run<{ type: 'isolines'; jobId: number; geometries: Array<unknown | null> }>({
        type: 'isolines',
        routing: routingOfSet(set),
        requests: wanted.map((r) => ({
          latitude: r.latitude,
          longitude: r.longitude,
          profile: profileOf(set.profile),
          minutes: set.minutes,
          postProcessingActions: set.post_processing_actions ?? [],
        })),
      }),
    ),
  );
  for (let w = 0; w < work.length; w++) {
    const { set, wanted } = work[w]!;
    const { geometries } = computed[w]!;
    for (let q = 0; q < wanted.length; q++) {
      const geometry = geometries[q];
      if (!geometry) continue;
      const r = wanted[q];
      await db.query(
        `INSERT INTO isoline (location_id, iso_line_set_id, latitude, longitude, minutes, geometry) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (location_id, iso_line_set_id) DO UPDATE SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
           minutes = EXCLUDED.minutes, geometry = EXCLUDED.geometry, computed = now()`,
        [r.location_id, set.id, r.latitude, r.longitude, set.minutes, JSON.stringify(geometry)],
      );
    }
  }
  return missingSince;
}

/**
 * The isolines of one location that are not stored yet (base locations get
 * theirs when first asked for), computed at the location's position in the
 * scenario that created it and stored for the next read.
 */
export async function ensureIsolines(db: Queryable, modelId: number, locationId: number): Promise<void> {
  const missing = (
    await db.query<IsoLineSetRow>(
      `SELECT s.id, s.profile, s.minutes, s.base_url, s.post_processing_actions FROM iso_line_set s
      WHERE s.model_id = $1 AND NOT EXISTS (SELECT 1 FROM isoline i WHERE i.iso_line_set_id = s.id AND i.location_id = $2)
      ORDER BY s.id`,
      [modelId, locationId],
    )
  ).rows;
  if (!missing.length) return;
  const at = (
    await db.query<{ latitude: number; longitude: number }>(
      `SELECT v.latitude, v.longitude FROM location_version v JOIN location l ON l.id = v.location_id
      WHERE v.location_id = $1 AND v.scenario_id = l.created_scenario_id`,
      [locationId],
    )
  ).rows[0];
  if (!at) return;
  for (const set of missing) {
    const routing = routingOfSet(set);
    const collection = await isolines({
      latitude: at.latitude,
      longitude: at.longitude,
      profile: profileOf(set.profile),
      minutes: [set.minutes],
      provider: routing.provider === 'osrm' ? osrmProvider({ baseUrl: routing.osrmUrl! }) : estimatorProvider(),
      postProcessingActions: set.post_processing_actions ?? [],
    });
    const feature = collection.features[0];
    if (!feature) continue;
    await db.query(
      `INSERT INTO isoline (location_id, iso_line_set_id, latitude, longitude, minutes, geometry) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (location_id, iso_line_set_id) DO NOTHING`,
      [locationId, set.id, at.latitude, at.longitude, set.minutes, JSON.stringify(feature.geometry)],
    );
  }
}
