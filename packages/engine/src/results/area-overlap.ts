// Carrying catchment values from the demand area set to another area set
// (a catchment area definition bound to, say, postcode areas) by surface
// overlap: a demand area's value goes to the target areas in proportion to
// the share of its surface that lies in each. Candidate pairs come from a
// bounding-box index (flatbush); the surfaces from turf.

import { area as turfArea, bbox as turfBbox, featureCollection, intersect } from '@turf/turf';
import Flatbush from 'flatbush';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { rankCatchment, type Catchment } from './catchments.js';

export type AreaFeature = Feature<Polygon | MultiPolygon>;

/** Per source area i: targets target[offsets[i]..offsets[i+1]-1] with weight = share of i's surface inside that target. */
export interface AreaOverlap {
  sourceCount: number;
  targetCount: number;
  offsets: Uint32Array;
  target: Uint32Array;
  weight: Float64Array;
}

export function areaOverlap(sources: readonly AreaFeature[], targets: readonly AreaFeature[]): AreaOverlap {
  const index = new Flatbush(Math.max(1, targets.length));
  for (const t of targets) {
    const [x0, y0, x1, y1] = turfBbox(t);
    index.add(x0, y0, x1, y1);
  }
  if (targets.length === 0) index.add(1000, 1000, 1000, 1000);
  index.finish();
  const offsets = new Uint32Array(sources.length + 1);
  const target: number[] = [];
  const weight: number[] = [];
  sources.forEach((s, i) => {
    const surface = turfArea(s);
    const [x0, y0, x1, y1] = turfBbox(s);
    const hits = index
      .search(x0, y0, x1, y1)
      .filter((t) => t < targets.length)
      .sort((a, b) => a - b);
    for (const t of hits) {
      const shared = intersect(featureCollection([s, targets[t]]));
      if (!shared || !(surface > 0)) continue;
      const w = turfArea(shared) / surface;
      if (w > 0) {
        target.push(t);
        weight.push(Math.min(1, w));
      }
    }
    offsets[i + 1] = target.length;
  });
  return { sourceCount: sources.length, targetCount: targets.length, offsets, target: Uint32Array.from(target), weight: Float64Array.from(weight) };
}

/**
 * A catchment over the demand areas carried to the target area set. Values add
 * up by overlap; a target's fraction is its carried value over its carried
 * demand (the share of the target's demand that goes to the location).
 */
export function carryCatchment(catchment: Catchment, overlap: AreaOverlap, demand: ArrayLike<number>, demandDefault: ArrayLike<number> = demand): Catchment {
  const value = new Map<number, number>();
  const valueDefault = new Map<number, number>();
  const add = (m: Map<number, number>, t: number, v: number) => m.set(t, (m.get(t) ?? 0) + v);
  const touched = new Set<number>();
  for (const a of catchment.areas) {
    for (let k = overlap.offsets[a.area]; k < overlap.offsets[a.area + 1]; k++) {
      const t = overlap.target[k];
      touched.add(t);
      add(value, t, a.value * overlap.weight[k]);
      add(valueDefault, t, a.valueDefault * overlap.weight[k]);
    }
  }
  // Target demand from every source area that overlaps a touched target.
  const targetDemand = new Map<number, number>();
  const targetDemandDefault = new Map<number, number>();
  for (let i = 0; i < overlap.sourceCount; i++) {
    for (let k = overlap.offsets[i]; k < overlap.offsets[i + 1]; k++) {
      const t = overlap.target[k];
      if (!touched.has(t)) continue;
      add(targetDemand, t, demand[i] * overlap.weight[k]);
      add(targetDemandDefault, t, demandDefault[i] * overlap.weight[k]);
    }
  }
  const entries = [...touched].map((t) => {
    const d = targetDemand.get(t) ?? 0;
    const dd = targetDemandDefault.get(t) ?? 0;
    return {
      area: t,
      value: value.get(t) ?? 0,
      fraction: d > 0 ? (value.get(t) ?? 0) / d : 0,
      valueDefault: valueDefault.get(t) ?? 0,
      fractionDefault: dd > 0 ? (valueDefault.get(t) ?? 0) / dd : 0,
    };
  });
  return rankCatchment(entries, catchment.output);
}
