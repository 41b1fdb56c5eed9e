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

/**
 * How inversePower computes a power: 1 to 8 for the whole and half powers
 * 0.5 .. 4 (products and at most one square root), 0 for Math.pow. Found
 * once per mode, so the loops switch on a small integer.
 */
export function powerRoute(power: number): number {
  const twice = power * 2;
  return twice >= 1 && twice <= 8 && Number.isInteger(twice) ? twice : 0;
}

/** base ^ (-power) by the route powerRoute(power) gives; see inversePower. */
export function inversePowerBy(base: number, route: number, power: number): number {
  switch (route) {
    case 1:
      return 1 / Math.sqrt(base);
    case 2:
      return 1 / base;
    case 3:
      return 1 / (base * Math.sqrt(base));
    case 4:
      return 1 / (base * base);
    case 5:
      return 1 / (base * base * Math.sqrt(base));
    case 6:
      return 1 / (base * base * base);
    case 7:
      return 1 / (base * base * base * Math.sqrt(base));
    case 8: {
      const s = base * base;
      return 1 / (s * s);
    }
    default:
      return Math.pow(base, -power);
  }
}

/**
 * base ^ (-power) by the cheapest exact route: products (and one square root)
 * for the whole and half powers up to 4, which are what models use (2, 2.5,
 * ...); Math.pow otherwise. Both agree to a few units in the last place.
 */
export function inversePower(base: number, power: number): number {
  return inversePowerBy(base, powerRoute(power), power);
}

export function decay(mode: ModeParameters, minutes: number): number {
  if (!(minutes <= mode.maximumMinutes)) return 0;
  const base = Math.max(minutes + mode.constant, MINIMUM_DECAY_BASE_MINUTES);
  return mode.scale * inversePower(base, mode.power);
}

/** f_car + f_ped of one pair (the modes that are off given as undefined). */
export function pairDecayOf(car: ModeParameters | undefined, pedestrian: ModeParameters | undefined, minutesCar: number, minutesPedestrian: number): number {
  let f = 0;
  if (car !== undefined) f += decay(car, minutesCar);
  if (pedestrian !== undefined) f += decay(pedestrian, minutesPedestrian);
  return f;
}

/** f_car + f_ped for every candidate pair. */
export function pairDecay(pairs: CandidatePairs, parameters: DecayParameters, from = 0, to = pairs.location.length, into?: Float64Array): Float64Array {
  const out = into ?? new Float64Array(pairs.location.length);
  const car = modeIsOn(parameters.car) ? parameters.car : undefined;
  const ped = modeIsOn(parameters.pedestrian) ? parameters.pedestrian : undefined;
  const { minutesCar, minutesPedestrian } = pairs;
  for (let k = from; k < to; k++) out[k] = pairDecayOf(car, ped, minutesCar[k], minutesPedestrian[k]);
  return out;
}
