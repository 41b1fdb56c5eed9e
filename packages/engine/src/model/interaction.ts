// The Huff interaction on the candidate pairs, one demand area (row) at a time:
//   U_ij = A_j * decay_ij,  P_ij = U_ij / sum_k U_ik,
//   P_ij < fractionCutOffThreshold -> 0, the rest renormalised (= U_ij / sum of the kept U);
//   the area's largest share is always kept, so a threshold above every share
//   cannot make an area's demand vanish,
//   V_ij = D_i * P_ij,  O_j = sum_i V_ij.
// Rows are independent, which is what makes the incremental recalculation exact.

import type { CandidatePairs } from './candidate-pairs.js';
import { inversePowerBy, MINIMUM_DECAY_BASE_MINUTES, powerRoute } from './decay.js';
import type { PairRowSink } from '../travel/types.js';
import { modeIsOn, type DecayParameters } from './parameters.js';

export interface InteractionInput {
  pairs: CandidatePairs;
  /** f_car + f_ped per pair. */
  decay: Float64Array;
  attractiveness: Float64Array;
  demand: Float64Array;
  fractionCutOffThreshold: number;
}

/** Fills probability and flow for areas fromArea..toArea-1. */
export function interactRows(input: InteractionInput, probability: Float64Array, flow: Float64Array, fromArea = 0, toArea = input.pairs.areaCount): void {
  const { pairs, decay, attractiveness, demand } = input;
  const { offsets, location } = pairs;
  const threshold = input.fractionCutOffThreshold > 0 ? input.fractionCutOffThreshold : 0;
  for (let i = fromArea; i < toArea; i++) {
    const from = offsets[i];
    const to = offsets[i + 1];
    let sum = 0;
    let largest = 0;
    for (let k = from; k < to; k++) {
      const u = attractiveness[location[k]] * decay[k];
      probability[k] = u;
      sum += u;
      if (u > largest) largest = u;
    }
    if (!(sum > 0)) {
      for (let k = from; k < to; k++) probability[k] = flow[k] = 0;
      continue;
    }
    if (threshold > 0) {
      const cut = Math.min(threshold * sum, largest);
      let kept = 0;
      for (let k = from; k < to; k++) {
        if (probability[k] < cut) probability[k] = 0;
        else kept += probability[k];
      }
      sum = kept;
    }
    const d = demand[i];
    for (let k = from; k < to; k++) {
      const p = probability[k] / sum;
      probability[k] = p;
      flow[k] = d * p;
    }
  }
}

/**
 * The same interaction with the decay computed on the way from the minutes
 * (nothing stored per pair but the probability): per area one pass for
 * U_ij, its sum, largest and smallest; the cut-off pass only when some share
 * falls below the threshold; one pass dividing by the kept sum. Gives the
 * same bits as pairDecay followed by interactRows. Fills probability for
 * areas fromArea..toArea-1.
 */
export function huffRows(
  pairs: CandidatePairs,
  parameters: DecayParameters,
  attractiveness: Float64Array,
  fractionCutOffThreshold: number,
  probability: Float64Array,
  fromArea = 0,
  toArea = pairs.areaCount,
): void {
  const rows = new HuffRows(parameters, attractiveness, fractionCutOffThreshold, undefined, undefined);
  rows.over(pairs, probability, fromArea, toArea);
}

/**
 * The rows of the interaction, one area at a time: huffRows, and with demand
 * and output given O_j += D_i * P_ij in pair order (as outputsOf). Also a
 * PairRowSink, so a sweep that writes the pairs area by area can have each
 * row's shares computed right after writing it, while it is in cache
 * (calculateScenario). Each mode's parameters are read once into fields and
 * its power's route (powerRoute) chosen once, so the loops over the pairs
 * read only typed arrays and numbers; one method per row keeps the loops in
 * a small function that is optimised early and stays so.
 */
export class HuffRows implements PairRowSink {
  private location: Uint32Array = EMPTY_IDS;
  private minutesCar: Float64Array = EMPTY_MINUTES;
  private minutesPedestrian: Float64Array = EMPTY_MINUTES;
  /** The shares, filled row by row (allocated by columns() unless over() is given one). */
  probability: Float64Array = new Float64Array(0);
  /** Rows computed since the columns were set: a sink knows whether a sweep handed it every row. */
  rowCount = 0;
  /**
   * The numbers the rows use, in a Float64Array (see MODE): read from it,
   * they are plain doubles in the loops, where numbers held in fields may
   * be small integers or boxed doubles that are checked and converted at
   * every use. A mode that is off has maximum minutes -Infinity, so no pair
   * is within it.
   */
  private readonly numbers = new Float64Array(MODE.count);
  /** The route of each mode's power (powerRoute): car, pedestrian. */
  private readonly routes = new Int32Array(2);

  constructor(
    parameters: DecayParameters,
    private readonly attractiveness: Float64Array,
    fractionCutOffThreshold: number,
    private readonly demand: Float64Array | undefined,
    private readonly output: Float64Array | undefined,
  ) {
    const v = this.numbers;
    const modes = [parameters.car, parameters.pedestrian];
    for (let m = 0; m < 2; m++) {
      const mode = modes[m];
      const on = modeIsOn(mode);
      const o = m * MODE.stride;
      v[o + MODE.max] = on ? mode.maximumMinutes : -Infinity;
      v[o + MODE.constant] = on ? mode.constant : 0;
      v[o + MODE.scale] = on ? mode.scale : 0;
      v[o + MODE.power] = on ? mode.power : 0;
      this.routes[m] = powerRoute(on ? mode.power : 0);
    }
    v[MODE.threshold] = fractionCutOffThreshold > 0 ? fractionCutOffThreshold : 0;
    v[MODE.floor] = MINIMUM_DECAY_BASE_MINUTES;
  }

  /** PairRowSink: the columns the rows are written into; a fresh probability array of their length. */
  columns(location: Uint32Array, minutesCar: Float64Array, minutesPedestrian: Float64Array, probability?: Float64Array): void {
    this.location = location;
    this.minutesCar = minutesCar;
    this.minutesPedestrian = minutesPedestrian;
    this.probability = probability ?? new Float64Array(location.length);
    this.rowCount = 0;
  }

  /** The rows of areas fromArea..toArea-1 of pairs, into probability. */
  over(pairs: CandidatePairs, probability: Float64Array, fromArea = 0, toArea = pairs.areaCount): void {
    this.columns(pairs.location, pairs.minutesCar, pairs.minutesPedestrian, probability);
    const offsets = pairs.offsets;
    for (let i = fromArea; i < toArea; i++) this.row(i, offsets[i], offsets[i + 1]);
  }

  /** Area i's shares (and outputs) from its pairs from..to-1. */
  row(i: number, from: number, to: number): void {
    this.rowCount++;
    const { location, minutesCar, minutesPedestrian, attractiveness, probability, output } = this;
    const v = this.numbers;
    const carMax = v[MODE.max],
      carConstant = v[MODE.constant],
      carScale = v[MODE.scale],
      carPower = v[MODE.power];
    const pedMax = v[MODE.stride + MODE.max],
      pedConstant = v[MODE.stride + MODE.constant];
    const pedScale = v[MODE.stride + MODE.scale],
      pedPower = v[MODE.stride + MODE.power];
    const floor = v[MODE.floor];
    const carRoute = this.routes[0],
      pedRoute = this.routes[1];
    let sum = 0;
    let largest = 0;
    let smallest = Infinity;
    for (let k = from; k < to; k++) {
      // pairDecayOf, step for step (0 + x and x + 0 are x, so a mode out of reach adds nothing).
      let f = 0;
      const t = minutesCar[k];
      if (t <= carMax) f = carScale * inversePowerBy(Math.max(t + carConstant, floor), carRoute, carPower);
      const w = minutesPedestrian[k];
      if (w <= pedMax) f += pedScale * inversePowerBy(Math.max(w + pedConstant, floor), pedRoute, pedPower);
      const u = attractiveness[location[k]] * f;
      probability[k] = u;
      sum += u;
      if (u > largest) largest = u;
      if (u < smallest) smallest = u;
    }
    if (!(sum > 0)) {
      for (let k = from; k < to; k++) probability[k] = 0;
      if (output !== undefined) {
        const d = this.demand![i];
        for (let k = from; k < to; k++) output[location[k]] += d * probability[k];
      }
      return;
    }
    const threshold = v[MODE.threshold];
    if (threshold > 0) {
      const cut = Math.min(threshold * sum, largest);
      if (smallest < cut) {
        // Shares under the cut become 0 without a branch (which would be
        // mispredicted often): u * 1 is u, u * 0 is 0, and adding 0 leaves
        // the kept sum as it was.
        let kept = 0;
        for (let k = from; k < to; k++) {
          const u = probability[k] * (((probability[k] >= cut) as unknown as number) | 0);
          probability[k] = u;
          kept += u;
        }
        sum = kept;
      }
    }
    if (output === undefined) {
      for (let k = from; k < to; k++) probability[k] = probability[k] / sum;
    } else {
      const d = this.demand![i];
      for (let k = from; k < to; k++) {
        const p = probability[k] / sum;
        probability[k] = p;
        output[location[k]] += d * p;
      }
    }
  }
}

/** Positions in HuffRows' numbers: per mode (car at 0, pedestrian at stride) max, constant, scale, power; then the rest. */
const MODE = { max: 0, constant: 1, scale: 2, power: 3, stride: 4, threshold: 8, floor: 9, count: 10 } as const;

const EMPTY_IDS = new Uint32Array(0);
const EMPTY_MINUTES = new Float64Array(0);

/** V_ij = D_i * P_ij for every pair. */
export function flowsOf(pairs: CandidatePairs, probability: Float64Array, demand: Float64Array): Float64Array {
  const flow = new Float64Array(probability.length);
  const { offsets } = pairs;
  for (let i = 0; i < pairs.areaCount; i++) {
    const d = demand[i];
    for (let k = offsets[i]; k < offsets[i + 1]; k++) flow[k] = d * probability[k];
  }
  return flow;
}

/** O_j = sum_i D_i * P_ij in pair order: the same bits as sumOutputs over the flows, without them. */
export function outputsOf(pairs: CandidatePairs, probability: Float64Array, demand: Float64Array): Float64Array {
  const output = new Float64Array(pairs.locationCount);
  const { offsets, location } = pairs;
  for (let i = 0; i < pairs.areaCount; i++) {
    const d = demand[i];
    for (let k = offsets[i]; k < offsets[i + 1]; k++) output[location[k]] += d * probability[k];
  }
  return output;
}

/** O_j = sum_i V_ij, summed in pair order (so any path to the same flows gives the same bits). */
export function sumOutputs(pairs: CandidatePairs, flow: Float64Array): Float64Array {
  const output = new Float64Array(pairs.locationCount);
  const { location } = pairs;
  for (let k = 0; k < location.length; k++) output[location[k]] += flow[k];
  return output;
}

export function interact(input: InteractionInput): { probability: Float64Array; flow: Float64Array; output: Float64Array } {
  const n = input.pairs.location.length;
  const probability = new Float64Array(n);
  const flow = new Float64Array(n);
  interactRows(input, probability, flow);
  return { probability, flow, output: sumOutputs(input.pairs, flow) };
}
