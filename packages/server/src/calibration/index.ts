// Calibration (docs/api.md "Calibration"): fitting a sub-model's decay powers
// and attractiveness exponent to the actual turnover of the model's base
// scenario. Here the inputs of a fit, read from the database, and the answer
// of a finished one; the fit runs in a worker thread (jobs.ts, fit.ts), the
// calls are in routes/calibration.ts. Nothing is stored: applying is an
// ordinary model-parameters save by the administrator.
import type { CalibrationJob, CalibrationResult } from '@locus/contract/routes/calibration';
import { CalibrationMessage } from '@locus/contract';
import type { ServerContext } from '../context.js';
import { conflict, notFound } from '../domain/errors.js';
import { demandAreaSetId, areaSetKey, engineParameters, loadDemandAreas, loadScenarioLocations } from '../processing/inputs.js';
import { processingSettings } from '../processing/settings.js';
import { actualTurnoverProperty, subModelParameters } from '../repo/models.js';
import { baseScenario } from '../repo/scenarios.js';
import type { FitMeasures } from '@locus/engine';
import { withExponent, type FitOutcome } from './fit.js';
import type { CalibrationWorkerInput, JobState } from './jobs.js';

/** At most this many points go into the scatter (the largest actual turnovers). */
export const MAX_POINTS = 2000;

const fitOf = (m: FitMeasures) => ({ rSquared: m.pseudoRSquared, meanAbsolutePercentageError: m.meanAbsolutePercentageError, globalError: m.globalError });

/** A job as the calls answer it. */
export function jobAnswer(job: JobState<CalibrationResult>): CalibrationJob {
  return { id: job.id, submodelId: job.submodelId, state: job.state, progress: job.progress, error: job.error, result: job.result };
}

/** The base scenario of a model: the oldest scenario without a parent. */
async function baseScenarioId(ctx: ServerContext, modelId: number): Promise<number> {
  const row = await baseScenario(ctx.db, modelId);
  if (!row) throw notFound(`base scenario of model ${modelId}`);
  return row.id;
}

/** Everything the worker needs, read from the database; observed is NaN where a location has no actual turnover. */
export async function calibrationInput(ctx: ServerContext, modelId: number, subModelId: number, request: CalibrationWorkerInput['request']) {
  const { db } = ctx;
  const property = await actualTurnoverProperty(db, modelId);
  if (!property) throw conflict(CalibrationMessage.calibrationNeedsActualTurnover, 'the model names no actual turnover property');
  const parameters = engineParameters((await subModelParameters(db, subModelId)) ?? null);
  const areaSetId = await demandAreaSetId(db, modelId);
  if (areaSetId === undefined) throw conflict(CalibrationMessage.calibrationNeedsDemandAreas, 'the model has no demand areas');
  const areas = await loadDemandAreas(db, areaSetId, await areaSetKey(db, areaSetId));
  const scenarioId = await baseScenarioId(ctx, modelId);
  const inputs = await loadScenarioLocations(db, modelId, scenarioId);
  const n = inputs.rows.length;
  const observed = new Float64Array(n).fill(NaN);
  let count = 0;
  inputs.rows.forEach((row, j) => {
    const value = Number(row.properties?.[property.name]);
    if (inputs.active[j] && row.properties?.[property.name] !== null && row.properties?.[property.name] !== undefined && Number.isFinite(value) && value > 0) {
      observed[j] = value;
      count++;
    }
  });
  if (count < 3) throw conflict(CalibrationMessage.calibrationNeedsActualTurnover, `only ${count} locations have a value of ${property.name}`);
  const input: CalibrationWorkerInput = {
    areas: { latitude: areas.latitude, longitude: areas.longitude, properties: areas.properties },
    locations: {
      latitude: Float64Array.from(inputs.rows, (r) => r.latitude),
      longitude: Float64Array.from(inputs.rows, (r) => r.longitude),
      properties: inputs.records,
      active: inputs.active,
    },
    parameters,
    observed,
    request,
    routing: processingSettings().routing,
  };
  return { input, propertyName: property.name, rows: inputs.rows, count };
}

/** The answer of a finished fit: measures, parameters, rewritten functions and the scatter points. */
export function resultOf(
  outcome: FitOutcome,
  input: CalibrationWorkerInput,
  propertyName: string,
  rows: { location_id: number; name: string }[],
): CalibrationResult {
  const exponent = outcome.after.parameters.attractivenessExponent;
  const functions = input.parameters.functions
    .filter((f) => f.type === 1 && typeof f.id === 'number')
    .map((f) => ({ id: f.id as number, function: withExponent(f.function, exponent) }));
  let locationCount = 0;
  for (const value of input.observed) if (Number.isFinite(value)) locationCount++;
  const points = rows
    .map((row, j) => ({
      locationId: row.location_id,
      name: row.name,
      actual: input.observed[j]!,
      before: outcome.before.output[j]!,
      after: outcome.after.output[j]!,
    }))
    .filter((p) => Number.isFinite(p.actual))
    .sort((a, b) => b.actual - a.actual)
    .slice(0, MAX_POINTS);
  return {
    actualProperty: propertyName,
    locationCount,
    before: { parameters: outcome.before.parameters, fit: fitOf(outcome.before.fit) },
    after: { parameters: outcome.after.parameters, fit: fitOf(outcome.after.fit) },
    functions,
    points,
  };
}
