// File downloads (the spec's Downloads calls). CSV files carry a byte-order
// mark; culture nl uses semicolons and decimal commas, en commas and points.
import * as z from 'zod';
import { booleanParam, textParam } from '../primitives';
import { defineRoute } from './define';
import { CultureQuery, locationId, modelId, scenarioId, submodelId } from './params';

export const scenarioLocationsExport = defineRoute({
  name: 'scenarioLocationsExport',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/locations/export',
  specPath: 'GET /api/models/scenarios/{scenarioId}/locations/export?culture=',
  params: z.object({ scenarioId: scenarioId() }),
  query: CultureQuery,
  response: z.unknown(),
  produces: 'csv',
  role: 'user',
  description: 'The locations of a scenario with their properties.',
});

export const modelScenariosLocationsExport = defineRoute({
  name: 'modelScenariosLocationsExport',
  method: 'GET',
  path: '/api/models/:modelId/scenarios/locations/export',
  specPath: 'GET /api/models/{modelId}/scenarios/locations/export?culture=',
  params: z.object({ modelId: modelId() }),
  query: CultureQuery,
  response: z.unknown(),
  produces: 'csv',
  role: 'globalAdmin',
  description: 'The locations of every scenario of a model.',
});

export const calculationModelWorkbook = defineRoute({
  name: 'calculationModelWorkbook',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/locations/:locationId/calculation-model',
  specPath: 'GET /api/models/scenarios/{scenarioId}/locations/{locationId}/calculation-model',
  params: z.object({ scenarioId: scenarioId(), locationId: locationId() }),
  response: z.unknown(),
  produces: 'xlsx',
  role: 'globalAdmin',
  description: 'The calculation of one location as a workbook with live formulas.',
});

export const scenarioOutputExport = defineRoute({
  name: 'scenarioOutputExport',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/output/export',
  specPath: 'GET /api/models/scenarios/{scenarioId}/output/export?culture=',
  params: z.object({ scenarioId: scenarioId() }),
  query: CultureQuery.extend({ includeHidden: booleanParam('includeHidden').optional().default(false) }),
  response: z.unknown(),
  produces: 'csv',
  role: 'user',
  description: 'The outputs of a calculated scenario; includeHidden=true (hidden columns) only for global administrators, else 403.',
});

export const modelOutputExport = defineRoute({
  name: 'modelOutputExport',
  method: 'GET',
  path: '/api/models/:modelId/output/export',
  specPath: 'GET /api/models/{modelId}/output/export?culture=',
  params: z.object({ modelId: modelId() }),
  query: CultureQuery,
  response: z.unknown(),
  produces: 'csv',
  role: 'user',
  description: 'The outputs of the base scenario of a model.',
});

export const areaExport = defineRoute({
  name: 'areaExport',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/areas/:areaCode/export',
  specPath: 'GET /api/models/{subModelId}/scenarios/{scenarioId}/areas/{areaCode}/export/?culture=',
  params: z.object({ submodelId: submodelId(), scenarioId: scenarioId(), areaCode: textParam('areaCode') }),
  query: CultureQuery,
  response: z.unknown(),
  produces: 'csv',
  role: 'user',
  description: 'The locations drawing from one area in a calculated scenario.',
});

export const locationCatchmentAreaExport = defineRoute({
  name: 'locationCatchmentAreaExport',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/locations/:locationId/catchment-area/export',
  specPath: 'GET /api/models/{subModelId}/scenarios/{scenarioId}/locations/{locationId}/catchment-area/export?culture=',
  params: z.object({ submodelId: submodelId(), scenarioId: scenarioId(), locationId: locationId() }),
  query: CultureQuery,
  response: z.unknown(),
  produces: 'csv',
  role: 'user',
  description: 'The areas of the catchment area of a location (every catchment area of the model).',
});

export const locationCatchmentAreaExportByName = defineRoute({
  name: 'locationCatchmentAreaExportByName',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/locations/:locationId/catchment-area/export/:catchmentAreaName',
  specPath: 'GET /api/models/{subModelId}/scenarios/{scenarioId}/locations/{locationId}/catchment-area/export/{catchmentAreaName}?culture=',
  params: z.object({
    submodelId: submodelId(),
    scenarioId: scenarioId(),
    locationId: locationId(),
    catchmentAreaName: textParam('catchmentAreaName'),
  }),
  query: CultureQuery,
  response: z.unknown(),
  produces: 'csv',
  role: 'user',
  description: 'The areas of one named catchment area of a location.',
});

export const locationAreasExport = defineRoute({
  name: 'locationAreasExport',
  method: 'GET',
  path: '/api/models/scenarios/locations/:locationId/areas/export/:catchmentAreaName',
  specPath: 'GET /api/models/scenarios/locations/{locationId}/areas/export/{catchmentAreaName}?culture=',
  params: z.object({ locationId: locationId(), catchmentAreaName: textParam('catchmentAreaName') }),
  query: CultureQuery,
  response: z.unknown(),
  produces: 'csv',
  role: 'user',
  description: 'The areas of a named catchment area of a location with their area properties.',
});
