// Scenario processing calls: queue one scenario (start-processing), or every
// unprocessed scenario of a model (admin). The queue itself is in processing/.
import { RuleMessage, type ScenarioOnlyStatus, type StartProcessingUnprocessedResult } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { resolveModel, resolveScenario } from '../domain/access.js';
import { conflict } from '../domain/errors.js';
import { requestProcessing, requestProcessingOfUnprocessed, wakeProcessors } from '../processing/index.js';

export function processingHandlers(ctx: ServerContext) {
  const { db } = ctx;
  return {
    scenarioStartProcessing: async ({ user, params }) => {
      const scenario = await resolveScenario(db, user, params.scenarioId);
      const queued = await requestProcessing(db, scenario.id, { id: user.id, title: user.title });
      if (!queued) throw conflict(RuleMessage.scenarioIsReadOnly, 'the scenario is waiting for or in processing');
      wakeProcessors();
      return { id: queued.id, status: queued.status, modified: queued.modified.toISOString() } satisfies ScenarioOnlyStatus;
    },

    adminStartProcessingUnprocessed: async ({ user, params }) => {
      const { modelId } = await resolveModel(db, user, params.modelId);
      const scenarioCount = await requestProcessingOfUnprocessed(db, modelId, { id: user.id, title: user.title });
      if (scenarioCount) wakeProcessors();
      await ctx.log.info(`${scenarioCount} unprocessed scenarios of model ${modelId} queued`, user.title, 'scenario-processing');
      return { modelId, scenarioCount } satisfies StartProcessingUnprocessedResult;
    },
  } satisfies Partial<RouteHandlers>;
}
