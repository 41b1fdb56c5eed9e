// Calibrating attractiveness to observed turnover ("local optimisation of
// attraction", Wieland 2017 after Güßefeldt 2002). Each pass: compute the
// outputs T_j with the current attractiveness; every location with an
// observed value whose output misses it by more than tolerancePercentage
// gets A_j := A_j * T_obs,j / T_j (all from the same pass); then the outputs
// are computed again and the fit is measured.

import { interact, type InteractionInput } from './interaction.js';

export interface FitMeasures {
  /** Sum of squared residuals (observed - expected). */
  residualsSquaredSum: number;
  /** (var(observed) - var(residuals)) / var(observed), sample variances. */
  pseudoRSquared: number;
  /** Sum |residual| / sum observed. */
  globalError: number;
  /** Mean of |residual| / observed, a fraction. */
  meanAbsolutePercentageError: number;
}

function sampleVariance(values: number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  return values.reduce((s, v) => s + (v - mean) * (v - mean), 0) / (n - 1);
}

/** Fit of expected against observed over the locations with an observed value (NaN = none). */
export function fitMeasures(observed: ArrayLike<number>, expected: ArrayLike<number>): FitMeasures {
  const obs: number[] = [];
  const res: number[] = [];
  for (let j = 0; j < observed.length; j++) {
    if (!Number.isFinite(observed[j])) continue;
    obs.push(observed[j]);
    res.push(observed[j] - expected[j]);
  }
  const sumObs = obs.reduce((s, v) => s + v, 0);
  const varObs = sampleVariance(obs);
  return {
    residualsSquaredSum: res.reduce((s, e) => s + e * e, 0),
    pseudoRSquared: varObs > 0 ? (varObs - sampleVariance(res)) / varObs : 0,
    globalError: sumObs !== 0 ? res.reduce((s, e) => s + Math.abs(e), 0) / sumObs : 0,
    meanAbsolutePercentageError: obs.length ? res.reduce((s, e, k) => s + Math.abs(e) / obs[k], 0) / obs.length : 0,
  };
}

export interface CalibrationInput extends InteractionInput {
  /** Observed output per location; NaN where there is none (that location keeps its attractiveness). */
  observed: ArrayLike<number>;
  /** Locations within this percentage of their observed value are left alone. */
  tolerancePercentage: number;
  iterations: number;
}

export interface CalibrationPass {
  /** Attractiveness after the pass. */
  attractiveness: Float64Array;
  /** Outputs with that attractiveness. */
  output: Float64Array;
  fit: FitMeasures;
}

export function calibrateAttractiveness(input: CalibrationInput): { passes: CalibrationPass[]; attractiveness: Float64Array; output: Float64Array } {
  let attractiveness = Float64Array.from(input.attractiveness);
  let output = interact({ ...input, attractiveness }).output;
  const passes: CalibrationPass[] = [];
  for (let pass = 0; pass < input.iterations; pass++) {
    const next = Float64Array.from(attractiveness);
    for (let j = 0; j < next.length; j++) {
      const obs = input.observed[j];
      if (!Number.isFinite(obs) || !(output[j] > 0)) continue;
      if ((Math.abs(output[j] - obs) / obs) * 100 > input.tolerancePercentage) next[j] = attractiveness[j] * (obs / output[j]);
    }
    attractiveness = next;
    output = interact({ ...input, attractiveness }).output;
    passes.push({ attractiveness, output, fit: fitMeasures(input.observed, output) });
  }
  return { passes, attractiveness, output };
}
