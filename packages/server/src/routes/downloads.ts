// The downloads: CSV exports (byte-order mark, culture nl or
// en) and the calculation-model workbook. See downloads/.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { locationRowsFor } from '../processing/location-cache.js';
import { resolveModel, resolveScenario } from '../domain/access.js';
import { forbidden, notFound } from '../domain/errors.js';
import { areaByCode, areaCodes } from '../repo/areas.js';
import { createdScenarioId } from '../repo/locations.js';
import { baseScenario } from '../repo/scenarios.js';
import { catchmentRows } from '../outputs/catchments.js';
import { catchmentAreasOf } from '../repo/catchment-areas.js';
import { locationIn, notCalculated, positions, readerFor, type CalculatedScenario } from '../outputs/results.js';
import { scenarioRecords } from '../outputs/records.js';
import { outputPropertyOf } from '../repo/properties.js';
import { loadSubModels } from '../processing/inputs.js';
import { processingSettings } from '../processing/settings.js';
import { exactLocationRows } from '../outputs/exact-rows.js';
import { fileName, sendCsv, sendFile } from '../downloads/csv.js';
import {
  areaCsv,
  catchmentCsv,
  modelScenariosLocationsCsv,
  outputsCsv,
  outsideRangeOf,
  scenarioLocationsCsv,
  type SubModelOutput,
} from '../downloads/exports.js';
import { calculationWorkbook } from '../downloads/workbook.js';

export function downloadHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const reader = readerFor(ctx);

  /** The outputs of every sub-model of a calculated scenario. */
  const outputsOf = async (calc: CalculatedScenario): Promise<SubModelOutput[]> => {
    const list: SubModelOutput[] = [];
    for (const subModel of await loadSubModels(db, calc.model.id)) {
      const summary = await reader.summary(calc.scenario.id, subModel.id);
      if (!summary) throw notCalculated();
      const property = await outputPropertyOf(db, calc.model.id, subModel.id);
      list.push({ name: subModel.name, title: property?.title ?? property?.name ?? 'Output', summary });
    }
    return list;
  };

  const catchmentExport = async (
    user: Parameters<typeof resolveScenario>[1],
    submodelId: number | undefined,
    scenarioId: number,
    locationId: number,
    culture: 'nl' | 'en',
    name: string | undefined,
    withAreaProperties: boolean,
  ) => {
    const calc = await reader.calculated(user, submodelId, scenarioId);
    await locationIn(db, calc.scenario.id, locationId);
    const all = await catchmentAreasOf(db, calc.model.id);
    const chosen = name === undefined ? all : all.filter((c) => c.name === name);
    if (!chosen.length) throw notFound(`catchment area ${name}`);
    const tables = [];
    for (const catchmentArea of chosen) tables.push({ catchmentArea, rows: (await catchmentRows(db, reader, calc, locationId, catchmentArea)).rows });
    return catchmentCsv(db, tables, culture, withAreaProperties);
  };

  return {
    scenarioLocationsExport: async ({ user, params, query, reply }) => {
      const scenario = await resolveScenario(db, user, params.scenarioId);
      return sendCsv(reply, fileName('locations', scenario.name), await scenarioLocationsCsv(db, scenario.modelId, scenario.id, query.culture));
    },

    modelScenariosLocationsExport: async ({ user, params, query, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return sendCsv(reply, fileName('locations-of-all-scenarios', modelId), await modelScenariosLocationsCsv(db, modelId, query.culture));
    },

    scenarioOutputExport: async ({ user, params, query, reply }) => {
      if (query.includeHidden && !user.isGlobalAdmin) throw forbidden('only a global administrator may export hidden columns');
      const calc = await reader.calculated(user, undefined, params.scenarioId);
      const text = await outputsCsv(db, calc.model.id, calc.scenario.id, await outputsOf(calc), query.culture, query.includeHidden);
      return sendCsv(reply, fileName('output', calc.scenario.name), text);
    },

    modelOutputExport: async ({ user, params, query, reply }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const base = await baseScenario(db, modelId);
      if (!base) throw notFound(`base scenario of model ${modelId}`);
      const calc = await reader.calculated(user, modelId, base.id);
      const text = await outputsCsv(db, modelId, base.id, await outputsOf(calc), query.culture, false);
      return sendCsv(reply, fileName('output', calc.model.name), text);
    },

    areaExport: async ({ user, params, query, reply }) => {
      const calc = await reader.calculated(user, params.submodelId, params.scenarioId);
      if (calc.summary.areaSetId === null) throw notFound(`area ${params.areaCode}`);
      const area = await areaByCode(db, calc.summary.areaSetId, params.areaCode);
      if (!area) throw notFound(`area ${params.areaCode}`);
      return sendCsv(reply, fileName('area', area.code, calc.scenario.name), await areaCsv(db, reader, calc.summary, calc.scenario.id, area, query.culture));
    },

    locationCatchmentAreaExport: async ({ user, params, query, reply }) => {
      const text = await catchmentExport(user, params.submodelId, params.scenarioId, params.locationId, query.culture, undefined, false);
      return sendCsv(reply, fileName('catchment-area', params.locationId), text);
    },

    locationCatchmentAreaExportByName: async ({ user, params, query, reply }) => {
      const text = await catchmentExport(user, params.submodelId, params.scenarioId, params.locationId, query.culture, params.catchmentAreaName, false);
      return sendCsv(reply, fileName('catchment-area', params.catchmentAreaName, params.locationId), text);
    },

    locationAreasExport: async ({ user, params, query, reply }) => {
      // No scenario in the path: the location's own scenario, where it was opened.
      const scenarioId = await createdScenarioId(db, params.locationId);
      if (scenarioId === undefined) throw notFound(`location ${params.locationId}`);
      const text = await catchmentExport(user, undefined, scenarioId, params.locationId, query.culture, params.catchmentAreaName, true);
      return sendCsv(reply, fileName('areas', params.catchmentAreaName, params.locationId), text);
    },

    calculationModelWorkbook: async ({ user, params, reply }) => {
      const calc = await reader.calculated(user, undefined, params.scenarioId);
      const location = await locationIn(db, calc.scenario.id, params.locationId);
      const data = await scenarioRecords(db, locationRowsFor(ctx), calc.model.id, calc.subModelId, calc.scenario.id, calc.summary);
      const q = data.rows.findIndex((r) => r.location_id === params.locationId);
      const j = positions(calc.summary).get(params.locationId);
      if (q < 0 || j === undefined) throw notFound(`location ${params.locationId} in the calculation`);
      const record = { ...data.records[q] };
      if (data.outputProperty) delete (record as Record<string, unknown>)[data.outputProperty.name];
      const scoreModel = calc.model.outputType === 4;
      let huff;
      if (!scoreModel) {
        // The workbook shows every pair of the areas the location reaches: those rows calculated again, exactly.
        const { result, areaIds } = await exactLocationRows(db, calc.summary, calc.scenario.id, calc.model, j, processingSettings().routing);
        const names = new Map(data.rows.map((r) => [r.location_id, r.name]));
        const codeOf = await areaCodes(db, Array.from(areaIds));
        huff = {
          result,
          location: j,
          locationNames: (l: number) => names.get(Math.abs(calc.summary.locationIds[l]!)) ?? String(calc.summary.locationIds[l]),
          areaCodes: (i: number) => codeOf.get(areaIds[i]!) ?? String(areaIds[i]),
        };
      }
      const buffer = await calculationWorkbook({
        modelName: calc.model.name,
        scenarioName: calc.scenario.name,
        locationName: location.name,
        record,
        outsideRange: await outsideRangeOf(db, calc.model.id, record),
        outputTitle: data.outputProperty?.title ?? data.outputProperty?.name ?? 'Output',
        output: calc.summary.arrays.output[j]!,
        scoreModel,
        parameters: calc.summary.parameters,
        huff,
      });
      return sendFile(
        reply,
        `${fileName('calculation', location.name, calc.scenario.name)}.xlsx`,
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      );
    },
  } satisfies Partial<RouteHandlers>;
}
