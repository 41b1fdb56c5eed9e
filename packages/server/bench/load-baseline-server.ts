// The load bench's baseline: a bare Fastify server on the same database
// (PGlite in the same data folder, or the same PostgreSQL database) answering
// the load's URLs with one plain SQL statement per read and one transaction
// per write, written for the bench alone: no sign-in check, no validation, no
// access rules, no versions, no results, no calculations (start-processing
// marks the scenario calculated at once). What Locus answers above this is
// the price of everything it does besides reaching the database.
// Started by load.ts as a child process: node --import tsx bench/load-baseline-server.ts
// (PORT, DATA_DIR or DATABASE_URL); prints "baseline listening".
import Fastify from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { join } from 'node:path';

type Row = Record<string, unknown>;
interface Db {
  query(sql: string, params?: unknown[]): Promise<Row[]>;
  transaction<T>(fn: (q: (sql: string, params?: unknown[]) => Promise<Row[]>) => Promise<T>): Promise<T>;
}

async function open(): Promise<Db> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: async (sql, params) => (await pool.query(sql, params)).rows,
      async transaction(fn) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const out = await fn(async (sql, params) => (await client.query(sql, params)).rows);
          await client.query('COMMIT');
          return out;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const db = await PGlite.create(join(process.env.DATA_DIR!, 'pgdata'));
  return {
    query: async (sql, params) => (await db.query<Row>(sql, params)).rows,
    transaction: (fn) => db.transaction((tx) => fn(async (sql, params) => (await tx.query<Row>(sql, params)).rows)),
  };
}

const db = await open();
const app = Fastify();

/** The scenario's locations: its own versions over its parent's. */
const LOCATIONS = `SELECT DISTINCT ON (v.location_id) v.location_id AS id, v.name, v.latitude, v.longitude, v.change_type, v.properties
  FROM location_version v JOIN scenario s ON s.id = $1 WHERE v.scenario_id IN (s.id, s.parent_scenario_id)
  ORDER BY v.location_id, (v.scenario_id = s.id) DESC`;

app.get<{ Params: { sid: string } }>('/api/models/scenarios/:sid/locations', async (req) => db.query(LOCATIONS, [Number(req.params.sid)]));
app.get<{ Params: { sid: string; lid: string } }>('/api/models/scenarios/:sid/locations/:lid/properties', async (req) => {
  const rows = await db.query(`SELECT * FROM (${LOCATIONS}) l WHERE id = $2`, [Number(req.params.sid), Number(req.params.lid)]);
  const l = rows[0] as { id: number; name: string; latitude: number; longitude: number; properties: Record<string, unknown> };
  return {
    ...l,
    type: 1,
    visibility: 0,
    excluded: false,
    locationGroupId: null,
    locationClusterId: null,
    locationProperties: Object.entries(l.properties).map(([name, v], id) => ({
      id,
      name,
      propertyType: 0,
      stringValue: typeof v === 'string' ? v : null,
      numberValue: typeof v === 'number' ? v : null,
    })),
  };
});
// Output reads: the calculated scenario's locations (Locus reads its stored result instead).
app.get<{ Params: { sid: string } }>('/api/models/:mid/scenarios/:sid/locations/:lid/catchment-areas/:ca', async (req) =>
  db.query(LOCATIONS, [Number(req.params.sid)]),
);
app.get<{ Params: { sid: string } }>('/api/models/:mid/scenarios/:sid/differences', async (req) => db.query(LOCATIONS, [Number(req.params.sid)]));
app.get<{ Params: { mid: string } }>('/api/models/:mid/scenarios/only-status', async (req) =>
  db.query('SELECT id, status FROM scenario WHERE model_id = $1 ORDER BY id', [Number(req.params.mid)]),
);
// Tiles: the areas' geometries in the tile (Locus draws them into a PNG and caches it).
app.get<{ Params: { z: string; x: string; y: string } }>('/api/tile-proxy/:slug/:z/:x/:y', async (req, reply) => {
  const [z, x, y] = [Number(req.params.z), Number(req.params.x), Number(req.params.y)];
  const lon = (t: number) => (t / 2 ** z) * 360 - 180;
  const lat = (t: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * t) / 2 ** z))) * 180) / Math.PI;
  const rows = await db.query('SELECT code, geometry FROM area WHERE min_lng <= $2 AND max_lng >= $1 AND min_lat <= $4 AND max_lat >= $3', [
    lon(x),
    lon(x + 1),
    lat(y + 1),
    lat(y),
  ]);
  return reply.type('application/json').send(rows);
});
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6"/></svg>';
app.get('/api/models/location-groups/*', async (_req, reply) => reply.type('image/svg+xml').send(svg));
app.get('/api/models/:mid/poisets/:pid/logo', async (_req, reply) => reply.type('image/svg+xml').send(svg));

// Writes, each one transaction.
const copyVersion = async (q: (sql: string, params?: unknown[]) => Promise<Row[]>, sid: number, lid: number, changeType: number, properties?: unknown) => {
  const base = (await q(`SELECT * FROM (${LOCATIONS}) l WHERE id = $2`, [sid, lid]))[0] as {
    name: string;
    latitude: number;
    longitude: number;
    properties: unknown;
  };
  await q(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, properties) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (scenario_id, location_id) DO UPDATE SET change_type = EXCLUDED.change_type, properties = EXCLUDED.properties, modified = now()`,
    [sid, lid, changeType, base.name, base.latitude, base.longitude, JSON.stringify(properties ?? base.properties)],
  );
  await q('UPDATE scenario SET modified = now(), status = 0 WHERE id = $1', [sid]);
};
app.put<{ Params: { sid: string; lid: string }; Body: { locationProperties: { name?: string; id: number; numberValue: number | null }[] } }>(
  '/api/models/:mid/scenarios/:sid/locations/:lid',
  async (req) =>
    db.transaction(async (q) => {
      const sid = Number(req.params.sid);
      const lid = Number(req.params.lid);
      const current = (await q(`SELECT properties FROM (${LOCATIONS}) l WHERE id = $2`, [sid, lid]))[0]!.properties as Record<string, unknown>;
      const names = Object.keys(current);
      const properties = { ...current };
      for (const p of req.body.locationProperties) if (names[p.id] !== undefined && p.numberValue !== null) properties[names[p.id]!] = p.numberValue;
      await copyVersion(q, sid, lid, 3, properties);
      return { id: lid };
    }),
);
app.delete<{ Params: { sid: string; lid: string } }>('/api/models/scenarios/:sid/locations/:lid/close', async (req) =>
  db.transaction(async (q) => {
    await copyVersion(q, Number(req.params.sid), Number(req.params.lid), 2);
    return { id: Number(req.params.lid) };
  }),
);
app.put<{ Params: { sid: string; lid: string } }>('/api/models/scenarios/:sid/locations/:lid/:undo', async (req) =>
  db.transaction(async (q) => {
    await q('DELETE FROM location_version WHERE scenario_id = $1 AND location_id = $2', [Number(req.params.sid), Number(req.params.lid)]);
    await q('UPDATE scenario SET modified = now(), status = 0 WHERE id = $1', [Number(req.params.sid)]);
    return { scenarioDeleted: false };
  }),
);
app.post<{ Params: { mid: string }; Body: { name: string; parentScenarioId: number } }>('/api/models/:mid/scenarios', async (req) =>
  db.transaction(async (q) => {
    const row = (
      await q('INSERT INTO scenario (model_id, name, parent_scenario_id) VALUES ($1, $2, $3) RETURNING id', [
        Number(req.params.mid),
        req.body.name,
        req.body.parentScenarioId,
      ])
    )[0]!;
    return { id: row.id };
  }),
);
app.put<{ Params: { sid: string } }>('/api/models/scenarios/:sid/start-processing', async (req) =>
  db.transaction(async (q) => {
    await q('UPDATE scenario SET status = 9 WHERE id = $1', [Number(req.params.sid)]);
    return { status: 9 };
  }),
);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('baseline listening');
