// Raster tiles of an area set (spec: tile-proxy): 256 px PNG drawn on the
// server, areas coloured by the set's colour property, transparent outside,
// cached in memory by tile and answered with an ETag.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { resolveModel } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { etagOf, sendCached } from '../http/cached.js';
import { colorScale, createTileCache, DEFAULT_AREA_SET_RAMP, renderAreaTile, tileBounds } from '../render/index.js';

interface SetRow {
  id: number;
  model_id: number;
  color_property: string | null;
  color_ramp: [string, string] | null;
}

export function tileHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const cache = createTileCache(4096);
  const ranges = new Map<number, { min: number; max: number }>();

  const rangeOf = async (set: SetRow) => {
    let range = ranges.get(set.id);
    if (!range) {
      const { rows } = await db.query<{ min: number | null; max: number | null }>(
        `SELECT min((properties->>$2)::float8) AS min, max((properties->>$2)::float8) AS max FROM area WHERE area_set_id = $1`,
        [set.id, set.color_property],
      );
      range = { min: rows[0]?.min ?? 0, max: rows[0]?.max ?? 1 };
      ranges.set(set.id, range);
    }
    return range;
  };

  return {
    areaSetTile: async ({ user, params, request, reply }) => {
      const set = (await db.query<SetRow>('SELECT id, model_id, color_property, color_ramp FROM area_set WHERE slug = $1', [params.areaSetNameSlug])).rows[0];
      if (!set) throw notFound(`area set ${params.areaSetNameSlug}`);
      await resolveModel(db, user, set.model_id);
      const key = `${set.id}/${params.z}/${params.x}/${params.y}`;
      let png = cache.get(key);
      if (!png) {
        const [west, south, east, north] = tileBounds(params.z, params.x, params.y);
        // A margin of a few pixels so outlines of areas just outside the tile are drawn too.
        const margin = (east - west) / 64;
        const { rows } = await db.query<{ geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon; value: number | null }>(
          `SELECT geometry, (properties->>$6)::float8 AS value FROM area
            WHERE area_set_id = $1 AND max_lng >= $2 AND min_lng <= $3 AND max_lat >= $4 AND min_lat <= $5`,
          [set.id, west - margin, east + margin, south - margin, north + margin, set.color_property ?? ''],
        );
        const range = set.color_property ? await rangeOf(set) : { min: 0, max: 1 };
        const colorFor = colorScale(range.min, range.max, set.color_ramp ?? DEFAULT_AREA_SET_RAMP);
        png = renderAreaTile({ z: params.z, x: params.x, y: params.y, areas: rows, colorFor });
        cache.set(key, png);
      }
      return sendCached(request, reply, { contentType: 'image/png', body: png, etag: etagOf(png), maxAge: 3600 });
    },
  } satisfies Partial<RouteHandlers>;
}
