// A scenario's locations as the calculation reads them, kept between
// calculations. A scenario's locations are its parent's with its own versions
// over them (the nearest version on the path to the base is in effect), so
// they are kept per scenario on the path and each level is read or merged
// again only when its own versions or an ancestor's changed: a one-store
// change reads the few versions of the scenario itself and merges them over
// the parent's kept locations instead of reading thousands of rows again.
// Whether a level still holds is one small read of the path's location
// generations (migration 009: bumped by a trigger on every write to a
// scenario's versions, also by other server processes).
import type { Queryable } from '../db/database.js';
import { ownCalculationRows, pathGenerations, type CalculationRow } from '../repo/scenario-locations.js';
import { perContext } from '../per-context.js';

/** Levels kept (a scenario and its ancestors are a level each; rows are shared, so a level costs an array of references). */
const KEPT_LEVELS = 24;

/** The parent's rows with the scenario's own versions over them; both in location-id order, and so is the answer. */
export function overlay<R extends { location_id: number }>(inherited: readonly R[], own: readonly R[]): R[] {
  if (!own.length) return inherited as R[];
  const out: R[] = [];
  let i = 0;
  let o = 0;
  while (i < inherited.length || o < own.length) {
    const a = inherited[i];
    const b = own[o];
    if (b === undefined || (a !== undefined && a.location_id < b.location_id)) {
      out.push(a!);
      i++;
    } else {
      if (a !== undefined && a.location_id === b.location_id) i++;
      out.push(b);
      o++;
    }
  }
  return out;
}

interface Level<R> {
  key: string;
  rows: R[];
}

/**
 * The kept locations of a server context: the calculations of its processing
 * loop and its output reads share them (a level is keyed by the database's
 * generations, so any handle on the same database may read through it).
 */
export const locationRowsFor = perContext((_ctx: object) => new LocationRowCache());

/**
 * Kept rows per scenario level, for one database; see the file's head. `own`
 * reads a scenario's own versions (retail areas left out) in location-id order.
 */
export class LevelCache<R extends { location_id: number }> {
  private readonly levels = new Map<number, Level<R>>();

  constructor(private readonly own: (db: Queryable, scenarioId: number) => Promise<R[]>) {}

  /** The scenario's locations but retail areas, in location-id order (none for an unknown scenario). */
  async rows(db: Queryable, scenarioId: number): Promise<R[]> {
    // The generations are read before any versions: a write committed in between makes a level look
    // older than it is (read again next time), never newer.
    const path = await pathGenerations(db, scenarioId);
    if (!path.length) return [];
    return this.level(db, path, 0);
  }

  private async level(db: Queryable, path: Array<{ id: number; generation: string }>, k: number): Promise<R[]> {
    const { id } = path[k]!;
    const key = path
      .slice(k)
      .map((p) => `${p.id}:${p.generation}`)
      .join('/');
    const kept = this.levels.get(id);
    if (kept && kept.key === key) {
      this.levels.delete(id);
      this.levels.set(id, kept);
      return kept.rows;
    }
    const own = await this.own(db, id);
    const rows = k + 1 < path.length ? overlay(await this.level(db, path, k + 1), own) : own;
    this.levels.delete(id);
    this.levels.set(id, { key, rows });
    while (this.levels.size > KEPT_LEVELS) this.levels.delete(this.levels.keys().next().value!);
    return rows;
  }
}

/** Kept locations as the calculation reads them. */
export class LocationRowCache extends LevelCache<CalculationRow> {
  constructor() {
    super(ownCalculationRows);
  }
}
