// Demand areas of the demo: about 1 km grid cells holding the population of
// each place spread around it over land (a Gaussian kernel whose width grows
// with the place) and a coarser 2 km grid of the same cells. Populations are
// GeoNames'; the spread, households, purchasing power and demographics are
// synthetic.
import { crossings, KM_PER_DEGREE_LAT, KM_PER_DEGREE_LNG, type Geography } from './geography.js';
import type { Random } from './random.js';

export interface DemoArea {
  code: string;
  latitude: number;
  longitude: number;
  bbox: [number, number, number, number];
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
  properties: Record<string, number | string>;
}

/** Cell size: 0.009° latitude (1.0 km) by 0.0147° longitude (1.0 km at 52° N). */
export const CELL = { lat: 0.009, lng: 0.0147, lat0: 50.7, lng0: 3.3 } as const;

export const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

function square(w: number, s: number, e: number, n: number): GeoJSON.Polygon {
  const [a, b, c, d] = [round5(w), round5(s), round5(e), round5(n)];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [a, b],
        [c, b],
        [c, d],
        [a, d],
        [a, b],
      ],
    ],
  };
}

export interface Grid {
  cols: number;
  rows: number;
  /** Inhabitants per cell (index row * cols + col). */
  population: Float64Array;
  /** 1 for cells whose centre is on land (inside the border, off the lakes). */
  land: Uint8Array;
  /** The place that gave the cell most of its people (index into the places), -1 for none. */
  place: Int32Array;
  /** A smooth regional factor per cell (0..1) that varies spending within a province. */
  region: Float64Array;
}

/** Synthetic spending on daily groceries per inhabitant per year (EUR) and share of 65+, by province. */
const PROVINCE_PROFILE: Record<string, { spend: number; elderly: number }> = {
  '01': { spend: 2500, elderly: 0.25 },
  '02': { spend: 2470, elderly: 0.225 },
  '03': { spend: 2600, elderly: 0.21 },
  '04': { spend: 2430, elderly: 0.21 },
  '05': { spend: 2480, elderly: 0.245 },
  '06': { spend: 2640, elderly: 0.21 },
  '07': { spend: 2780, elderly: 0.19 },
  '09': { spend: 2820, elderly: 0.175 },
  '10': { spend: 2560, elderly: 0.245 },
  '11': { spend: 2650, elderly: 0.19 },
  '15': { spend: 2540, elderly: 0.205 },
  '16': { spend: 2520, elderly: 0.16 },
};
const DEFAULT_PROFILE = { spend: 2600, elderly: 0.2 };

/** The kernel width (km) of a place: wider for larger places. */
export const kernelRadiusKm = (population: number) => Math.min(6, Math.max(0.8, 0.9 * Math.sqrt(population / 10_000)));

export function landMask(geo: Geography, cols: number, rows: number): Uint8Array {
  const land = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    const y = CELL.lat0 + (r + 0.5) * CELL.lat;
    const border = crossings(geo.border, y);
    const lakes = crossings(geo.lakes, y);
    let b = 0,
      l = 0;
    for (let c = 0; c < cols; c++) {
      const x = CELL.lng0 + (c + 0.5) * CELL.lng;
      while (b < border.length && border[b]! < x) b++;
      while (l < lakes.length && lakes[l]! < x) l++;
      if (b % 2 === 1 && l % 2 === 0) land[r * cols + c] = 1;
    }
  }
  return land;
}

/** The land cell nearest to a cell (searching outwards ring by ring), or -1. */
function nearestLand(land: Uint8Array, cols: number, rows: number, c0: number, r0: number): number {
  for (let d = 0; d <= 12; d++) {
    let best = -1,
      bestD = Infinity;
    for (let r = r0 - d; r <= r0 + d; r++) {
      for (let c = c0 - d; c <= c0 + d; c++) {
        if (Math.max(Math.abs(r - r0), Math.abs(c - c0)) !== d || r < 0 || c < 0 || r >= rows || c >= cols) continue;
        const i = r * cols + c;
        const dist = (r - r0) ** 2 + (c - c0) ** 2;
        if (land[i] && dist < bestD) {
          bestD = dist;
          best = i;
        }
      }
    }
    if (best >= 0) return best;
  }
  return -1;
}

/**
 * Spreads each place's population over the land cells around it: a Gaussian
 * kernel whose width grows with the place, with a little deterministic
 * roughness per cell. The total per place is kept exactly (before rounding).
 */
export function spreadPopulation(geo: Geography, random: Random): Grid {
  const cols = Math.ceil((geo.bbox[2] - CELL.lng0) / CELL.lng) + 1;
  const rows = Math.ceil((geo.bbox[3] - CELL.lat0) / CELL.lat) + 1;
  const land = landMask(geo, cols, rows);
  const population = new Float64Array(cols * rows);
  const share = new Float64Array(cols * rows);
  const place = new Int32Array(cols * rows).fill(-1);
  const weights: number[] = [];
  const cells: number[] = [];
  geo.places.forEach((p, placeIndex) => {
    const radius = kernelRadiusKm(p.population);
    const reach = 3 * radius;
    const dr = Math.ceil(reach);
    const pc = Math.floor((p.longitude - CELL.lng0) / CELL.lng);
    const pr = Math.floor((p.latitude - CELL.lat0) / CELL.lat);
    weights.length = 0;
    cells.length = 0;
    let total = 0;
    for (let r = Math.max(0, pr - dr); r <= Math.min(rows - 1, pr + dr); r++) {
      for (let c = Math.max(0, pc - dr); c <= Math.min(cols - 1, pc + dr); c++) {
        const i = r * cols + c;
        if (!land[i]) continue;
        // Equirectangular distance: exact enough within a few kilometres.
        const dx = (CELL.lng0 + (c + 0.5) * CELL.lng - p.longitude) * KM_PER_DEGREE_LNG;
        const dy = (CELL.lat0 + (r + 0.5) * CELL.lat - p.latitude) * KM_PER_DEGREE_LAT;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d > reach) continue;
        const w = Math.exp(-((d / radius) ** 2)) * (0.85 + 0.3 * random.next());
        weights.push(w);
        cells.push(i);
        total += w;
      }
    }
    if (total === 0) {
      // A place on a spot the border leaves out (a harbour, a dyke): its people go to the nearest land cell.
      const i = nearestLand(land, cols, rows, pc, pr);
      if (i < 0) return;
      weights.push(1);
      cells.push(i);
      total = 1;
    }
    for (let k = 0; k < cells.length; k++) {
      const i = cells[k]!;
      const people = (p.population * weights[k]!) / total;
      population[i]! += people;
      if (people > share[i]!) {
        share[i] = people;
        place[i] = placeIndex;
      }
    }
  });
  // A smooth field in 0..1: spending differs a little within a province too.
  const phase = [random.range(0, 6.28), random.range(0, 6.28), random.range(0, 6.28)];
  const region = new Float64Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = c / cols,
        y = r / rows;
      const v = 0.5 + 0.25 * Math.sin(6 * x + phase[0]!) * Math.cos(5 * y + phase[1]!) + 0.2 * Math.sin(11 * (x + y) + phase[2]!);
      region[r * cols + c] = Math.min(1, Math.max(0, v));
    }
  }
  return { cols, rows, population, land, place, region };
}

/** Cells with people (factor × factor base cells each), with their demographic properties. */
export function gridCells(geo: Geography, grid: Grid, random: Random, factor = 1): DemoArea[] {
  const out: DemoArea[] = [];
  const { cols, rows } = grid;
  for (let r = 0; r < rows; r += factor) {
    for (let c = 0; c < cols; c += factor) {
      let people = 0,
        region = 0,
        main = -1,
        mainPeople = 0;
      for (let dr = 0; dr < factor && r + dr < rows; dr++) {
        for (let dc = 0; dc < factor && c + dc < cols; dc++) {
          const i = (r + dr) * cols + c + dc;
          const n = grid.population[i]!;
          people += n;
          region += grid.region[i]! / (factor * factor);
          if (n > mainPeople) {
            mainPeople = n;
            main = grid.place[i]!;
          }
        }
      }
      const population = Math.round(people);
      if (population < 1) continue;
      const profile = (main >= 0 && PROVINCE_PROFILE[geo.places[main]!.province]) || DEFAULT_PROFILE;
      const w = CELL.lng0 + c * CELL.lng,
        s = CELL.lat0 + r * CELL.lat;
      const e = w + factor * CELL.lng,
        n = s + factor * CELL.lat;
      const density = population / (factor * factor);
      const rural = 1 - Math.min(1, density / 4000);
      const householdSize = Math.round((2.0 + 0.45 * rural + 0.1 * random.normal()) * 100) / 100;
      const share65plus = Math.round(Math.min(0.4, Math.max(0.06, profile.elderly - 0.03 + 0.06 * rural + 0.02 * random.normal())) * 1000) / 1000;
      const spendPerHead = profile.spend * (0.94 + 0.12 * region) + 40 * random.normal();
      out.push({
        code:
          factor === 1
            ? `E${String(c).padStart(3, '0')}N${String(r).padStart(3, '0')}`
            : `${factor}KM-E${String(c).padStart(3, '0')}N${String(r).padStart(3, '0')}`,
        latitude: round5((s + n) / 2),
        longitude: round5((w + e) / 2),
        bbox: [round5(w), round5(s), round5(e), round5(n)],
        geometry: square(w, s, e, n),
        properties: {
          population,
          households: Math.max(1, Math.round(population / householdSize)),
          averageHouseholdSize: householdSize,
          share65plus,
          purchasingPower: Math.round(population * spendPerHead),
        },
      });
    }
  }
  return out;
}

/**
 * Heat-map weights 0..255 from a value per area: 'sqrt' scales from zero by
 * the square root (so the quiet countryside still shows), 'range' stretches
 * the values' own minimum..maximum (for a rate such as spending per head).
 */
export function heatPoints(
  areas: DemoArea[],
  value: (a: DemoArea) => number,
  scale: 'sqrt' | 'range' = 'sqrt',
): { latitude: number; longitude: number; weight: number }[] {
  const values = areas.map(value);
  let lo = Infinity,
    hi = 0;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const weight =
    scale === 'sqrt'
      ? (v: number) => Math.round(255 * Math.sqrt(Math.max(0, v) / (hi || 1)))
      : (v: number) => Math.round((255 * (v - lo)) / Math.max(1e-9, hi - lo));
  return areas.map((a, i) => ({ latitude: a.latitude, longitude: a.longitude, weight: weight(values[i]!) })).filter((p) => p.weight > 0);
}
