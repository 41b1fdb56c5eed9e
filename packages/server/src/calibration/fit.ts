// Fitting a model to the locations' actual turnover with the engine: the
// scenario is calculated once (candidate pairs with their minutes, A_j, D_i);
// then the decay power of each mode that is on and the exponent e of the
// attractiveness (A_j^e) are searched one at a time (golden-section search,
// two rounds) for the smallest sum of squared residuals, each trial an
// engine interaction over the same pairs. Optionally the engine's local
// attraction calibration (calibrateAttractiveness) follows, as in the
// published Freiburg case. Pure computation: the worker thread runs it.
import {
  calculateScenario,
  calibrateAttractiveness,
  fitMeasures,
  interact,
  modeIsOn,
  pairDecay,
  type FitMeasures,
  type ModelParameters,
  type ScenarioInput,
  type ScenarioResult,
  type TravelTimeProvider,
} from '@locus/engine';

export interface FitRequest {
  fitDecay: boolean;
  fitAttractiveness: boolean;
  /** The engine's per-location attraction calibration after the fit (Wieland 2017): tolerance in percent and passes. */
  localAttraction?: { tolerancePercentage: number; iterations: number };
}

export interface FittedParameters {
  carPower: number | null;
  pedestrianPower: number | null;
  attractivenessExponent: number;
}

export interface FitOutcome {
  before: { parameters: FittedParameters; fit: FitMeasures; output: Float64Array };
  after: { parameters: FittedParameters; fit: FitMeasures; output: Float64Array };
  /** The fit after each pass of the local attraction calibration, when asked for. */
  localAttraction: { fit: FitMeasures; attractiveness: Float64Array; output: Float64Array }[];
}

/** Search bounds: decay powers and the attractiveness exponent. */
export const POWER_RANGE: [number, number] = [0.2, 4];
export const EXPONENT_RANGE: [number, number] = [0.2, 3];
const GOLDEN_STEPS = 14;
const ROUNDS = 2;
/** Fitted values are rounded so the applied parameters give exactly the fit shown. */
const DIGITS = 3;

const round = (v: number) => Math.round(v * 10 ** DIGITS) / 10 ** DIGITS;

/** Evaluations the search makes for a request (for the progress). */
export function evaluationCount(parameters: ModelParameters, request: FitRequest): number {
  let searched = 0;
  if (request.fitDecay) searched += (modeIsOn(parameters.car) ? 1 : 0) + (modeIsOn(parameters.pedestrian) ? 1 : 0);
  if (request.fitAttractiveness) searched += 1;
  return 2 + searched * ROUNDS * (GOLDEN_STEPS + 2) + (request.localAttraction?.iterations ?? 0);
}

/** The smallest of a function on [lo, hi] by golden-section search (steps narrowings); answers the best point seen. */
export function goldenSection(f: (x: number) => number, lo: number, hi: number, steps = GOLDEN_STEPS, start?: number): { x: number; value: number } {
  const ratio = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  let c = b - ratio * (b - a);
  let d = a + ratio * (b - a);
  let fc = f(c);
  let fd = f(d);
  let best = fc < fd ? { x: c, value: fc } : { x: d, value: fd };
  if (start !== undefined) {
    const fs = f(start);
    if (fs <= best.value) best = { x: start, value: fs };
  }
  for (let i = 0; i < steps; i++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - ratio * (b - a);
      fc = f(c);
      if (fc < best.value) best = { x: c, value: fc };
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + ratio * (b - a);
      fd = f(d);
      if (fd < best.value) best = { x: d, value: fd };
    }
  }
  return best;
}

function withPowers(parameters: ModelParameters, p: FittedParameters): ModelParameters {
  return {
    ...parameters,
    car: parameters.car && p.carPower !== null ? { ...parameters.car, power: p.carPower } : parameters.car,
    pedestrian: parameters.pedestrian && p.pedestrianPower !== null ? { ...parameters.pedestrian, power: p.pedestrianPower } : parameters.pedestrian,
  };
}

/**
 * Calculates the scenario and fits its parameters to observed (NaN where a
 * location has no actual turnover). onProgress gets 0..1.
 */
export async function fitToObserved(
  input: ScenarioInput,
  provider: TravelTimeProvider,
  observed: Float64Array,
  request: FitRequest,
  onProgress: (fraction: number) => void = () => {},
): Promise<FitOutcome> {
  const total = evaluationCount(input.parameters, request);
  let done = 0;
  const step = () => onProgress(Math.min(1, ++done / total));

  const base: ScenarioResult = await calculateScenario(input, provider);
  step();
  const { pairs, demand } = base;
  const a0 = base.attractiveness;
  const fraction = input.parameters.fractionCutOffThreshold;
  const carOn = modeIsOn(input.parameters.car);
  const pedOn = modeIsOn(input.parameters.pedestrian);

  const attractivenessFor = (exponent: number) => {
    if (exponent === 1) return a0;
    const a = new Float64Array(a0.length);
    for (let j = 0; j < a.length; j++) a[j] = a0[j] > 0 ? Math.pow(a0[j], exponent) : 0;
    return a;
  };
  const outputFor = (p: FittedParameters) =>
    interact({
      pairs,
      decay: pairDecay(pairs, withPowers(input.parameters, p)),
      attractiveness: attractivenessFor(p.attractivenessExponent),
      demand,
      fractionCutOffThreshold: fraction,
    }).output;
  const rss = (p: FittedParameters) => {
    step();
    return fitMeasures(observed, outputFor(p)).residualsSquaredSum;
  };

  const start: FittedParameters = {
    carPower: carOn ? input.parameters.car!.power : null,
    pedestrianPower: pedOn ? input.parameters.pedestrian!.power : null,
    attractivenessExponent: 1,
  };
  const beforeOutput = outputFor(start);
  step();

  let current = { ...start };
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    if (request.fitDecay && carOn) {
      const best = goldenSection((x) => rss({ ...current, carPower: x }), POWER_RANGE[0], POWER_RANGE[1], GOLDEN_STEPS, current.carPower!);
      current = { ...current, carPower: best.x };
    }
    if (request.fitDecay && pedOn) {
      const best = goldenSection((x) => rss({ ...current, pedestrianPower: x }), POWER_RANGE[0], POWER_RANGE[1], GOLDEN_STEPS, current.pedestrianPower!);
      current = { ...current, pedestrianPower: best.x };
    }
    if (request.fitAttractiveness) {
      const best = goldenSection(
        (x) => rss({ ...current, attractivenessExponent: x }),
        EXPONENT_RANGE[0],
        EXPONENT_RANGE[1],
        GOLDEN_STEPS,
        current.attractivenessExponent,
      );
      current = { ...current, attractivenessExponent: best.x };
    }
  }
  const fitted: FittedParameters = {
    carPower: current.carPower === null ? null : round(current.carPower),
    pedestrianPower: current.pedestrianPower === null ? null : round(current.pedestrianPower),
    attractivenessExponent: round(current.attractivenessExponent),
  };
  // Rounding could in principle lose to the start: keep the start then.
  let afterParameters = fitted;
  let afterOutput = outputFor(fitted);
  if (fitMeasures(observed, afterOutput).residualsSquaredSum > fitMeasures(observed, beforeOutput).residualsSquaredSum) {
    afterParameters = start;
    afterOutput = beforeOutput;
  }

  const localAttraction: FitOutcome['localAttraction'] = [];
  if (request.localAttraction && request.localAttraction.iterations > 0) {
    const run = calibrateAttractiveness({
      pairs,
      decay: pairDecay(pairs, withPowers(input.parameters, afterParameters)),
      attractiveness: attractivenessFor(afterParameters.attractivenessExponent),
      demand,
      fractionCutOffThreshold: fraction,
      observed,
      tolerancePercentage: request.localAttraction.tolerancePercentage,
      iterations: request.localAttraction.iterations,
    });
    for (const pass of run.passes) {
      localAttraction.push({ fit: pass.fit, attractiveness: pass.attractiveness, output: pass.output });
      step();
    }
  }
  onProgress(1);
  return {
    before: { parameters: start, fit: fitMeasures(observed, beforeOutput), output: beforeOutput },
    after: { parameters: afterParameters, fit: fitMeasures(observed, afterOutput), output: afterOutput },
    localAttraction,
  };
}

/**
 * An attractiveness function raised to the fitted exponent: pow(x, n)
 * becomes pow(x, n * e); any other expression f becomes pow(f, e).
 */
export function withExponent(source: string, exponent: number): string {
  if (exponent === 1) return source;
  const trimmed = source.trim();
  const match = /^pow\((.*),\s*(-?\d+(?:\.\d+)?)\s*\)$/s.exec(trimmed);
  if (match && balanced(match[1]!)) return `pow(${match[1]}, ${round(Number(match[2]) * exponent)})`;
  return `pow(${trimmed}, ${exponent})`;
}

/** Parentheses balance (so 'pow(a, 1) * pow(b, 2)' is not read as one pow). */
function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
