// Distance decay per mode: f(t) = scale * (t + constant) ^ (-power) for
// t <= maximumMinutes, else 0. U_ij = A_j * (f_car(t_car) + f_ped(t_ped)).

import type { CandidatePairs } from './candidate-pairs.js';
import { modeIsOn, type DecayParameters, type ModeParameters } from './parameters.js';

/**
 * t + constant is floored at this many minutes, so that a store standing on
 * an area's centroid (t = 0) with constant 0 gets a huge but finite pull: it
 * takes (almost) all of that area, which is the formula's own limit, without
 * an Infinity/Infinity in the probabilities.
 */
export const MINIMUM_DECAY_BASE_MINUTES = 1e-6;

export function decay(mode: ModeParameters, minutes: number): number {
  if (!(minutes <= mode.maximumMinutes)) return 0;
  const base = Math.max(minutes + mode.constant, MINIMUM_DECAY_BASE_MINUTES);
  return mode.scale * Math.pow(base, -mode.power);
}

/** f_car + f_ped for every candidate pair. */
export function pairDecay(pairs: CandidatePairs, parameters: DecayParameters, from = 0, to = pairs.location.length, into?: Float64Array): Float64Array {
  const out = into ?? new Float64Array(pairs.location.length);
  const car = modeIsOn(parameters.car) ? parameters.car : undefined;
  const ped = modeIsOn(parameters.pedestrian) ? parameters.pedestrian : undefined;
  for (let k = from; k < to; k++) {
    let f = 0;
    if (car) f += decay(car, pairs.minutesCar[k]);
    if (ped) f += decay(ped, pairs.minutesPedestrian[k]);
    out[k] = f;
  }
  return out;
}
