// The ranges of numeric location properties (issue 24, "Location values
// within bounds"): the model administrator's save (functions/property-ranges.ts)
// and the stored values of comparable locations that the location dialog's
// plausibility warning compares a new value with (calculated or not).
import { ChangeType, DataType } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { requireModelAdmin, resolveModel, resolveScenario } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { savePropertyRanges } from '../functions/property-ranges.js';
import { locationRowsFor } from '../processing/location-cache.js';
import { newLocationPropertyEntity, propertyDefinitions, propertyOfModel } from '../repo/properties.js';

export function propertyRangeHandlers(ctx: ServerContext) {
  const { db } = ctx;
  const rowCache = locationRowsFor(ctx);
  return {
    propertyRangesSave: async ({ user, params, body }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      requireModelAdmin(user, modelId);
      if (await savePropertyRanges(db, modelId, body)) await ctx.log.info(`property ranges of model ${modelId} saved`, user.title);
      return (await propertyDefinitions(db, modelId)).filter((p) => p.property_type !== 4).map(newLocationPropertyEntity);
    },

    comparableValues: async ({ user, params, query }) => {
      const scenario = await resolveScenario(db, user, params.scenarioId);
      const property = await propertyOfModel(db, scenario.modelId, params.propertyId);
      if (!property) throw notFound(`location property ${params.propertyId} of model ${scenario.modelId}`);
      const values: number[] = [];
      if (property.data_type === DataType.text || property.data_type === DataType.yesNo) return { values };
      for (const row of await rowCache.rows(db, scenario.id)) {
        if (row.change_type === ChangeType.closed || row.visibility === 2) continue;
        if (query.locationGroupId !== undefined && row.location_group_id !== query.locationGroupId) continue;
        if (row.location_id === query.exceptLocationId) continue;
        const raw = row.properties[property.name];
        const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
        if (Number.isFinite(value)) values.push(value);
      }
      return { values };
    },
  } satisfies Partial<RouteHandlers>;
}
