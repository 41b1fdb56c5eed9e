// The catchment of a location: per demand area its value V_ij, fraction P_ij,
// the same two in the default scenario, its share of the location's output,
// and its zone. Areas are ranked by value; the primary catchment is the
// shortest prefix whose cumulative share reaches 50 % of the output, the
// secondary adds areas until 80 %; an area with fraction < 0.01 is "excluded".

import { EXCLUDED_AREA_FRACTION, PRIMARY_CATCHMENT_SHARE, SECONDARY_CATCHMENT_SHARE } from '../constants.js';
import type { ScenarioResult } from '../model/scenario.js';
import { locationPairIndex } from './location-pairs.js';

export type CatchmentZone = 'primary' | 'secondary' | 'outside';

export interface CatchmentArea {
  /** Index of the area in the area set of the catchment. */
  area: number;
  /** 1 = largest value. */
  rank: number;
  value: number;
  fraction: number;
  valueDefault: number;
  fractionDefault: number;
  /** value / the location's output. */
  valueSharePrevious: number;
  /** Share of the output of this area and every area ranked before it. */
  cumulativeShare: number;
  zone: CatchmentZone;
  excluded: boolean;
}

export interface Catchment {
  output: number;
  areas: CatchmentArea[];
}

type PairResult = Pick<ScenarioResult, 'pairs' | 'probability' | 'flow' | 'output'>;

export interface CatchmentOptions {
  /** The default (base) scenario's result, for valueDefault and fractionDefault. */
  defaultResult?: PairResult;
  /** The location's index in the default result; absent when it is not there (a new location). */
  defaultLocation?: number;
}

/** Ranks entries by value (ties: valueDefault, then area) and assigns shares and zones. */
export function rankCatchment(
  entries: Array<Pick<CatchmentArea, 'area' | 'value' | 'fraction' | 'valueDefault' | 'fractionDefault'>>,
  output: number,
): Catchment {
  const sorted = [...entries].sort((a, b) => b.value - a.value || b.valueDefault - a.valueDefault || a.area - b.area);
  let cumulative = 0;
  let primaryReached = false;
  let secondaryReached = false;
  const areas = sorted.map((e, r): CatchmentArea => {
    cumulative += e.value;
    const share = output > 0 ? e.value / output : 0;
    const cumulativeShare = output > 0 ? cumulative / output : 0;
    let zone: CatchmentZone = 'outside';
    if (e.value > 0) {
      if (!primaryReached) zone = 'primary';
      else if (!secondaryReached) zone = 'secondary';
    }
    // A tiny tolerance so a prefix reaching exactly 50 % is not lost to rounding.
    if (cumulativeShare >= PRIMARY_CATCHMENT_SHARE - 1e-12) primaryReached = true;
    if (cumulativeShare >= SECONDARY_CATCHMENT_SHARE - 1e-12) secondaryReached = true;
    return { ...e, rank: r + 1, valueSharePrevious: share, cumulativeShare, zone, excluded: e.fraction < EXCLUDED_AREA_FRACTION };
  });
  return { output, areas };
}

/** The catchment of location j over the demand areas (the union of the areas it reaches now and in the default scenario). */
export function catchmentOf(result: PairResult, j: number, options: CatchmentOptions = {}): Catchment {
  const byArea = new Map<number, { area: number; value: number; fraction: number; valueDefault: number; fractionDefault: number }>();
  const index = locationPairIndex(result.pairs);
  for (let p = index.offsets[j]; p < index.offsets[j + 1]; p++) {
    const k = index.pair[p];
    if (result.flow[k] === 0 && result.probability[k] === 0) continue;
    byArea.set(index.area[p], { area: index.area[p], value: result.flow[k], fraction: result.probability[k], valueDefault: 0, fractionDefault: 0 });
  }
  const base = options.defaultResult;
  const dj = options.defaultLocation;
  if (base && dj !== undefined && dj < base.pairs.locationCount) {
    const bi = locationPairIndex(base.pairs);
    for (let p = bi.offsets[dj]; p < bi.offsets[dj + 1]; p++) {
      const k = bi.pair[p];
      if (base.flow[k] === 0 && base.probability[k] === 0) continue;
      const i = bi.area[p];
      const e = byArea.get(i) ?? { area: i, value: 0, fraction: 0, valueDefault: 0, fractionDefault: 0 };
      e.valueDefault = base.flow[k];
      e.fractionDefault = base.probability[k];
      byArea.set(i, e);
    }
  }
  return rankCatchment([...byArea.values()], result.output[j]);
}

/** Areas within a coverage (spec: all = 1, secondary = 0.8, primary = 0.5, none = 0). */
export function areasWithinCoverage(catchment: Catchment, coverage: number): CatchmentArea[] {
  if (coverage <= 0) return [];
  if (coverage >= 1) return catchment.areas.filter((a) => a.value > 0);
  const zones: CatchmentZone[] = coverage <= PRIMARY_CATCHMENT_SHARE ? ['primary'] : ['primary', 'secondary'];
  return catchment.areas.filter((a) => zones.includes(a.zone));
}
