// Scenario reads: the lists of a model and the reads of one scenario
// ("Models and reference data" and "Scenario and location reads").
import * as z from 'zod';
import { DifferenceThresholdPercentage } from '../constants';
import { Area } from '../entities/area';
import { PropertiesChartEntry } from '../entities/charts';
import { ScenarioDifferences } from '../entities/differences';
import { DriverFilterChart } from '../entities/drivers';
import { Scenario, ScenarioChange, ScenarioLocation, ScenarioOnlyStatus, ScenarioParent } from '../entities/scenario';
import { idParam, latitudeParam, longitudeParam, numberParam, textParam } from '../primitives';
import { defineRoute } from './define';
import { locationId, modelId, scenarioId, submodelId } from './params';

const ModelParams = z.object({ modelId: modelId() });
const ScenarioParams = z.object({ scenarioId: scenarioId() });
const SubmodelScenarioParams = z.object({ submodelId: submodelId(), scenarioId: scenarioId() });
const CatchmentAreaParams = SubmodelScenarioParams.extend({ catchmentAreaId: idParam('catchmentAreaId') });

export const scenarios = defineRoute({
  name: 'scenarios',
  method: 'GET',
  path: '/api/models/:modelId/scenarios',
  specPath: 'GET /api/models/{id}/scenarios',
  params: ModelParams,
  response: z.array(Scenario),
  produces: 'json',
  role: 'user',
  description: 'The scenarios of a model: top scenarios first, then by name descending, nested by parent.',
});

export const scenariosOnlyStatus = defineRoute({
  name: 'scenariosOnlyStatus',
  method: 'GET',
  path: '/api/models/:modelId/scenarios/only-status',
  specPath: 'GET /api/models/{id}/scenarios/only-status',
  params: ModelParams,
  response: z.array(ScenarioOnlyStatus),
  produces: 'json',
  role: 'user',
  description: 'Id, status and modified of every scenario of a model (polled every 10 s).',
});

export const findScenarios = defineRoute({
  name: 'findScenarios',
  method: 'GET',
  path: '/api/models/:modelId/find-scenarios/:text',
  specPath: 'GET /api/models/{id}/find-scenarios/{text}',
  params: ModelParams.extend({ text: textParam('text') }),
  response: z.array(Scenario),
  produces: 'json',
  role: 'user',
  description: 'The scenarios of a model whose name contains the text (case-insensitive).',
});

export const scenarioDifferences = defineRoute({
  name: 'scenarioDifferences',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/differences',
  specPath: 'GET /api/models/{submodelId}/scenarios/{sid}/differences',
  params: SubmodelScenarioParams,
  query: z.object({
    thresholdPercentage: numberParam('thresholdPercentage', 0, 100).optional().default(DifferenceThresholdPercentage),
  }),
  response: ScenarioDifferences,
  produces: 'json',
  role: 'user',
  description: 'Impact of a calculated scenario against the default scenario, per location, group and cluster; 409 scenarioIsNotCalculated.',
});

export const catchmentAreaPropertiesByCode = defineRoute({
  name: 'catchmentAreaPropertiesByCode',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/catchment-areas/:catchmentAreaId/areas/:areaCode/properties',
  specPath: 'GET /api/models/{submodelId}/scenarios/{sid}/catchment-areas/{caId}/areas/{code}/properties',
  params: CatchmentAreaParams.extend({ areaCode: textParam('areaCode') }),
  response: Area,
  produces: 'json',
  role: 'user',
  description: "An area of the catchment area's area set by code, with its locations, values and total in the scenario; 404 when none.",
});

export const catchmentAreaPropertiesByPosition = defineRoute({
  name: 'catchmentAreaPropertiesByPosition',
  method: 'GET',
  path: '/api/models/:submodelId/scenarios/:scenarioId/catchment-areas/:catchmentAreaId/areas/:longitude/:latitude/properties',
  specPath: 'GET /api/models/{submodelId}/scenarios/{sid}/catchment-areas/{caId}/areas/{lng}/{lat}/properties',
  params: CatchmentAreaParams.extend({ longitude: longitudeParam(), latitude: latitudeParam() }),
  response: Area,
  produces: 'json',
  role: 'user',
  description: 'The area at a point, with its locations, values and total in the scenario; 404 when no area holds the point.',
});

export const locationsOfScenarios = defineRoute({
  name: 'locationsOfScenarios',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/locations-of-scenarios',
  specPath: 'GET /api/models/scenarios/{sid}/locations-of-scenarios',
  params: ScenarioParams,
  response: z.array(ScenarioLocation),
  produces: 'json',
  role: 'user',
  description: 'Which scenario of the chain (the scenario and its parents) holds each location version.',
});

export const scenarioChanges = defineRoute({
  name: 'scenarioChanges',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/changes',
  specPath: 'GET /api/models/scenarios/{sid}/changes',
  params: ScenarioParams,
  response: z.array(ScenarioChange),
  produces: 'json',
  role: 'user',
  description: 'The location changes of a scenario.',
});

export const scenarioParents = defineRoute({
  name: 'scenarioParents',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/parents',
  specPath: 'GET /api/models/scenarios/{sid}/parents',
  params: ScenarioParams,
  response: z.array(ScenarioParent),
  produces: 'json',
  role: 'user',
  description: 'The parent chain of a scenario, from its parent up to the base scenario.',
});

export const scenarioDrivers = defineRoute({
  name: 'scenarioDrivers',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/drivers',
  specPath: 'GET /api/models/scenarios/{sid}/drivers',
  params: ScenarioParams,
  query: z.object({ locationId: locationId() }),
  response: z.array(DriverFilterChart),
  produces: 'json',
  role: 'user',
  description: 'Drivers chart data of a location in a calculated scenario, per driver filter it passes.',
});

export const propertyValues = defineRoute({
  name: 'propertyValues',
  method: 'GET',
  path: '/api/models/scenarios/:scenarioId/property-values/:propertyId1/:propertyId2',
  specPath: 'GET /api/models/scenarios/{sid}/property-values/{p1}/{p2}',
  params: ScenarioParams.extend({ propertyId1: idParam('propertyId1'), propertyId2: idParam('propertyId2') }),
  response: z.array(PropertiesChartEntry),
  produces: 'json',
  role: 'user',
  description: 'Properties chart data: two numeric location properties (by id) of every location of the scenario.',
});
