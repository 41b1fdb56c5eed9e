// Raster tiles of an area set (spec: tile-proxy): 256 px PNG drawn on the
// server, areas coloured by the set's colour property, transparent outside,
// cached in memory by tile and answered with an ETag.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { resolveModel } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { etagOf, sendCached } from '../http/cached.js';
import { areaPropertyRange, areaSetBySlug, areasInBox, type TileSetRow } from '../repo/areas.js';
import { colorScale, createTileCache, DEFAULT_AREA_SET_RAMP, renderAreaTile, tileBounds } from '../render/index.js';

export function tileHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const cache = createTileCache(4096);
  const ranges = new Map<number, { min: number; max: number }>();

  const rangeOf = async (set: TileSetRow) => {
    let range = ranges.get(set.id);
    if (!range) {
      range = await areaPropertyRange(db, set.id, set.color_property);
      ranges.set(set.id, range);
    }
    return range;
  };

  return {
    areaSetTile: async ({ user, params, request, reply }) => {
      const set = await areaSetBySlug(db, params.areaSetNameSlug);
      if (!set) throw notFound(`area set ${params.areaSetNameSlug}`);
      await resolveModel(db, user, set.model_id);
      const key = `${set.id}/${params.z}/${params.x}/${params.y}`;
      let png = cache.get(key);
      if (!png) {
        const [west, south, east, north] = tileBounds(params.z, params.x, params.y);
        // A margin of a few pixels so outlines of areas just outside the tile are drawn too.
        const margin = (east - west) / 64;
        const areas = await areasInBox(
          db,
          set.id,
          { west: west - margin, south: south - margin, east: east + margin, north: north + margin },
          set.color_property ?? '',
        );
        const range = set.color_property ? await rangeOf(set) : { min: 0, max: 1 };
        const colorFor = colorScale(range.min, range.max, set.color_ramp ?? DEFAULT_AREA_SET_RAMP);
        png = renderAreaTile({ z: params.z, x: params.x, y: params.y, areas, colorFor });
        cache.set(key, png);
      }
      return sendCached(request, reply, { contentType: 'image/png', body: png, etag: etagOf(png), maxAge: 3600 });
    },
  } satisfies Partial<RouteHandlers>;
}
