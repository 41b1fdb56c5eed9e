// The areas a catchment shows (their geometry and properties), kept between
// reads on the embedded database: reading and parsing the geometries of a
// few hundred areas is most of a catchment read's database work, and with
// PGlite every statement waits its turn on the one connection. Kept while the
// area table is not written (db/table-cache.ts), at most KEPT_AREAS areas,
// the least recently shown first out. PostgreSQL (where the server cannot
// tell whether another process wrote) reads them every time.
import type { Database, Queryable } from '../db/database.js';
import { tableStamp } from '../db/table-cache.js';
import type { AreaRow } from './areas.js';

const KEPT_AREAS = 20_000;
const SQL = 'SELECT id, area_set_id, code, person_type, properties, latitude, longitude, geometry FROM area WHERE id = ANY($1)';

class AreaRowCache {
  private readonly rows = new Map<number, AreaRow>();
  private stamp: number | undefined;
  private readonly stampOf: () => Promise<number | undefined>;

  constructor(db: Database) {
    this.stampOf = tableStamp(db, ['area']);
  }

  async get(db: Queryable, ids: readonly number[]): Promise<AreaRow[]> {
    const stamp = await this.stampOf();
    if (stamp === undefined) return (await db.query<AreaRow>(SQL, [ids])).rows;
    if (stamp !== this.stamp) {
      this.rows.clear();
      this.stamp = stamp;
    }
    const out: AreaRow[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (!row) {
        missing.push(id);
        continue;
      }
      this.rows.delete(id);
      this.rows.set(id, row);
      out.push(row);
    }
    if (!missing.length) return out;
    const loaded = (await db.query<AreaRow>(SQL, [missing])).rows;
    // Kept only when nothing was written meanwhile.
    if ((await this.stampOf()) === stamp && this.stamp === stamp) {
      for (const row of loaded) this.rows.set(Number(row.id), row);
      while (this.rows.size > KEPT_AREAS) this.rows.delete(this.rows.keys().next().value!);
    }
    return [...out, ...loaded];
  }
}

const caches = new WeakMap<object, AreaRowCache>();

/** The area rows of these ids (in no particular order), through the database's cache where it can keep one. */
export function areaRows(db: Queryable, ids: readonly number[]): Promise<AreaRow[]> {
  if (!('tableGeneration' in db)) return db.query<AreaRow>(SQL, [ids]).then((r) => r.rows);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new AreaRowCache(db as Database)));
  return cache.get(db, ids);
}
