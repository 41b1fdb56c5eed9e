// One calculation of a scenario for one sub-model: candidate pairs, decay,
// attractiveness, demand, interaction and outputs, returned as typed arrays
// the server can store and later hand back for an incremental recalculation.

import type { PropertyValues } from '../expression/compile.js';
import type { PointSet, TravelTimeProvider } from '../travel/types.js';
import { findCandidatePairs, type CandidatePairs } from './candidate-pairs.js';
import { pairDecay } from './decay.js';
import {
  attractivenessFunctions,
  compileFunctions,
  demandFunctions,
  functionProducts,
  type CompiledModelFunction,
  type FunctionFallbacks,
} from './functions.js';
import { flowsOf, HuffRows } from './interaction.js';
import type { ModelParameters } from './parameters.js';

/** Demand areas: points (centroids) and their properties. */
export interface AreaInput extends PointSet {
  properties: ArrayLike<PropertyValues>;
}

/** Locations of the scenario: points, properties and whether each attracts demand. */
export interface LocationInput extends PointSet {
  properties: ArrayLike<PropertyValues>;
  /** 1 = attracts demand; 0 = closed, excluded or a retail area. All attract when absent. */
  active?: ArrayLike<number>;
}

export interface ScenarioInput {
  areas: AreaInput;
  locations: LocationInput;
  parameters: ModelParameters;
}

export interface ScenarioResult {
  parameters: ModelParameters;
  pairs: CandidatePairs;
  /**
   * Per pair: f_car + f_ped, the probability P_ij after the cut-off, the flow
   * V_ij. Only the probability is held: decay and flow follow exactly from the
   * minutes and the demand, and are computed when first read.
   */
  readonly decay: Float64Array;
  probability: Float64Array;
  readonly flow: Float64Array;
  /** Per location: 1 when it attracted demand; A_j; output O_j. */
  active: Uint8Array;
  attractiveness: Float64Array;
  output: Float64Array;
  /** Per area: D_i. */
  demand: Float64Array;
  /** Functions that fell back to their defaultValue, with counts (for the processing log). */
  fallbacks: { attractiveness: FunctionFallbacks[]; demand: FunctionFallbacks[] };
}

/** The fields a result holds; decay and flow are derived from them. */
export type ScenarioResultFields = Omit<ScenarioResult, 'decay' | 'flow'>;

/**
 * A ScenarioResult whose decay and flow arrays are computed on first read
 * (and then kept), so a result holds 28 bytes per pair (location, two
 * minutes, probability) instead of 44. The getters sit on the prototype: a
 * spread or structured clone copies only the held fields.
 */
export class HeldResult implements ScenarioResult {
  parameters!: ModelParameters;
  pairs!: CandidatePairs;
  probability!: Float64Array;
  active!: Uint8Array;
  attractiveness!: Float64Array;
  output!: Float64Array;
  demand!: Float64Array;
  fallbacks!: ScenarioResult['fallbacks'];
  #decay: Float64Array | undefined;
  #flow: Float64Array | undefined;
  constructor(fields: ScenarioResultFields) {
    Object.assign(this, fields);
  }
  get decay(): Float64Array {
    return (this.#decay ??= pairDecay(this.pairs, this.parameters));
  }
  get flow(): Float64Array {
    return (this.#flow ??= flowsOf(this.pairs, this.probability, this.demand));
  }
}

/** A result from its held fields (the server restores stored results with it). */
export function scenarioResult<T extends ScenarioResultFields>(fields: T): HeldResult & T {
  return new HeldResult(fields) as HeldResult & T;
}

export function activeMask(locations: LocationInput): Uint8Array {
  const n = locations.latitude.length;
  const mask = new Uint8Array(n);
  for (let j = 0; j < n; j++) mask[j] = locations.active ? (locations.active[j] ? 1 : 0) : 1;
  return mask;
}

/** Compiles the model's functions; throws ModelFunctionError listing every function that does not parse. */
export function compileModel(parameters: ModelParameters): { attractiveness: CompiledModelFunction[]; demand: CompiledModelFunction[] } {
  const compiled = compileFunctions(parameters.functions);
  return { attractiveness: attractivenessFunctions(compiled), demand: demandFunctions(compiled) };
}

export async function calculateScenario(input: ScenarioInput, provider: TravelTimeProvider): Promise<ScenarioResult> {
  const { areas, locations, parameters } = input;
  const compiled = compileModel(parameters);
  const active = activeMask(locations);
  const a = functionProducts(compiled.attractiveness, locations.properties);
  for (let j = 0; j < active.length; j++) if (!active[j]) a.values[j] = 0;
  const d = functionProducts(compiled.demand, areas.properties);
  // The shares are computed row by row as the estimator's sweep writes the
  // pairs (each row still in cache); with a provider that answers otherwise,
  // over the pairs afterwards. Either way the same rows in the same order.
  const output = new Float64Array(locations.latitude.length);
  const rows = new HuffRows(parameters, a.values, parameters.fractionCutOffThreshold, d.values, output);
  const pairs = await findCandidatePairs(provider, parameters, { areas, locations, active }, rows);
  const n = pairs.location.length;
  let probability = rows.probability;
  if (rows.rowCount !== pairs.areaCount || probability.length < n) {
    output.fill(0);
    probability = new Float64Array(n);
    rows.over(pairs, probability);
  } else if (probability.length > n) {
    // The sweep cut its columns to the pairs kept: the shares the same way (a copy when they were copied).
    probability = pairs.location.buffer.byteLength === n * 4 ? probability.slice(0, n) : probability.subarray(0, n);
  }
  return scenarioResult({
    parameters,
    pairs,
    probability,
    active,
    attractiveness: a.values,
    output,
    demand: d.values,
    fallbacks: { attractiveness: a.fallbacks, demand: d.fallbacks },
  });
}

/** Total demand of the areas that have at least one location in reach (equals the sum of all outputs). */
export function demandInReach(result: Pick<ScenarioResult, 'pairs' | 'probability' | 'demand'>): number {
  const { offsets } = result.pairs;
  let total = 0;
  for (let i = 0; i < result.pairs.areaCount; i++) {
    let any = false;
    for (let k = offsets[i]; k < offsets[i + 1]; k++)
      if (result.probability[k] > 0) {
        any = true;
        break;
      }
    if (any) total += result.demand[i];
  }
  return total;
}
