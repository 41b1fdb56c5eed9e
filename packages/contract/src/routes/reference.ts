// Reference layers of a model: POIs, heat maps, area sets and their areas,
// location clusters near a point, and the icons.
import * as z from 'zod';
import { NearByLocationClusters } from '../constants';
import { Area, AreaFeatureCollection } from '../entities/area';
import { HeatMapPoint } from '../entities/heatmap';
import { LocationCluster } from '../entities/location';
import { Poi } from '../entities/pois';
import { booleanParam, enumParam, idParam, intParam, latitudeParam, longitudeParam, textParam } from '../primitives';
import { defineRoute } from './define';
import { CacheKeyQuery, modelId } from './params';

const AreaSetParams = z.object({ modelId: modelId(), areaSetId: idParam('areaSetId') });

export const pois = defineRoute({
  name: 'pois',
  method: 'GET',
  path: '/api/models/:modelId/poisets/:poiSetId/pois',
  specPath: 'GET /api/models/{id}/poisets/{id}/pois',
  params: z.object({ modelId: modelId(), poiSetId: idParam('poiSetId') }),
  response: z.array(Poi),
  produces: 'json',
  role: 'user',
  description: 'The points of interest of a POI set.',
});

export const heatMapPoints = defineRoute({
  name: 'heatMapPoints',
  method: 'GET',
  path: '/api/models/:modelId/heatmapsets/:heatMapSetId/points',
  specPath: 'GET /api/models/{id}/heatmapsets/{id}/points',
  params: z.object({ modelId: modelId(), heatMapSetId: idParam('heatMapSetId') }),
  response: z.array(HeatMapPoint),
  produces: 'json',
  role: 'user',
  description: 'The weighted points (0 to 255) of a heat-map set.',
});

export const areas = defineRoute({
  name: 'areas',
  method: 'GET',
  path: '/api/models/:modelId/areasets/:areaSetId/areas',
  specPath: 'GET /api/models/{id}/areasets/{id}/areas',
  params: AreaSetParams,
  response: AreaFeatureCollection,
  produces: 'json',
  role: 'user',
  description: 'The outlines of the areas of an area set as GeoJSON with areaCode; answered with an ETag.',
});

export const areaPropertiesByCode = defineRoute({
  name: 'areaPropertiesByCode',
  method: 'GET',
  path: '/api/models/:modelId/areasets/:areaSetId/areas/:areaCode/properties',
  specPath: 'GET /api/models/{id}/areasets/{id}/areas/{areaCode}/properties',
  params: AreaSetParams.extend({ areaCode: textParam('areaCode') }),
  response: Area,
  produces: 'json',
  role: 'user',
  description: 'An area and its properties by code (no locations); 404 when none.',
});

export const areaPropertiesByPosition = defineRoute({
  name: 'areaPropertiesByPosition',
  method: 'GET',
  path: '/api/models/:modelId/areasets/:areaSetId/areas/:longitude/:latitude/properties',
  specPath: 'GET /api/models/{id}/areasets/{id}/areas/{longitude}/{latitude}/properties',
  params: AreaSetParams.extend({ longitude: longitudeParam(), latitude: latitudeParam() }),
  response: Area,
  produces: 'json',
  role: 'user',
  description: 'The area holding a point, with its properties (no locations); 404 when none.',
});

export const nearByLocationClusters = defineRoute({
  name: 'nearByLocationClusters',
  method: 'GET',
  path: '/api/models/:modelId/location-clusters/near-by/:count',
  specPath: 'GET /api/models/{id}/location-clusters/near-by/5',
  params: z.object({ modelId: modelId(), count: intParam('count', 1, 50) }),
  query: z.object({ latitude: latitudeParam(), longitude: longitudeParam() }),
  response: z.array(LocationCluster),
  produces: 'json',
  role: 'user',
  description: `The location clusters nearest to a point, nearest first (the app asks for ${NearByLocationClusters}).`,
});

export const poiSetLogo = defineRoute({
  name: 'poiSetLogo',
  method: 'GET',
  path: '/api/models/:modelId/poisets/:poiSetId/logo',
  specPath: 'GET /api/models/{modelId}/poisets/{poiSetId}/logo',
  params: z.object({ modelId: modelId(), poiSetId: idParam('poiSetId') }),
  query: CacheKeyQuery,
  response: z.unknown(),
  produces: 'image',
  role: 'user',
  description: 'The icon of a POI set (r is its logoHash).',
});

export const poiSetsLogo = defineRoute({
  name: 'poiSetsLogo',
  method: 'GET',
  path: '/api/models/:modelId/poisets/logo',
  specPath: 'GET /api/models/{modelId}/poisets/logo',
  params: z.object({ modelId: modelId() }),
  query: CacheKeyQuery,
  response: z.unknown(),
  produces: 'image',
  role: 'user',
  description: 'The generic POI icon of a model (the POIs layer menu, sets without a logo).',
});

/** Icon shapes: round for location types 1, 4 and 5, square otherwise. */
export const IconShapes = ['round', 'square'] as const;

export const locationGroupLogo = defineRoute({
  name: 'locationGroupLogo',
  method: 'GET',
  path: '/api/models/location-groups/:locationGroupId/logo/:shape/:selected/:change',
  specPath: 'GET /api/models/location-groups/{id}/logo/{shape}/{selected}/{change}',
  params: z.object({
    /** -1 for a location without a group. */
    locationGroupId: z
      .union([z.literal(-1), z.literal('-1'), idParam('locationGroupId')], {
        error: 'locationGroupId must be a positive integer or -1',
      })
      .transform(Number),
    shape: enumParam('shape', IconShapes),
    selected: booleanParam('selected'),
    change: intParam('change', 0, 3),
  }),
  query: CacheKeyQuery,
  response: z.unknown(),
  produces: 'image',
  role: 'user',
  description: 'The icon of a location by group, shape, selected state and changeType (r is the model modified stamp).',
});
