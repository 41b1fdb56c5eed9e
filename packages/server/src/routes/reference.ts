// Reference data of a model: POIs, heat-map points, area outlines and
// properties, location clusters near a point, and the icons and logos.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { resolveModel } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { createJsonCache, sendCached } from '../http/cached.js';
import { areaAt, areaByCode, areaEntity } from '../repo/areas.js';
import { distanceMetres } from '../repo/pois.js';
import { locationIconPng, locationIconSvg, NO_GROUP_COLOR, poiLogoSvg } from '../render/index.js';

/** True when the Accept header names image/png and does not name SVG before it. */
export function prefersPng(accept: string | undefined): boolean {
  if (!accept) return false;
  const png = accept.indexOf('image/png');
  const svg = accept.indexOf('image/svg+xml');
  return png >= 0 && (svg < 0 || png < svg);
}

export function referenceHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const big = createJsonCache(16);

  const areaSetOf = async (modelId: number, areaSetId: number) => {
    const set = (
      await db.query<{ id: number; person_type: string | null }>('SELECT id, person_type FROM area_set WHERE id = $1 AND model_id = $2', [areaSetId, modelId])
    ).rows[0];
    if (!set) throw notFound(`area set ${areaSetId} of model ${modelId}`);
    return set;
  };

  return {
    pois: async ({ user, params, request, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = (
        await db.query<{ id: number; logo_hash: string }>('SELECT id, logo_hash FROM poi_set WHERE id = $1 AND model_id = $2', [params.poiSetId, modelId])
      ).rows[0];
      if (!set) throw notFound(`POI set ${params.poiSetId} of model ${modelId}`);
      const item = await big.get(`pois:${set.id}`, set.logo_hash, async () =>
        (
          await db.query<{ name: string; latitude: number; longitude: number }>('SELECT name, latitude, longitude FROM poi WHERE poi_set_id = $1 ORDER BY id', [
            set.id,
          ])
        ).rows.map((p) => ({ lat: p.latitude, lng: p.longitude, name: p.name, poiSetId: set.id, logoHash: set.logo_hash })),
      );
      return sendCached(request, reply, item);
    },

    heatMapPoints: async ({ user, params, request, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = (await db.query<{ id: number }>('SELECT id FROM heat_map_set WHERE id = $1 AND model_id = $2', [params.heatMapSetId, modelId])).rows[0];
      if (!set) throw notFound(`heat-map set ${params.heatMapSetId} of model ${modelId}`);
      const item = await big.get(
        `heat:${set.id}`,
        'v1',
        async () =>
          (
            await db.query<{ latitude: number; longitude: number; weight: number }>(
              'SELECT latitude, longitude, weight FROM heat_map_point WHERE heat_map_set_id = $1',
              [set.id],
            )
          ).rows,
      );
      return sendCached(request, reply, item);
    },

    areas: async ({ user, params, request, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = await areaSetOf(modelId, params.areaSetId);
      const item = await big.get(`areas:${set.id}`, 'v1', async () => ({
        type: 'FeatureCollection',
        features: (
          await db.query<{ code: string; geometry: unknown }>('SELECT code, geometry FROM area WHERE area_set_id = $1 ORDER BY code', [set.id])
        ).rows.map((a) => ({ type: 'Feature', geometry: a.geometry, properties: { areaCode: a.code } })),
      }));
      return sendCached(request, reply, item);
    },

    areaPropertiesByCode: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = await areaSetOf(modelId, params.areaSetId);
      const area = await areaByCode(db, set.id, params.areaCode);
      if (!area) throw notFound(`area ${params.areaCode}`);
      return areaEntity(db, area, set.person_type);
    },

    areaPropertiesByPosition: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = await areaSetOf(modelId, params.areaSetId);
      const area = await areaAt(db, set.id, params.longitude, params.latitude);
      if (!area) throw notFound(`area at ${params.longitude},${params.latitude}`);
      return areaEntity(db, area, set.person_type);
    },

    nearByLocationClusters: async ({ user, params, query }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const clusters = (
        await db.query<{ id: number; name: string; latitude: number; longitude: number }>(
          'SELECT id, name, latitude, longitude FROM location_cluster WHERE model_id = $1',
          [modelId],
        )
      ).rows;
      return clusters
        .map((c) => ({ c, d: distanceMetres(query.latitude, query.longitude, c.latitude, c.longitude) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, params.count)
        .map(({ c }) => ({ id: c.id, name: c.name }));
    },

    poiSetLogo: async ({ user, params, request, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = (await db.query<{ logo_svg: string }>('SELECT logo_svg FROM poi_set WHERE id = $1 AND model_id = $2', [params.poiSetId, modelId])).rows[0];
      if (!set) throw notFound(`POI set ${params.poiSetId} of model ${modelId}`);
      return sendCached(request, reply, { contentType: 'image/svg+xml', body: set.logo_svg, maxAge: 86400 });
    },

    poiSetsLogo: async ({ user, params, request, reply }) => {
      await resolveModel(db, user, params.modelId);
      return sendCached(request, reply, { contentType: 'image/svg+xml', body: poiLogoSvg('default'), maxAge: 86400 });
    },

    locationGroupLogo: async ({ user, params, request, reply }) => {
      let color = NO_GROUP_COLOR;
      let code: string | undefined;
      let custom: string | null = null;
      if (params.locationGroupId !== -1) {
        const group = (
          await db.query<{ model_id: number; color: string; code: string; icon_svg: string | null }>(
            'SELECT model_id, color, code, icon_svg FROM location_group WHERE id = $1',
            [params.locationGroupId],
          )
        ).rows[0];
        if (!group) throw notFound(`location group ${params.locationGroupId}`);
        await resolveModel(db, user, group.model_id);
        ({ color, code } = group);
        custom = group.icon_svg;
      }
      const icon = { color, code, shape: params.shape === 'round' ? 0 : 1, selected: params.selected, changeType: params.change };
      // PNG for clients that ask for it and not for SVG (image/png before image/svg+xml in Accept); SVG otherwise.
      if (prefersPng(request.headers.accept)) {
        return sendCached(request, reply, { contentType: 'image/png', body: locationIconPng(icon), maxAge: 86400 });
      }
      const svg = custom && params.change === 0 && !params.selected ? custom : locationIconSvg(icon);
      return sendCached(request, reply, { contentType: 'image/svg+xml', body: svg, maxAge: 86400 });
    },
  } satisfies Partial<RouteHandlers>;
}
