// Scenario and location writes. The handlers check that the
// user may reach the scenario's model (403 otherwise; global administrators
// reach every model) and hand over to the rules in ../scenarios/, which run
// each write in one transaction. Every saved write is logged as information.
import {
  mergeRequestMismatch,
  type LocationWriteBody,
  type LocationWriteResult,
  type MergeRequest,
  type Routes,
  type ScenarioCreateBody,
  type ScenarioUpdateBody,
} from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { CurrentUser } from '../domain/user.js';
import { resolveModel, resolveScenario } from '../domain/access.js';
import { DomainError, invalid, notFound } from '../domain/errors.js';
import { scenarioGone } from '../scenarios/versions.js';
import type { HandlerInput, RouteHandlers } from '../http/register-routes.js';
import { copyChanges } from '../scenarios/copy-changes.js';
import {
  closeLocation,
  createLocation,
  deleteLocation,
  undoCloseLocation,
  undoEditLocation,
  updateLocation,
  type LocationWriteTarget,
} from '../scenarios/location-writes.js';
import { createScenario, deleteScenario, updateScenario } from '../scenarios/scenario-writes.js';

/** The routes of the actions on one location, which share their params and query. */
type LocationActionRoute = Routes['locationClose' | 'locationUndoClose' | 'locationUndoEdit' | 'locationDelete'];

interface WriteQuery {
  createScenario: boolean;
  overrideScenarioName?: string;
  version?: number;
}

export function scenarioWriteHandlers(ctx: ServerContext) {
  const { db } = ctx;

  const target = (user: CurrentUser, modelId: number, scenarioId: number, query: WriteQuery, version = query.version): LocationWriteTarget => ({
    modelId,
    scenarioId,
    createScenario: query.createScenario,
    overrideScenarioName: query.overrideScenarioName,
    actorId: user.id,
    version,
  });

  /** The scenario of a write's path; one deleted meanwhile is told as such (404 scenarioNoLongerExists). */
  const writeScenario = async (user: CurrentUser, scenarioId: number) => {
    try {
      return await resolveScenario(db, user, scenarioId);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'notFound') throw scenarioGone(scenarioId);
      throw error;
    }
  };
  const writeScenarioInModel = async (user: CurrentUser, modelId: number, scenarioId: number) => {
    const model = await resolveModel(db, user, modelId);
    const scenario = await writeScenario(user, scenarioId);
    if (scenario.modelId !== model.modelId) throw scenarioGone(scenarioId);
    return { model, scenario };
  };

  const logged = async <T extends LocationWriteResult>(user: CurrentUser, what: string, result: T): Promise<T> => {
    const notes = [
      result.scenarioRenamedTo !== undefined ? `scenario renamed to '${result.scenarioRenamedTo}'` : '',
      result.scenarioDeleted ? 'scenario removed' : '',
    ]
      .filter(Boolean)
      .join(', ');
    await ctx.log.info(`scenario ${result.scenarioId}: ${what} location ${result.locationId}${notes ? ` (${notes})` : ''}`, user.title);
    return result;
  };

  /** A location action under /api/models/scenarios/{sid}/locations/{lid}. */
  const locationAction =
    (what: string, run: (t: LocationWriteTarget, locationId: number) => Promise<LocationWriteResult>) =>
    async ({ user, params, query }: HandlerInput<LocationActionRoute>) => {
      const scenario = await writeScenario(user, params.scenarioId);
      return logged(user, what, await run(target(user, scenario.modelId, scenario.id, query), params.locationId));
    };

  return {
    locationCreate: async ({ user, params, query, body }) => {
      const scenario = await writeScenario(user, params.scenarioId);
      return logged(user, 'opened', await createLocation(db, target(user, scenario.modelId, scenario.id, query), body as LocationWriteBody));
    },

    locationUpdate: async ({ user, params, query, body }) => {
      const { scenario } = await writeScenarioInModel(user, params.modelId, params.scenarioId);
      const write = body as LocationWriteBody;
      return logged(user, 'edited', await updateLocation(db, target(user, scenario.modelId, scenario.id, query, write.version), params.locationId, write));
    },

    locationClose: locationAction('closed', (t, id) => closeLocation(db, t, id)),
    locationUndoClose: locationAction('undid the closure of', (t, id) => undoCloseLocation(db, t, id)),
    locationUndoEdit: locationAction('undid the edit of', (t, id) => undoEditLocation(db, t, id)),
    locationDelete: locationAction('deleted', (t, id) => deleteLocation(db, t, id)),

    scenarioCreate: async ({ user, params, body }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const created = await createScenario(db, modelId, body as ScenarioCreateBody, user.id);
      await ctx.log.info(`scenario ${created.id} '${(body as ScenarioCreateBody).name}' created in model ${modelId}`, user.title);
      return created;
    },

    scenarioUpdate: async ({ user, params, body }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const updated = await updateScenario(db, modelId, body as ScenarioUpdateBody, user.id);
      await ctx.log.info(`scenario ${updated.id} updated ('${updated.name}', top ${updated.isTop}, competition ${updated.competition})`, user.title);
      return updated;
    },

    scenarioDelete: async ({ user, params, query }) => {
      const { model } = await writeScenarioInModel(user, params.modelId, params.scenarioId);
      const deleted = await deleteScenario(db, model.modelId, params.scenarioId, { version: (query as { version?: number }).version, actorId: user.id });
      await ctx.log.info(`scenario ${deleted.id} removed from model ${model.modelId}`, user.title);
      return deleted;
    },

    scenarioCopyChanges: async ({ user, params, query, body }) => {
      const merge = body as MergeRequest;
      const mismatch = mergeRequestMismatch(params, query, merge);
      if (mismatch) throw invalid(mismatch.field, mismatch.message);
      const source = await resolveScenario(db, user, params.sourceScenarioId);
      const destination = await resolveScenario(db, user, params.destinationScenarioId);
      // Another model's scenario is not a destination this source can see: as if it did not exist.
      if (destination.modelId !== source.modelId) throw notFound(`scenario ${destination.id} in model ${source.modelId}`);
      const result = await copyChanges(
        db,
        source.modelId,
        {
          sourceScenarioId: source.id,
          destinationScenarioId: params.destinationScenarioId,
          changedLocations: merge.changedLocations,
          selectedLocations: merge.selectedLocations,
          deleteSourceScenario: merge.deleteSourceScenario,
        },
        user.id,
      );
      await ctx.log.info(
        `scenario ${source.id}: ${result.copiedLocations.length} change(s) copied into scenario ${result.destinationScenarioId}${result.sourceScenarioDeleted ? ', source removed' : ''}`,
        user.title,
      );
      return result;
    },
  } satisfies Partial<RouteHandlers>;
}
