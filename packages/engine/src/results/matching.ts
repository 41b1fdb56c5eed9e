// Matching locations: every normalized-scores function is evaluated for every
// location and min-max normalised to 0..1 over those locations. The similarity
// of location j to the reference r is
//   1 - sqrt( sum_k w_k (z_rk - z_jk)^2 / sum_k w_k ),
// shown as a percentage. The list starts with the reference, then the most similar.

import { compileExpression, type PropertyValues } from '../expression/compile.js';
import { MATCHING_LOCATIONS_TOP_N, MATCHING_SCORES_TOP_N } from '../constants.js';

export interface NormalizedScoresFunction {
  id?: number | string;
  title: string;
  function: string;
  weight: number;
  /** Used when the function fails for a location; 0 when not given. */
  defaultValue?: number;
}

export interface NormalizedScores {
  titles: string[];
  weights: number[];
  /** normalized[k][j]: function k's value for location j, scaled to 0..1 (0 for all when every value is equal). */
  normalized: Float64Array[];
  raw: Float64Array[];
}

export function normalizedScores(functions: readonly NormalizedScoresFunction[], locations: ArrayLike<PropertyValues>): NormalizedScores {
  const raw = functions.map((f) => {
    const e = compileExpression(f.function);
    const values = new Float64Array(locations.length);
    for (let j = 0; j < locations.length; j++) values[j] = e.evaluateNumber(locations[j], f.defaultValue ?? 0);
    return values;
  });
  const normalized = raw.map((values) => {
    let min = Infinity;
    let max = -Infinity;
    for (const v of values) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const span = max - min;
    return values.map((v) => (span > 0 ? (v - min) / span : 0));
  });
  return { titles: functions.map((f) => f.title), weights: functions.map((f) => f.weight), normalized, raw };
}

/** Similarity of j to r, 0..100 (%). 100 when no function has weight. */
export function similarity(scores: NormalizedScores, r: number, j: number): number {
  let sum = 0;
  let weights = 0;
  scores.normalized.forEach((z, k) => {
    const w = scores.weights[k];
    const d = z[r] - z[j];
    sum += w * d * d;
    weights += w;
  });
  return weights > 0 ? (1 - Math.sqrt(sum / weights)) * 100 : 100;
}

export interface MatchingLocation {
  location: number;
  /** Similarity to the reference in percent (the reference itself: 100). */
  score: number;
  normalizedScores: Array<{ title: string; score: number }>;
}

/**
 * The reference first, then the topN - 1 most similar locations (ties by index).
 * `candidates` limits which locations may match (for example: open ones of the same type).
 */
export function matchingLocations(
  scores: NormalizedScores,
  reference: number,
  topN = MATCHING_LOCATIONS_TOP_N,
  candidates?: (j: number) => boolean,
): MatchingLocation[] {
  const count = scores.normalized[0]?.length ?? 0;
  const entry = (j: number): MatchingLocation => ({
    location: j,
    score: similarity(scores, reference, j),
    normalizedScores: scores.titles.map((title, k) => ({ title, score: scores.normalized[k][j] })),
  });
  const others: MatchingLocation[] = [];
  for (let j = 0; j < count; j++) if (j !== reference && (!candidates || candidates(j))) others.push(entry(j));
  others.sort((a, b) => b.score - a.score || a.location - b.location);
  return [entry(reference), ...others.slice(0, Math.max(0, topN - 1))];
}

/** The normalized scores of the reference and its best matches (the radar chart's data). */
export function matchingScores(
  scores: NormalizedScores,
  reference: number,
  topN = MATCHING_SCORES_TOP_N,
  candidates?: (j: number) => boolean,
): MatchingLocation[] {
  return matchingLocations(scores, reference, topN, candidates);
}
