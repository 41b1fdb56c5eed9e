// Post-processing actions of an isoline parameter, applied in order:
// smoothing (turf polygonSmooth, N iterations) and buffering (turf buffer by
// a distance; units default to degrees, the unit of the spec's example 0.0025).
// Before a buffer the outline is simplified (Douglas-Peucker) to a twentieth
// of the buffer's distance: a smoothed contour has some 1,400 vertices, the
// buffer's cost grows with them, and the buffer's round joins draw the same
// outline again within that twentieth (some metres).

import { buffer, lengthToDegrees, polygonSmooth, simplify } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';

export type PostProcessingAction =
  { type: 'smoothing'; iterations: number } | { type: 'buffering'; distance: number; units?: 'degrees' | 'kilometers' | 'meters' };

type Area<P> = Feature<Polygon | MultiPolygon, P>;

/** The outline is simplified to this share of the buffer distance before buffering. */
export const SIMPLIFY_SHARE_OF_BUFFER = 0.05;

function asMultiPolygon<P>(features: Array<Feature<Polygon | MultiPolygon>>, properties: P): Area<P> {
  const coordinates: number[][][][] = [];
  for (const f of features) {
    if (f.geometry.type === 'Polygon') coordinates.push(f.geometry.coordinates);
    else coordinates.push(...f.geometry.coordinates);
  }
  return { type: 'Feature', properties, geometry: { type: 'MultiPolygon', coordinates } };
}

export function applyPostProcessing<P>(feature: Area<P>, actions: readonly PostProcessingAction[]): Area<P> {
  let current = feature;
  for (const action of actions) {
    // turf takes plain GeoJSON properties; ours ride along untouched.
    const plain = { type: 'Feature', properties: {}, geometry: current.geometry } as Feature<Polygon | MultiPolygon>;
    if (action.type === 'smoothing') {
      const iterations = Math.max(0, Math.floor(action.iterations));
      if (iterations === 0) continue;
      const smoothed = polygonSmooth(plain, { iterations });
      current = asMultiPolygon(smoothed.features as Array<Feature<Polygon | MultiPolygon>>, current.properties);
    } else if (action.type === 'buffering') {
      const units = action.units ?? 'degrees';
      const degrees = units === 'degrees' ? Math.abs(action.distance) : lengthToDegrees(Math.abs(action.distance), units);
      const outline = degrees > 0 ? simplify(plain, { tolerance: degrees * SIMPLIFY_SHARE_OF_BUFFER, highQuality: false }) : plain;
      const buffered = buffer(outline, action.distance, { units });
      if (buffered) current = asMultiPolygon([buffered as Feature<Polygon | MultiPolygon>], current.properties);
    }
  }
  return current;
}
