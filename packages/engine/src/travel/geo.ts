// Great-circle distance and the bounding box of a radius, on a sphere of the
// mean Earth radius (IUGG), good to ~0.5 % against the ellipsoid: well within
// the accuracy of any straight-line travel-time estimate.

export const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;
export const KM_PER_DEGREE_LATITUDE = (EARTH_RADIUS_KM * Math.PI) / 180;

export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const s = Math.sin(dLat / 2);
  const t = Math.sin(dLon / 2);
  const h = s * s + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * t * t;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A longitude/latitude box that contains every point within radiusKm of (lat, lon). */
export function boxAround(lat: number, lon: number, radiusKm: number): [number, number, number, number] {
  const dLat = (radiusKm / KM_PER_DEGREE_LATITUDE) * 1.000001;
  const maxAbsLat = Math.min(89.999, Math.abs(lat) + dLat);
  const dLon = Math.min(180, dLat / Math.cos(maxAbsLat * RAD));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
}
