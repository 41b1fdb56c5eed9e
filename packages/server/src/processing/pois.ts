// Points of interest in range (autoCalculateType 6): a property counts the
// POIs of its set within its poi_range_meters of the location. The POIs of a
// set are bucketed in a grid of cells as large as the range, so a count looks
// at nine cells, not at every POI.
import type { Queryable } from '../db/database.js';
import { distanceMetres } from '../repo/pois.js';
import { poiPositions } from '../repo/pois.js';

export interface PoiCountProperty {
  name: string;
  poiSetId: number;
  rangeMeters: number;
}

const METRES_PER_DEGREE = 111_320;

interface Grid {
  cellDegrees: number;
  /** Cells by row, then by column (numbers: no key text built per look-up). */
  cells: Map<number, Map<number, Array<{ latitude: number; longitude: number }>>>;
}

function gridOf(points: Array<{ latitude: number; longitude: number }>, rangeMeters: number): Grid {
  const cellDegrees = Math.max(rangeMeters / METRES_PER_DEGREE, 1e-6);
  const cells: Grid['cells'] = new Map();
  for (const p of points) {
    // Longitude cells as wide as latitude cells in degrees: a neighbourhood of
    // 3 x (1 / cos latitude) columns covers the range at any latitude below 80°.
    const row = Math.floor(p.latitude / cellDegrees);
    const column = Math.floor(p.longitude / cellDegrees);
    let columns = cells.get(row);
    if (!columns) cells.set(row, (columns = new Map()));
    const list = columns.get(column);
    if (list) list.push(p);
    else columns.set(column, [p]);
  }
  return { cellDegrees, cells };
}

function countWithin(grid: Grid, latitude: number, longitude: number, rangeMeters: number): number {
  const row = Math.floor(latitude / grid.cellDegrees);
  const column = Math.floor(longitude / grid.cellDegrees);
  const columns = Math.ceil(1 / Math.max(0.17, Math.cos((latitude * Math.PI) / 180)));
  let count = 0;
  for (let r = row - 1; r <= row + 1; r++) {
    const cells = grid.cells.get(r);
    if (!cells) continue;
    for (let c = column - columns; c <= column + columns; c++) {
      const list = cells.get(c);
      if (!list) continue;
      for (const p of list) {
        if (distanceMetres(latitude, longitude, p.latitude, p.longitude) <= rangeMeters) count++;
      }
    }
  }
  return count;
}

/** Loads the POIs of the properties' sets once; the returned function counts them around a position. */
export async function poiCounter(
  db: Queryable,
  properties: readonly PoiCountProperty[],
): Promise<(latitude: number, longitude: number) => Record<string, number>> {
  if (properties.length === 0) return () => ({});
  const setIds = [...new Set(properties.map((p) => p.poiSetId))];
  // One row of arrays per set: thousands of POIs cost the embedded database several times more as rows.
  const rows = await poiPositions(db, setIds);
  const points = new Map(rows.map((r) => [r.poi_set_id, r.latitude.map((latitude, k) => ({ latitude, longitude: r.longitude[k]! }))]));
  const grids = properties.map((p) => ({
    property: p,
    grid: gridOf(points.get(p.poiSetId) ?? [], p.rangeMeters),
  }));
  return (latitude, longitude) => {
    const counts: Record<string, number> = {};
    for (const { property, grid } of grids) counts[property.name] = countWithin(grid, latitude, longitude, property.rangeMeters);
    return counts;
  };
}
