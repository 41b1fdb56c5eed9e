// Isolines: travel times on a square grid around a point (grid points as
// origins, the point as the one destination), the contour at each number of
// minutes (d3-contour, linear interpolation between grid points), then the
// post-processing actions in order, producing GeoJSON.

import { contours } from 'd3-contour';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { KM_PER_DEGREE_LATITUDE } from '../travel/geo.js';
import { estimatorProvider, reachKm } from '../travel/estimator.js';
import type { Profile, TravelTimeProvider } from '../travel/types.js';
import { applyPostProcessing, type PostProcessingAction } from './post-processing.js';

export interface IsolineRequest {
  latitude: number;
  longitude: number;
  profile: Profile;
  /** One contour per entry. */
  minutes: readonly number[];
  /** Default: the built-in estimator. */
  provider?: TravelTimeProvider;
  /**
   * Half the grid's width in km. Default: the estimator's reach of the largest
   * minutes (with the estimator) or maximumKmPerHour x minutes (other providers), plus 15 %.
   */
  radiusKm?: number;
  /** Straight-line speed bound for the default radius with another provider; car 130, pedestrian 7 km/h. */
  maximumKmPerHour?: number;
  /** Grid points per side (odd keeps the point on a grid point). Default 101. */
  gridSize?: number;
  postProcessingActions?: readonly PostProcessingAction[];
}

export type IsolineFeature = Feature<Polygon | MultiPolygon, { minutes: number }>;

export async function isolines(request: IsolineRequest): Promise<FeatureCollection<Polygon | MultiPolygon, { minutes: number }>> {
  const minutes = [...request.minutes].filter((m) => m > 0).sort((a, b) => a - b);
  if (!minutes.length) return { type: 'FeatureCollection', features: [] };
  const largest = minutes[minutes.length - 1];
  const provider = request.provider ?? estimatorProvider();
  const defaultSpeed = request.profile === 'car' ? 130 : 7;
  const reach = request.radiusKm ?? (request.provider ? ((request.maximumKmPerHour ?? defaultSpeed) * largest) / 60 : reachKm(request.profile, largest)) * 1.15;
  const n = Math.max(5, Math.floor(request.gridSize ?? 101));
  const dLat = (2 * reach) / KM_PER_DEGREE_LATITUDE / (n - 1);
  const dLon = dLat / Math.cos((request.latitude * Math.PI) / 180);
  const lat0 = request.latitude + ((n - 1) / 2) * dLat; // row 0 is the northern edge
  const lon0 = request.longitude - ((n - 1) / 2) * dLon;

  const latitude = new Float64Array(n * n);
  const longitude = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      latitude[y * n + x] = lat0 - y * dLat;
      longitude[y * n + x] = lon0 + x * dLon;
    }
  }
  // Ask a little beyond the largest contour so interpolation at its edge has real times on both sides.
  const ceiling = largest * 1.5;
  const times = await provider.reachable({
    profile: request.profile,
    origins: { latitude, longitude },
    destinations: { latitude: [request.latitude], longitude: [request.longitude] },
    maximumMinutes: ceiling,
  });
  // d3-contour encloses values >= threshold, so contour the negated minutes.
  const values = new Float64Array(n * n).fill(-ceiling);
  for (let i = 0; i < n * n; i++) {
    // The grid's outer ring stays "unreached" so every contour closes inside the grid.
    const x = i % n,
      y = Math.floor(i / n);
    if (x === 0 || y === 0 || x === n - 1 || y === n - 1) continue;
    if (times.offsets[i + 1] > times.offsets[i]) values[i] = -times.minutes[times.offsets[i]];
  }
  const generator = contours()
    .size([n, n])
    .thresholds(minutes.map((m) => -m));
  const toLonLat = (p: number[]) => [lon0 + (p[0] - 0.5) * dLon, lat0 - (p[1] - 0.5) * dLat];
  const features: IsolineFeature[] = [];
  const grid = Array.from(values);
  for (const m of minutes) {
    const geometry = generator.contour(grid, -m);
    const polygons = geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(toLonLat)));
    if (!polygons.length) continue;
    const feature: IsolineFeature = { type: 'Feature', properties: { minutes: m }, geometry: { type: 'MultiPolygon', coordinates: polygons } };
    features.push(applyPostProcessing(feature, request.postProcessingActions ?? []));
  }
  return { type: 'FeatureCollection', features };
}
