// The calibration calls (docs/api.md "Calibration"): POST starts fitting a
// sub-model's decay powers and attractiveness exponent to the actual turnover
// of the model's base scenario, in a worker thread; GET answers the job's
// progress and, once done, the fit before and after with the rewritten
// attractiveness functions. The fitting is in calibration/.
import type { CalibrationResult } from '@locus/contract/routes/calibration';
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { requireModelAdmin, resolveModel } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { calibrationInput, jobAnswer, resultOf } from '../calibration/index.js';
import { CalibrationJobs, runInWorker } from '../calibration/jobs.js';

export function calibrationHandlers(ctx: ServerContext) {
  const jobs = new CalibrationJobs<CalibrationResult>();
  return {
    calibrationStart: async ({ user, params, body }) => {
      const { modelId, subModelId } = await resolveModel(ctx.db, user, params.submodelId);
      requireModelAdmin(user, modelId);
      const request = { fitDecay: body?.fitDecay ?? true, fitAttractiveness: body?.fitAttractiveness ?? true };
      const { input, propertyName, rows, count } = await calibrationInput(ctx, modelId, subModelId, request);
      const job = jobs.start(subModelId, async (progress) => {
        const outcome = await runInWorker(input, progress);
        return resultOf(outcome, input, propertyName, rows);
      });
      await ctx.log.info(`calibration of sub-model ${subModelId} started on ${count} locations with ${propertyName}`, user.title);
      return jobAnswer(job);
    },

    calibrationStatus: async ({ user, params }) => {
      const { modelId, subModelId } = await resolveModel(ctx.db, user, params.submodelId);
      requireModelAdmin(user, modelId);
      const job = jobs.get(params.calibrationId);
      if (!job || job.submodelId !== subModelId) throw notFound(`calibration ${params.calibrationId}`);
      return jobAnswer(job);
    },
  } satisfies Partial<RouteHandlers>;
}
