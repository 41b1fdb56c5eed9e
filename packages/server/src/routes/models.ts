// Models and their reference data: the model list, groups, sub-models,
// parameters, functions, drivers, property definitions, logos, processing log.
import type { DriverFilter, IsolineParameter, ProcessingLogEntry } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { resolveModel } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { loadModelList, MODEL_LIST_TABLES, modelParametersOf, normalizedScoresFunctionsOf } from '../repo/models.js';
import { modelsOf } from '../domain/model-list.js';
import { tableCache } from '../db/table-cache.js';
import { definitionEntity, newLocationPropertyEntity, propertyDefinitions } from '../repo/properties.js';
import { sendCached } from '../http/cached.js';

export function modelHandlers(ctx: ServerContext) {
  const { db } = ctx;
  // The model list changes only when an administrator edits a model: read once and kept until one of its
  // tables is written, so it answers at once while calculations write scenarios and results.
  const modelList = tableCache(db, MODEL_LIST_TABLES, () => loadModelList(db));
  return {
    models: async ({ user }) => modelsOf(await modelList(), user),

    locationGroups: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const { rows } = await db.query<{ id: number; code: string; name: string; selectable: boolean }>(
        'SELECT id, code, name, selectable FROM location_group WHERE model_id = $1 ORDER BY sort_order, name',
        [modelId],
      );
      return rows;
    },

    isolinesParameters: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const { rows } = await db.query<{
        id: number;
        profile: string;
        parameters: string | null;
        post_processing_actions: unknown;
        minutes: number;
        base_url: string | null;
        maximum_minutes: number;
        provider: number;
      }>('SELECT * FROM iso_line_set WHERE model_id = $1 ORDER BY id', [modelId]);
      return rows.map((r): IsolineParameter => ({
        profile: r.profile,
        parameters: r.parameters ?? '{}',
        postProcessingActions: JSON.stringify(r.post_processing_actions ?? []),
        minutes: r.minutes,
        isoLineSetId: r.id,
        baseUrl: r.base_url ?? '',
        maximumMinutes: r.maximum_minutes,
        provider: r.provider,
      }));
    },

    submodels: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const { rows } = await db.query<{ id: number; name: string; n: number }>(
        `SELECT id, name, jsonb_array_length(COALESCE(parameters->'functions', '[]'))::int AS n
           FROM sub_model WHERE model_id = $1 ORDER BY sort_order, id`,
        [modelId],
      );
      return rows.map((r) => ({ id: r.id, name: r.name, functionCount: r.n }));
    },

    driverFilters: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      return driverFiltersOf(ctx, modelId);
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
      const { rows } = await db.query<{
        scenario_name: string;
        scheduled: Date;
        started: Date | null;
        isolines_missing: Date | null;
        ended: Date | null;
        user_name: string | null;
        error: string | null;
      }>('SELECT * FROM processing_log WHERE model_id = $1 ORDER BY id DESC LIMIT 100', [modelId]);
      return rows.map((r): ProcessingLogEntry => ({
        scenarioName: r.scenario_name,
        scheduledDateTimeUtc: r.scheduled.toISOString(),
        startedDateTimeUtc: r.started?.toISOString() ?? null,
        isolinesMissingDateTimeUtc: r.isolines_missing?.toISOString() ?? null,
        endedDateTimeUtc: r.ended?.toISOString() ?? null,
        userName: r.user_name ?? '',
        error: user.isGlobalAdmin ? r.error : null,
      }));
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
  user: Parameters<typeof resolveModel>[1],
  id: number,
  column: 'main_logo' | 'secondary_logo',
  request: Parameters<typeof sendCached>[0],
  reply: Parameters<typeof sendCached>[1],
) {
  const { modelId } = await resolveModel(ctx.db, user, id);
  const { rows } = await ctx.db.query<{ logo: string | null }>(`SELECT ${column} AS logo FROM model WHERE id = $1`, [modelId]);
  const logo = rows[0]?.logo;
  if (!logo) throw notFound(`${column.replace('_', ' ')} of model ${modelId}`);
  return sendCached(request, reply, { contentType: 'image/svg+xml', body: logo, maxAge: 3600 });
}

export async function driverFiltersOf(ctx: ServerContext, modelId: number): Promise<DriverFilter[]> {
  const filters = (
    await ctx.db.query<{ id: number; title: string; function: string }>(
      'SELECT id, title, function FROM driver_filter WHERE model_id = $1 ORDER BY sort_order, id',
      [modelId],
    )
  ).rows;
  const drivers = (
    await ctx.db.query<{ id: number; driver_filter_id: number; title: string; function: string; weight: number; rounding_digits: number; inverse: boolean }>(
      `SELECT d.* FROM driver d JOIN driver_filter f ON f.id = d.driver_filter_id WHERE f.model_id = $1 ORDER BY d.sort_order, d.id`,
      [modelId],
    )
  ).rows;
  return filters.map((f) => ({
    id: f.id,
    title: f.title,
    function: f.function,
    drivers: drivers
      .filter((d) => d.driver_filter_id === f.id)
      .map((d) => ({
        id: d.id,
        title: d.title,
        function: d.function,
        weight: d.weight,
        roundingDigits: d.rounding_digits,
        inverse: d.inverse,
      })),
  }));
}
