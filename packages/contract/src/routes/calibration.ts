// Calibration of a sub-model to the locations' actual turnover (beyond the
// spec; docs/api.md "Calibration", docs/calculation-model.md "Calibration").
// Starting answers a job that runs in a worker thread like a calculation; the
// editor polls it for progress and the fit before and after. Nothing is
// stored: the administrator applies the proposed parameters with an ordinary
// model-parameters save.
import * as z from 'zod';
import { Count, Id } from '../primitives';
import { defineRoute } from './define';
import { submodelId } from './params';

/** How well the model's outputs match the actual turnover. */
export const CalibrationFit = z.object({
  /** Pseudo R²: (var(actual) - var(residuals)) / var(actual). */
  rSquared: z.number(),
  /** Mean of |actual - predicted| / actual, a fraction. */
  meanAbsolutePercentageError: z.number(),
  /** Sum |actual - predicted| / sum actual. */
  globalError: z.number(),
});
export type CalibrationFit = z.infer<typeof CalibrationFit>;

/** The parameters a fit was made with: the decay power per mode (null when the mode is off) and the attractiveness exponent. */
export const CalibrationParameters = z.object({
  carPower: z.number().nullable(),
  pedestrianPower: z.number().nullable(),
  /** The attractiveness A_j is raised to this power (1 = as the functions give it). */
  attractivenessExponent: z.number(),
});
export type CalibrationParameters = z.infer<typeof CalibrationParameters>;

/** One location with an actual turnover: actual against predicted before and after. */
export const CalibrationPoint = z.object({
  locationId: Id,
  name: z.string(),
  actual: z.number(),
  before: z.number(),
  after: z.number(),
});
export type CalibrationPoint = z.infer<typeof CalibrationPoint>;

export const CalibrationResult = z.object({
  /** The location property holding the actual turnover. */
  actualProperty: z.string(),
  /** Locations with an actual turnover (the fit is measured on these). */
  locationCount: Count,
  before: z.object({ parameters: CalibrationParameters, fit: CalibrationFit }),
  after: z.object({ parameters: CalibrationParameters, fit: CalibrationFit }),
  /** The attractiveness functions (type 1) rewritten with the fitted exponent, by function id. */
  functions: z.array(z.object({ id: Id, function: z.string() })),
  points: z.array(CalibrationPoint),
});
export type CalibrationResult = z.infer<typeof CalibrationResult>;

export const CalibrationJob = z.object({
  id: z.string().min(1).max(64),
  submodelId: Id,
  state: z.enum(['running', 'completed', 'failed']),
  /** 0 to 100. */
  progress: z.number().min(0).max(100),
  /** Why a failed job failed. */
  error: z.string().nullable(),
  result: CalibrationResult.nullable(),
});
export type CalibrationJob = z.infer<typeof CalibrationJob>;

export const CalibrationStartBody = z.object({
  /** Fit the decay power of each mode that is on. */
  fitDecay: z.boolean().default(true),
  /** Fit the attractiveness exponent. */
  fitAttractiveness: z.boolean().default(true),
});
export type CalibrationStartBody = z.infer<typeof CalibrationStartBody>;

export const calibrationStart = defineRoute({
  name: 'calibrationStart',
  method: 'POST',
  path: '/api/models/:submodelId/calibration',
  specPath: 'POST /api/models/{submodelId}/calibration',
  params: z.object({ submodelId: submodelId() }),
  body: CalibrationStartBody,
  response: CalibrationJob,
  produces: 'json',
  role: 'modelAdmin',
  description: "Starts fitting the sub-model's decay powers and attractiveness exponent to the base scenario's actual turnover; answers the running job.",
});

export const calibrationStatus = defineRoute({
  name: 'calibrationStatus',
  method: 'GET',
  path: '/api/models/:submodelId/calibration/:calibrationId',
  specPath: 'GET /api/models/{submodelId}/calibration/{calibrationId}',
  params: z.object({ submodelId: submodelId(), calibrationId: z.string().min(1).max(64) }),
  response: CalibrationJob,
  produces: 'json',
  role: 'modelAdmin',
  description: 'The progress of a calibration job, and its result once completed.',
});
