// Where the synthetic things go: near a place, on a populated land cell drawn
// by its population, jittered within the cell but never off the land.
import { CELL, round5, type Grid } from './areas.js';
import { onLand, type Geography, type Place } from './geography.js';
import type { Random } from './random.js';

export interface Placer {
  /** A position [longitude, latitude] on land within about spreadKm of the place. */
  near(place: Place, spreadKm: number): [number, number];
  /** The place's own point when it is on land, else a position near it. */
  at(place: Place): [number, number];
}

export function createPlacer(geo: Geography, grid: Grid, random: Random): Placer {
  const cells: number[] = [];
  const weights: number[] = [];
  const near = (place: Place, spreadKm: number): [number, number] => {
    const pc = Math.floor((place.longitude - CELL.lng0) / CELL.lng);
    const pr = Math.floor((place.latitude - CELL.lat0) / CELL.lat);
    cells.length = 0;
    weights.length = 0;
    for (let d = Math.max(1, Math.ceil(spreadKm)); cells.length === 0 && d <= 12; d += 2) {
      for (let r = Math.max(0, pr - d); r <= Math.min(grid.rows - 1, pr + d); r++) {
        for (let c = Math.max(0, pc - d); c <= Math.min(grid.cols - 1, pc + d); c++) {
          const i = r * grid.cols + c;
          if (grid.land[i] && grid.population[i]! >= 1) {
            cells.push(i);
            weights.push(grid.population[i]!);
          }
        }
      }
    }
    if (cells.length === 0) throw new Error(`no populated land near ${place.name}`);
    const i = cells[random.weighted(weights)]!;
    const c = i % grid.cols,
      r = Math.floor(i / grid.cols);
    for (let attempt = 0; attempt < 8; attempt++) {
      const x = round5(CELL.lng0 + (c + random.range(0.05, 0.95)) * CELL.lng);
      const y = round5(CELL.lat0 + (r + random.range(0.05, 0.95)) * CELL.lat);
      if (onLand(geo, x, y)) return [x, y];
    }
    // The centre of a land cell is on land by construction.
    return [round5(CELL.lng0 + (c + 0.5) * CELL.lng), round5(CELL.lat0 + (r + 0.5) * CELL.lat)];
  };
  return {
    near,
    at: (place) => (onLand(geo, place.longitude, place.latitude) ? [round5(place.longitude), round5(place.latitude)] : near(place, 1)),
  };
}

/** Stochastic rounding: a whole number whose expectation is `expected`. */
export const countFor = (expected: number, random: Random) => Math.floor(expected) + (random.next() < expected - Math.floor(expected) ? 1 : 0);
