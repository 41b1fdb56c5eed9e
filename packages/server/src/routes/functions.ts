// Function validation and the saves of the model editors (model parameters,
// normalized scores functions, drivers). See functions/.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { requireModelAdmin, resolveModel } from '../domain/access.js';
import { areaNames, locationNames } from '../functions/known-names.js';
import { saveDrivers, saveModelParameters, saveNormalizedScoresFunctions } from '../functions/saves.js';
import { messagesOf } from '../functions/validate.js';
import { wakeProcessors } from '../processing/index.js';
import { driverFiltersOf } from '../repo/drivers.js';
import { notFound } from '../domain/errors.js';
import { modelParametersOf } from '../repo/models.js';
import { normalizedScoresFunctionsOf } from '../repo/normalized-scores.js';

export function functionHandlers(ctx: ServerContext) {
  const { db } = ctx;
  return {
    functionsValidate: async ({ user, query, body }) => {
      const { modelId } = await resolveModel(db, user, query.modelId);
      // Without the function's type the expression may read either kind of property.
      const known = new Set([...(await locationNames(db, modelId)), ...(await areaNames(db, modelId))]);
      return { messages: messagesOf((body as string[]).map((source) => ({ source, known }))) };
    },

    modelParametersSave: async ({ user, params, body }) => {
      const { modelId, subModelId } = await resolveModel(db, user, params.submodelId);
      requireModelAdmin(user, modelId);
      await saveModelParameters(db, modelId, subModelId, body, { calculateBase: ctx.config.autoCalculateBase });
      if (ctx.config.autoCalculateBase) wakeProcessors();
      await ctx.log.info(`model parameters of sub-model ${subModelId} saved; the scenarios of model ${modelId} need calculating`, user.title);
      const saved = await modelParametersOf(db, modelId, subModelId);
      if (!saved) throw notFound(`sub-model ${subModelId}`);
      return saved;
    },

    normalizedScoresFunctionsSave: async ({ user, params, body }) => {
      const { modelId } = await resolveModel(db, user, params.submodelId);
      requireModelAdmin(user, modelId);
      await saveNormalizedScoresFunctions(db, modelId, body);
      return normalizedScoresFunctionsOf(db, modelId);
    },

    driversSave: async ({ user, params, body }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      requireModelAdmin(user, modelId);
      await saveDrivers(db, modelId, body);
      return driverFiltersOf(db, modelId);
    },
  } satisfies Partial<RouteHandlers>;
}
