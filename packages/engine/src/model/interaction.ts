// The Huff interaction on the candidate pairs, one demand area (row) at a time:
//   U_ij = A_j * decay_ij,  P_ij = U_ij / sum_k U_ik,
//   P_ij < fractionCutOffThreshold -> 0, the rest renormalised (= U_ij / sum of the kept U);
//   the area's largest share is always kept, so a threshold above every share
//   cannot make an area's demand vanish,
//   V_ij = D_i * P_ij,  O_j = sum_i V_ij.
// Rows are independent, which is what makes the incremental recalculation exact.

import type { CandidatePairs } from './candidate-pairs.js';
import { pairDecayOf } from './decay.js';
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
  const { offsets, location, minutesCar, minutesPedestrian } = pairs;
  const car = modeIsOn(parameters.car) ? parameters.car : undefined;
  const ped = modeIsOn(parameters.pedestrian) ? parameters.pedestrian : undefined;
  const threshold = fractionCutOffThreshold > 0 ? fractionCutOffThreshold : 0;
  for (let i = fromArea; i < toArea; i++) {
    const from = offsets[i];
    const to = offsets[i + 1];
    let sum = 0;
    let largest = 0;
    let smallest = Infinity;
    for (let k = from; k < to; k++) {
      const u = attractiveness[location[k]] * pairDecayOf(car, ped, minutesCar[k], minutesPedestrian[k]);
      probability[k] = u;
      sum += u;
      if (u > largest) largest = u;
      if (u < smallest) smallest = u;
    }
    if (!(sum > 0)) {
      for (let k = from; k < to; k++) probability[k] = 0;
      continue;
    }
    if (threshold > 0) {
      const cut = Math.min(threshold * sum, largest);
      if (smallest < cut) {
        let kept = 0;
        for (let k = from; k < to; k++) {
          if (probability[k] < cut) probability[k] = 0;
          else kept += probability[k];
        }
        sum = kept;
      }
    }
    for (let k = from; k < to; k++) probability[k] = probability[k] / sum;
  }
}

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
