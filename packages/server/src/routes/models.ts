// Models and their reference data: the model list, groups, sub-models,
// parameters, functions, drivers, property definitions, logos, processing log.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { resolveModel } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import type { CurrentUser } from '../domain/user.js';
import { loadModelList, locationGroupsOf, MODEL_LIST_TABLES, modelLogo, modelParametersOf, subModelsOf } from '../repo/models.js';
import { modelsOf } from '../domain/model-list.js';
import { tableCache } from '../db/table-cache.js';
import { driverFiltersOf } from '../repo/drivers.js';
import { isolineParametersOf } from '../repo/isolines.js';
import { processingLogOf } from '../repo/processing-log.js';
import { definitionEntity, newLocationPropertyEntity, propertyDefinitions } from '../repo/properties.js';
import { sendCached } from '../http/cached.js';
import { normalizedScoresFunctionsOf } from '../repo/normalized-scores.js';

export function modelHandlers(ctx: ServerContext) {
  const { db } = ctx;
  // The model list changes only when an administrator edits a model: read once and kept until one of its
  // tables is written, so it answers at once while calculations write scenarios and results.
  const modelList = tableCache(db, MODEL_LIST_TABLES, () => loadModelList(db));
  return {
    models: async ({ user }) => modelsOf(await modelList(), user),

    locationGroups: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return locationGroupsOf(db, modelId);
    },

    isolinesParameters: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return isolineParametersOf(db, modelId);
    },

    submodels: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return subModelsOf(db, modelId);
    },

    driverFilters: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return driverFiltersOf(db, modelId);
    },

    modelParameters: async ({ user, params }) => {
      const { modelId, subModelId } = await resolveModel(db, user, params.submodelId);
      const parameters = await modelParametersOf(db, modelId, subModelId);
      if (!parameters) throw notFound(`sub-model ${params.submodelId}`);
      return parameters;
    },

    normalizedScoresFunctions: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.submodelId);
      return normalizedScoresFunctionsOf(db, modelId);
    },

    processingLog: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      // The errors are for global administrators only.
      return (await processingLogOf(db, modelId)).map((entry) => ({ ...entry, error: user.isGlobalAdmin ? entry.error : null }));
    },

    locationProperties: async ({ user, params }) => {
      const { modelId, subModelId } = await resolveModel(db, user, params.submodelId);
      return (await propertyDefinitions(db, modelId, subModelId)).map((p) => ({ ...definitionEntity(p), oldStringValue: null, oldNumberValue: null }));
    },

    newLocationProperties: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return (await propertyDefinitions(db, modelId)).filter((p) => p.property_type !== 4).map(newLocationPropertyEntity);
    },

    mainLogo: async ({ user, params, request, reply }) => sendLogo(ctx, user, params.modelId, 'main_logo', request, reply),
    secondaryLogo: async ({ user, params, request, reply }) => sendLogo(ctx, user, params.modelId, 'secondary_logo', request, reply),
  } satisfies Partial<RouteHandlers>;
}

async function sendLogo(
  ctx: ServerContext,
  user: CurrentUser,
  id: number,
  column: 'main_logo' | 'secondary_logo',
  request: Parameters<typeof sendCached>[0],
  reply: Parameters<typeof sendCached>[1],
) {
  const { modelId } = await resolveModel(ctx.db, user, id);
  const logo = await modelLogo(ctx.db, modelId, column);
  if (!logo) throw notFound(`${column.replace('_', ' ')} of model ${modelId}`);
  return sendCached(request, reply, { contentType: 'image/svg+xml', body: logo, maxAge: 3600 });
}
