// Basemap data: land, borders and places. The map takes it as input; natural-earth.ts builds it from
// the bundled Natural Earth topology (world-atlas) and the app adds GeoNames places.
import type { LineGeometry, PolygonGeometry } from '../../layer-base/geometry.js';

export interface BasemapPlace {
  name: string;
  lon: number;
  lat: number;
  population: number;
}

export interface BasemapData {
  land: PolygonGeometry[];
  borders: LineGeometry[];
  places: BasemapPlace[];
}

/** The zoom from which a place of this population is labelled. */
export function placeMinZoom(population: number): number {
  if (population >= 1_000_000) return 4;
  if (population >= 300_000) return 6;
  if (population >= 100_000) return 7;
  if (population >= 30_000) return 8.5;
  if (population >= 10_000) return 9.5;
  if (population >= 3_000) return 10.5;
  return 11.5;
}
