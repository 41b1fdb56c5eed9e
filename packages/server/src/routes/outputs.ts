// The output reads, all from stored results: matching
// locations and scores, the location score table, catchment areas, the
// differences, drivers, the properties chart and an area in a scenario.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { isModelAdmin, resolveModel, resolveScenario } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { areaAt, areaByCode, areaSetPersonType } from '../repo/areas.js';
import { driverFiltersOf } from '../repo/drivers.js';
import { areaInScenario } from '../outputs/area.js';
import { catchmentAreaOf, locationCatchmentArea } from '../outputs/catchments.js';
import { differencesOf, driversOf, matchingOf, propertyValuesOf, scoresOf } from '../outputs/comparisons.js';
import { locationIn, readerFor } from '../outputs/results.js';
import { recordsFor } from '../outputs/records.js';

export function outputHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const reader = readerFor(ctx);
  const records = recordsFor(ctx);

  const areaRead = async (
    user: Parameters<typeof resolveScenario>[1],
    params: { submodelId: number; scenarioId: number; catchmentAreaId: number },
    find: (areaSetId: number) => ReturnType<typeof areaByCode>,
  ) => {
    const scenario = await resolveScenario(db, user, params.scenarioId);
    const ref = await resolveModel(db, user, params.submodelId);
    if (ref.modelId !== scenario.modelId) throw notFound(`scenario ${scenario.id} in model ${params.submodelId}`);
    const catchmentArea = await catchmentAreaOf(db, scenario.modelId, params.catchmentAreaId);
    const area = await find(catchmentArea.area_set_id);
    if (!area) throw notFound('area');
    const personType = await areaSetPersonType(db, catchmentArea.area_set_id);
    return areaInScenario(db, reader, scenario, ref.subModelId, area, personType);
  };

  return {
    matchingLocations: async ({ user, params, query }) => {
      const calc = await reader.calculated(user, params.submodelId, params.scenarioId);
      return matchingOf(db, records, calc, params.locationId, query.topN);
    },

    matchingScores: async ({ user, params, query }) => {
      const calc = await reader.calculated(user, params.submodelId, params.scenarioId);
      return matchingOf(db, records, calc, params.locationId, query.topN);
    },

    locationScores: async ({ user, params }) => {
      const calc = await reader.calculated(user, params.submodelId, params.scenarioId);
      return scoresOf(records, calc, params.locationId, isModelAdmin(user, calc.model.id));
    },

    locationCatchmentArea: async ({ user, params }) => {
      const calc = await reader.calculated(user, params.submodelId, params.scenarioId);
      const catchmentArea = await catchmentAreaOf(db, calc.model.id, params.catchmentAreaId);
      const location = await locationIn(db, calc.scenario.id, params.locationId);
      return locationCatchmentArea(db, reader, calc, params.locationId, catchmentArea, location);
    },

    scenarioDifferences: async ({ user, params, query }) => {
      const calc = await reader.calculated(user, params.submodelId, params.scenarioId);
      return differencesOf(db, reader, calc, query.thresholdPercentage);
    },

    scenarioDrivers: async ({ user, params, query }) => {
      const calc = await reader.calculated(user, undefined, params.scenarioId);
      return driversOf(records, calc, query.locationId, await driverFiltersOf(db, calc.model.id));
    },

    propertyValues: async ({ user, params }) => {
      const calc = await reader.calculated(user, undefined, params.scenarioId);
      return propertyValuesOf(db, records, calc, params.propertyId1, params.propertyId2);
    },

    catchmentAreaPropertiesByCode: async ({ user, params }) => areaRead(user, params, (areaSetId) => areaByCode(db, areaSetId, params.areaCode)),

    catchmentAreaPropertiesByPosition: async ({ user, params }) =>
      areaRead(user, params, (areaSetId) => areaAt(db, areaSetId, params.longitude, params.latitude)),
  } satisfies Partial<RouteHandlers>;
}
