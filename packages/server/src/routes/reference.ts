// Reference data of a model: POIs, heat-map points, area outlines and
// properties, location clusters near a point, and the icons and logos.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { resolveModel } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { createJsonCache, sendCached } from '../http/cached.js';
import { areaAt, areaByCode, areaEntity, areaOutlines, areaSetOfModel } from '../repo/areas.js';
import { heatMapPoints, heatMapSetOfModel } from '../repo/heat-maps.js';
import { clusterPositions, locationGroupIcon } from '../repo/models.js';
import { distanceMetres, poiSetLogo, poiSetOfModel, poisOfSet } from '../repo/pois.js';
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
    const set = await areaSetOfModel(db, modelId, areaSetId);
    if (!set) throw notFound(`area set ${areaSetId} of model ${modelId}`);
    return set;
  };

  return {
    pois: async ({ user, params, request, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = await poiSetOfModel(db, modelId, params.poiSetId);
      if (!set) throw notFound(`POI set ${params.poiSetId} of model ${modelId}`);
      const item = await big.get(`pois:${set.id}`, set.logo_hash, async () =>
        (await poisOfSet(db, set.id)).map((p) => ({ lat: p.latitude, lng: p.longitude, name: p.name, poiSetId: set.id, logoHash: set.logo_hash })),
      );
      return sendCached(request, reply, item);
    },

    heatMapPoints: async ({ user, params, request, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = await heatMapSetOfModel(db, modelId, params.heatMapSetId);
      if (!set) throw notFound(`heat-map set ${params.heatMapSetId} of model ${modelId}`);
      const item = await big.get(`heat:${set.id}`, 'v1', () => heatMapPoints(db, set.id));
      return sendCached(request, reply, item);
    },

    areas: async ({ user, params, request, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const set = await areaSetOf(modelId, params.areaSetId);
      const item = await big.get(`areas:${set.id}`, 'v1', () => areaOutlines(db, set.id));
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
      return (await clusterPositions(db, modelId))
        .map((c) => ({ c, d: distanceMetres(query.latitude, query.longitude, c.latitude, c.longitude) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, params.count)
        .map(({ c }) => ({ id: c.id, name: c.name }));
    },

    poiSetLogo: async ({ user, params, request, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const logo = await poiSetLogo(db, modelId, params.poiSetId);
      if (logo === undefined) throw notFound(`POI set ${params.poiSetId} of model ${modelId}`);
      return sendCached(request, reply, { contentType: 'image/svg+xml', body: logo, maxAge: 86400 });
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
        const group = await locationGroupIcon(db, params.locationGroupId);
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
