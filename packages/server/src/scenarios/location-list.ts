// A scenario's location list (GET .../scenarios/:id/locations), built from
// what the server keeps instead of one query over every version on the
// scenario's path. With the demo data that query takes some 300 ms of the
// embedded database's one connection (over a second under load), and every
// other statement waits for it; the list was read after every save and after
// every calculation.
//
// What is kept, and how it is known to hold (each check is a small read of
// the database, so writes of other server processes count as well):
// - the locations, per scenario level: a level is the parent's rows with the
//   scenario's own versions over them, kept while the generations of the
//   scenario's path are unchanged (processing/location-cache.ts; migration 009
//   bumps a scenario's generation with every write to its versions). A
//   one-store change reads the few versions of the changed scenario only;
// - the outputs shown as scores, per scenario, kept while the stored result's
//   version (a new value on every store) is unchanged;
// - each location's JSON text but its score and photo flag, per kept row,
//   while its group and cluster names are the same: a new list (also one
//   after a calculation, which changes every score) joins texts instead of
//   serialising thousands of objects on the thread that answers every request.
// The group and cluster names and the photos are read each time (small reads).
import type { LocationSummary } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { LevelCache } from '../processing/location-cache.js';
import { groupAndClusterNames } from '../repo/models.js';
import { defaultResultVersion, loadDefaultOutputs } from '../repo/results.js';
import { locationsWithPhoto, ownListRows, type ListRow } from '../repo/scenario-locations.js';
import { Lru } from '../outputs/results.js';
import { perContext } from '../per-context.js';

/** Scenarios whose outputs are kept. */
const KEPT_OUTPUTS = 16;

/** A location's JSON text but its score and photo flag, which change without the location (a calculation, a photo). */
interface Text {
  group: string | null;
  cluster: string | null;
  modelId: number;
  /** The object's text up to its last field, without the closing brace. */
  head: string;
}

/** A scenario's location list and scores from kept rows; one per database (see locationListFor). */
export class LocationList {
  private readonly levels = new LevelCache<ListRow>(ownListRows);
  private readonly outputs = new Lru<{ version: string; outputs: Map<number, number> }>(KEPT_OUTPUTS);
  private readonly texts = new WeakMap<ListRow, Text>();

  /** The output per location of a scenario's result for its default sub-model (none unless `status` is 9). */
  async scores(db: Queryable, scenarioId: number, status: number): Promise<Map<number, number>> {
    if (status !== 9) return new Map();
    const key = String(scenarioId);
    const version = await defaultResultVersion(db, scenarioId);
    if (version === undefined) return new Map();
    const kept = this.outputs.get(key);
    if (kept && kept.version === version) return kept.outputs;
    // The version comes with the outputs it belongs to (a result stored in between is seen next time).
    const loaded = await loadDefaultOutputs(db, scenarioId);
    if (!loaded) return new Map();
    this.outputs.set(key, loaded);
    return loaded.outputs;
  }

  /** The scenario's locations but retail areas, hidden ones too, in location-id order (shared rows: never change one). */
  async allRows(db: Queryable, scenarioId: number): Promise<ListRow[]> {
    return this.levels.rows(db, scenarioId);
  }

  /** The list's rows: the scenario's locations but retail areas and hidden ones, in location-id order. */
  async rows(db: Queryable, scenarioId: number): Promise<ListRow[]> {
    return (await this.levels.rows(db, scenarioId)).filter((r) => r.visibility !== 2);
  }

  /** The list as the API answers it: a JSON array of LocationSummary. */
  async json(db: Queryable, scenario: { id: number; modelId: number; status: number }): Promise<string> {
    const [rows, names, photos, scores] = await Promise.all([
      this.rows(db, scenario.id),
      groupAndClusterNames(db, scenario.modelId),
      locationsWithPhoto(db, scenario.modelId),
      this.scores(db, scenario.id, scenario.status),
    ]);
    const parts = new Array<string>(rows.length);
    for (let j = 0; j < rows.length; j++) {
      const row = rows[j]!;
      const group = row.location_group_id ? (names.group.get(row.location_group_id) ?? null) : null;
      const cluster = row.location_cluster_id ? (names.cluster.get(row.location_cluster_id) ?? null) : null;
      let text = this.texts.get(row);
      if (!text || text.group !== group || text.cluster !== cluster || text.modelId !== scenario.modelId) {
        const summary = summaryOf(row, scenario.modelId, group, cluster);
        text = { group, cluster, modelId: scenario.modelId, head: JSON.stringify(summary).slice(0, -1) };
        this.texts.set(row, text);
      }
      // A calculation changes every score: the rest of each text is kept, the score is written in.
      const score = scores.get(row.location_id);
      parts[j] = `${text.head},"score":${score === undefined || !Number.isFinite(score) ? 'null' : String(score)},"hasPhoto":${photos.has(row.location_id)}}`;
    }
    return `[${parts.join(',')}]`;
  }
}

/** The columns of a location row that a LocationSummary shows. */
export type SummaryRow = Pick<
  ListRow,
  | 'location_id'
  | 'name'
  | 'latitude'
  | 'longitude'
  | 'type'
  | 'visibility'
  | 'change_type'
  | 'excluded'
  | 'location_group_id'
  | 'location_cluster_id'
  | 'version'
>;

/** A location row as the API's LocationSummary, but its score and whether it has a photo (the one mapping of both reads). */
export function summaryOf(row: SummaryRow, modelId: number, group: string | null, cluster: string | null): Omit<LocationSummary, 'score' | 'hasPhoto'> {
  return {
    id: row.location_id,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    modelId,
    type: row.type,
    visibility: row.visibility as LocationSummary['visibility'],
    changeType: row.change_type as LocationSummary['changeType'],
    excluded: row.excluded,
    locationGroupId: row.location_group_id,
    locationGroup: group,
    locationClusterId: row.location_cluster_id,
    locationCluster: cluster,
    version: row.version,
  };
}

/** The kept location lists of a database (its handle: every read through it shares them). */
export const locationListOf = perContext((_db: object) => new LocationList());
