// Web Mercator in "world units": x and y run 0..1 over the square world, y grows southwards.
// The raw projection is d3-geo's; the scale and offset put the world on the unit square.
import { geoMercatorRaw } from 'd3-geo';
import { WORLD_SIZE } from '../constants.js';

export type LonLat = [number, number];
export type WorldPoint = [number, number];

/** Latitude limit of the square Web Mercator world. */
export const MAX_LATITUDE = 85.0511287798066;
export const EARTH_RADIUS = 6378137;
const RAD = Math.PI / 180;

/** Longitude/latitude in degrees to world units. */
export function lonLatToWorld(lon: number, lat: number): WorldPoint {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const [x, y] = geoMercatorRaw(lon * RAD, clamped * RAD);
  return [0.5 + x / (2 * Math.PI), 0.5 - y / (2 * Math.PI)];
}

/** World units to longitude/latitude in degrees. */
export function worldToLonLat(x: number, y: number): LonLat {
  const [lambda, phi] = geoMercatorRaw.invert!((x - 0.5) * 2 * Math.PI, (0.5 - y) * 2 * Math.PI);
  return [lambda / RAD, phi / RAD];
}

/** World units to CSS px at a zoom level. */
export function worldScale(zoom: number): number {
  return WORLD_SIZE * Math.pow(2, zoom);
}

/** Ground metres per CSS px at a latitude and zoom. */
export function metersPerPixel(lat: number, zoom: number): number {
  return (Math.cos(lat * RAD) * 2 * Math.PI * EARTH_RADIUS) / worldScale(zoom);
}

/** Metres per world unit at a world y (for converting ground distances into world units). */
export function metersPerWorldUnit(worldY: number): number {
  const lat = worldToLonLat(0.5, worldY)[1];
  return Math.cos(lat * RAD) * 2 * Math.PI * EARTH_RADIUS;
}

/** Projects an interleaved lon,lat array into a new interleaved world array. */
export function projectCoordinates(coords: ArrayLike<number>): Float64Array {
  const out = new Float64Array(coords.length);
  for (let i = 0; i < coords.length; i += 2) {
    const [x, y] = lonLatToWorld(coords[i], coords[i + 1]);
    out[i] = x;
    out[i + 1] = y;
  }
  return out;
}
