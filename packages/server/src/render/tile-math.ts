// Web Mercator XYZ tile arithmetic (256 px tiles): tile bounds in degrees and
// the projection of a longitude/latitude to a pixel of a tile.
export const TILE_SIZE = 256;

const lat2y = (lat: number) => {
  const s = Math.sin((Math.max(-85.05112878, Math.min(85.05112878, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
};
const y2lat = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** [west, south, east, north] of tile z/x/y in degrees. */
export function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  const n = 2 ** z;
  return [(x / n) * 360 - 180, y2lat((y + 1) / n), ((x + 1) / n) * 360 - 180, y2lat(y / n)];
}

/** A projector from longitude/latitude to pixel coordinates inside tile z/x/y. */
export function tileProjector(z: number, x: number, y: number): (lng: number, lat: number) => [number, number] {
  const scale = 2 ** z * TILE_SIZE;
  const ox = x * TILE_SIZE,
    oy = y * TILE_SIZE;
  return (lng, lat) => [((lng + 180) / 360) * scale - ox, lat2y(lat) * scale - oy];
}
