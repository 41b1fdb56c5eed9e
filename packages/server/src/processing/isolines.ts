// Isolines of locations (per isoline set of the model), stored in table
// isoline. Processing computes those of the locations a scenario adds or
// moves, so they are there when the planner looks; the processing log's
// "isolines missing" time records that some were missing.
import { estimatorProvider, isolines, osrmProvider } from '@locus/engine';
import type { Queryable } from '../db/database.js';
import { createdPosition } from '../repo/locations.js';
import { isolineSetsOf, isolinesAt, missingIsolineSets, ownIsolineLocations, storeIsoline } from '../repo/isolines.js';
import type { EngineThread } from './engine-thread.js';
import type { RoutingSettings } from './settings.js';

export const routingOfSet = (set: { base_url: string | null }): RoutingSettings =>
  set.base_url ? { provider: 'osrm', osrmUrl: set.base_url } : { provider: 'estimator' };

export const profileOf = (profile: string): 'car' | 'pedestrian' => (/^(foot|walk|pedestrian)/i.test(profile) ? 'pedestrian' : 'car');

/**
 * Computes the isolines missing for the locations this scenario adds or
 * edits (none, or one at another position). Every set's requests go to the
 * engine thread at once, so they queue together. Answers when isolines were
 * found missing, or null.
 */
export async function computeMissingIsolines(db: Queryable, thread: EngineThread, modelId: number, scenarioId: number): Promise<Date | null> {
  const sets = await isolineSetsOf(db, modelId);
  if (!sets.length) return null;
  const own = await ownIsolineLocations(db, scenarioId);
  if (!own.length) return null;
  const stored = await isolinesAt(
    db,
    own.map((r) => r.location_id),
  );
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
      await storeIsoline(
        db,
        { locationId: r.location_id, isoLineSetId: set.id, latitude: r.latitude, longitude: r.longitude, minutes: set.minutes, geometry },
        'replace',
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
  const missing = await missingIsolineSets(db, modelId, locationId);
  if (!missing.length) return;
  const at = await createdPosition(db, locationId);
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
    await storeIsoline(
      db,
      { locationId, isoLineSetId: set.id, latitude: at.latitude, longitude: at.longitude, minutes: set.minutes, geometry: feature.geometry },
      'keep',
    );
  }
}
