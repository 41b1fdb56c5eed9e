// Every call of the spec's call list, written out by hand as method and path in the
// spec's own words ('...' and the lists after "followed by" expanded), plus
// the four paths the spec leaves unshown as docs/api.md fixes them.
export const specCalls: readonly string[] = [
  // System
  'GET /api/system/environment',
  'GET /api/system/version',
  'GET /api/system/street-view-key',
  'GET /api/system/msal-configuration',
  'GET /api/system/status',
  'GET /api/help/{locale}',
  // Models and reference data
  'GET /api/models',
  'GET /api/models/{id}/location-groups',
  'GET /api/models/{id}/isolines-parameters',
  'GET /api/models/{id}/submodels',
  'GET /api/models/{id}/scenarios',
  'GET /api/models/{id}/scenarios/only-status',
  'GET /api/models/{id}/drivers',
  'GET /api/models/{id}/model-parameters',
  'GET /api/models/{id}/normalized-scores-functions',
  'GET /api/models/{id}/processing-log',
  'GET /api/models/{id}/location-properties',
  'GET /api/models/{id}/new-location-properties',
  'GET /api/models/{id}/find-scenarios/{text}',
  'GET /api/models/{id}/main-logo',
  'GET /api/models/{id}/secondary-logo',
  'GET /api/models/{id}/poisets/{id}/pois',
  'GET /api/models/{id}/heatmapsets/{id}/points',
  'GET /api/models/{id}/areasets/{id}/areas',
  'GET /api/models/{id}/areasets/{id}/areas/{areaCode}/properties',
  'GET /api/models/{id}/areasets/{id}/areas/{longitude}/{latitude}/properties',
  'GET /api/models/{id}/location-clusters/near-by/5',
  'GET /api/models/{id}/locations/{id}/pois-in-range',
  'GET /api/models/{modelId}/poisets/{poiSetId}/logo',
  'GET /api/models/{modelId}/poisets/logo',
  'GET /api/models/location-groups/{id}/logo/{shape}/{selected}/{change}',
  'GET /api/search/category-logo',
  'GET /api/tile-proxy/{areaSetNameSlug}/{z}/{x}/{y}',
  'GET /api/search/{north}/{west}/{south}/{east}/{text}',
  'GET /api/isoline/{isoLineSetId}',
  // Scenario and location reads
  'GET /api/models/{submodelId}/scenarios/{sid}/locations/{lid}/matching-locations',
  'GET /api/models/{submodelId}/scenarios/{sid}/locations/{lid}/matching-scores',
  'GET /api/models/{submodelId}/scenarios/{sid}/locations/{lid}/scores',
  'GET /api/models/{submodelId}/scenarios/{sid}/locations/{lid}/catchment-areas/{caId}',
  'GET /api/models/{submodelId}/scenarios/{sid}/differences',
  'GET /api/models/{submodelId}/scenarios/{sid}/catchment-areas/{caId}/areas/{code}/properties',
  'GET /api/models/{submodelId}/scenarios/{sid}/catchment-areas/{caId}/areas/{lng}/{lat}/properties',
  'GET /api/models/scenarios/{sid}/locations',
  'GET /api/models/scenarios/{sid}/locations-of-scenarios',
  'GET /api/models/scenarios/{sid}/changes',
  'GET /api/models/scenarios/{sid}/parents',
  'GET /api/models/scenarios/{sid}/drivers',
  'GET /api/models/scenarios/{sid}/locations/{lid}/properties',
  'GET /api/models/scenarios/{sid}/property-values/{p1}/{p2}',
  'GET /api/models/scenarios/locations/{lid}/photo',
  'GET /api/models/scenarios/locations/{lid}/isolines',
  // Scenario and location writes
  'POST /api/models/scenarios/{sid}/locations',
  'PUT /api/models/{mid}/scenarios/{sid}/locations/{lid}',
  'DELETE /api/models/scenarios/{sid}/locations/{lid}/close',
  'PUT /api/models/scenarios/{sid}/locations/{lid}/undo-close',
  'PUT /api/models/scenarios/{sid}/locations/{lid}/undo-edit',
  'DELETE /api/models/scenarios/{sid}/locations/{lid}',
  'POST /api/models/{mid}/scenarios',
  'PUT /api/models/{mid}/scenarios',
  'DELETE /api/models/{mid}/scenarios/{id}',
  'PUT /api/models/scenarios/{id}/start-processing',
  'PUT /api/models/scenarios/{src}/copy-changes/{dest}',
  'PUT /api/functions/validate',
  'PUT /api/models/{submodelId}/model-parameters', // path not shown by the spec
  'PUT /api/models/{submodelId}/normalized-scores-functions', // path not shown by the spec
  'PUT /api/models/{modelId}/drivers', // path not shown by the spec
  // Admin
  'GET /api/admin/log',
  'GET /api/admin/users',
  'GET /api/admin/scenarioStatus',
  'GET /api/admin/logins',
  'GET /api/admin/models',
  'GET /api/admin/models/{userId}',
  'GET /api/admin/users/{modelId}',
  'PUT /api/admin/logins',
  'DELETE /api/admin/logins/{id}',
  'POST /api/admin/logins/',
  'PUT /api/admin/models',
  'PUT /api/admin/users',
  'PUT /api/admin/{modelId}/start-processing-unprocessed',
  'PUT /api/admin/users/sync', // path not shown by the spec
  // Downloads
  'GET /api/models/scenarios/{scenarioId}/locations/export',
  'GET /api/models/{modelId}/scenarios/locations/export',
  'GET /api/models/scenarios/{scenarioId}/locations/{locationId}/calculation-model',
  'GET /api/models/scenarios/{scenarioId}/output/export',
  'GET /api/models/{modelId}/output/export',
  'GET /api/models/{subModelId}/scenarios/{scenarioId}/areas/{areaCode}/export/',
  'GET /api/models/{subModelId}/scenarios/{scenarioId}/locations/{locationId}/catchment-area/export',
  'GET /api/models/{subModelId}/scenarios/{scenarioId}/locations/{locationId}/catchment-area/export/{catchmentAreaName}',
  'GET /api/models/scenarios/locations/{locationId}/areas/export/{catchmentAreaName}',
];

/**
 * A path reduced to its shape: parameters ('{id}', ':modelId') and numeric
 * literals (near-by/5) become ':', the query and a trailing slash go.
 */
export function pathShape(path: string): string {
  return path
    .split('?')[0]
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (/^\{[^}]*\}$/.test(segment) || segment.startsWith(':') || /^\d+$/.test(segment) ? ':' : segment))
    .join('/');
}

/** 'GET /api/models/{id}' as { method, shape }. */
export function callShape(call: string): { method: string; shape: string } {
  const [method, path] = call.split(' ');
  return { method, shape: pathShape(path) };
}
