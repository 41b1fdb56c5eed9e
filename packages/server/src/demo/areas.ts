// Demand areas of the demo: about 1 km grid cells holding the population of
// each place spread around it over land (a Gaussian kernel whose width grows
// with the place), a coarser 2 km grid, and Voronoi regions around places
// clipped to the border. Populations are GeoNames'; the spread, households,
// purchasing power and demographics are synthetic.
import { Delaunay } from 'd3-delaunay';
import { intersect, featureCollection, polygon as turfPolygon, multiPolygon as turfMultiPolygon } from '@turf/turf';
import { insideBorder, type Geography, type Place } from './geography.js';
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

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
const KM_PER_DEGREE_LAT = 111.2;
const KM_PER_DEGREE_LNG = 111.2 * Math.cos((52.2 * Math.PI) / 180);

function square(w: number, s: number, e: number, n: number): GeoJSON.Polygon {
  const [a, b, c, d] = [round5(w), round5(s), round5(e), round5(n)];
  return { type: 'Polygon', coordinates: [[[a, b], [c, b], [c, d], [a, d], [a, b]]] };
}

export interface Grid {
  cols: number;
  rows: number;
  /** Inhabitants per cell (index row * cols + col). */
  population: Float64Array;
  land: Uint8Array;
  /** A smooth regional factor per cell (0..1) for purchasing power and demographics. */
  region: Float64Array;
}

export function spreadPopulation(geo: Geography, random: Random): Grid {
  const cols = Math.ceil((geo.bbox[2] - CELL.lng0) / CELL.lng) + 1;
  const rows = Math.ceil((geo.bbox[3] - CELL.lat0) / CELL.lat) + 1;
  const land = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    const y = CELL.lat0 + (r + 0.5) * CELL.lat;
    for (let c = 0; c < cols; c++) {
      const x = CELL.lng0 + (c + 0.5) * CELL.lng;
      if (x >= geo.bbox[0] && x <= geo.bbox[2] && y >= geo.bbox[1] && y <= geo.bbox[3] && insideBorder(geo.border, x, y)) land[r * cols + c] = 1;
    }
  }
  const population = new Float64Array(cols * rows);
  const weights: number[] = [];
  const cells: number[] = [];
  for (const place of geo.places) {
    const radius = Math.min(6, Math.max(0.8, 0.9 * Math.sqrt(place.population / 10_000)));
    const reach = 3 * radius;
    const dr = Math.ceil(reach / 1.0);
    const pc = Math.floor((place.longitude - CELL.lng0) / CELL.lng);
    const pr = Math.floor((place.latitude - CELL.lat0) / CELL.lat);
    weights.length = 0;
    cells.length = 0;
    let total = 0;
    for (let r = Math.max(0, pr - dr); r <= Math.min(rows - 1, pr + dr); r++) {
      for (let c = Math.max(0, pc - dr); c <= Math.min(cols - 1, pc + dr); c++) {
        const i = r * cols + c;
        if (!land[i]) continue;
        // Equirectangular distance: exact enough within a few kilometres.
        const dx = (CELL.lng0 + (c + 0.5) * CELL.lng - place.longitude) * KM_PER_DEGREE_LNG;
        const dy = (CELL.lat0 + (r + 0.5) * CELL.lat - place.latitude) * KM_PER_DEGREE_LAT;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d > reach) continue;
        const w = Math.exp(-((d / radius) ** 2)) * (0.85 + 0.3 * random.next());
        weights.push(w);
        cells.push(i);
        total += w;
      }
    }
    if (total === 0) {
      // A place whose cell is off the coarse border (a harbour, a dyke): keep its people in its own cell.
      const i = Math.min(rows - 1, Math.max(0, pr)) * cols + Math.min(cols - 1, Math.max(0, pc));
      land[i] = 1;
      population[i]! += place.population;
      continue;
    }
    for (let k = 0; k < cells.length; k++) population[cells[k]!]! += (place.population * weights[k]!) / total;
  }
  // A smooth regional field: richer in the west and around the larger cities, in 0..1.
  const phase = [random.range(0, 6.28), random.range(0, 6.28), random.range(0, 6.28)];
  const region = new Float64Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = c / cols, y = r / rows;
      const v = 0.5 + 0.22 * Math.sin(6 * x + phase[0]!) * Math.cos(5 * y + phase[1]!) + 0.18 * Math.sin(11 * (x + y) + phase[2]!) + 0.1 * (1 - x);
      region[r * cols + c] = Math.min(1, Math.max(0, v));
    }
  }
  return { cols, rows, population, land, region };
}

/** Cells with people, with their demographic properties. */
export function gridCells(grid: Grid, random: Random, factor = 1): DemoArea[] {
  const out: DemoArea[] = [];
  const { cols, rows } = grid;
  for (let r = 0; r < rows; r += factor) {
    for (let c = 0; c < cols; c += factor) {
      let people = 0;
      let region = 0;
      for (let dr = 0; dr < factor && r + dr < rows; dr++) {
        for (let dc = 0; dc < factor && c + dc < cols; dc++) {
          const i = (r + dr) * cols + c + dc;
          people += grid.population[i]!;
          region += grid.region[i]! / (factor * factor);
        }
      }
      const population = Math.round(people);
      if (population < 1) continue;
      const w = CELL.lng0 + c * CELL.lng, s = CELL.lat0 + r * CELL.lat;
      const e = w + factor * CELL.lng, n = s + factor * CELL.lat;
      const density = population / (factor * factor);
      const rural = 1 - Math.min(1, density / 4000);
      const householdSize = Math.round((2.0 + 0.45 * rural + 0.1 * random.normal()) * 100) / 100;
      const share65plus = Math.round(Math.min(0.4, Math.max(0.06, 0.15 + 0.09 * rural + 0.03 * random.normal())) * 1000) / 1000;
      const spendPerHead = 2450 + 700 * region + 120 * random.normal();
      out.push({
        code: factor === 1 ? `E${String(c).padStart(3, '0')}N${String(r).padStart(3, '0')}` : `${factor}KM-E${String(c).padStart(3, '0')}N${String(r).padStart(3, '0')}`,
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

/** Voronoi regions around places, clipped to the border, with the cells' totals of their place. */
export function placeRegions(geo: Geography, cells: DemoArea[]): DemoArea[] {
  const k = Math.cos((52.2 * Math.PI) / 180);
  const points = geo.places.map((p) => [p.longitude * k, p.latitude] as [number, number]);
  const delaunay = Delaunay.from(points);
  const [w, s, e, n] = geo.bbox;
  const voronoi = delaunay.voronoi([(w - 0.1) * k, s - 0.1, (e + 0.1) * k, n + 0.1]);
  const totals = geo.places.map(() => ({ population: 0, households: 0, purchasingPower: 0 }));
  let hint = 0;
  for (const cell of cells) {
    hint = delaunay.find(cell.longitude * k, cell.latitude, hint);
    const t = totals[hint]!;
    t.population += Number(cell.properties.population);
    t.households += Number(cell.properties.households);
    t.purchasingPower += Number(cell.properties.purchasingPower);
  }
  const borderFeature = turfMultiPolygon(geo.coarseBorder);
  const out: DemoArea[] = [];
  geo.places.forEach((place: Place, i) => {
    const ring = voronoi.cellPolygon(i);
    if (!ring || totals[i]!.population === 0) return;
    const coords = ring.map(([x, y]) => [x / k, y] as [number, number]);
    let geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon = { type: 'Polygon', coordinates: [coords] };
    if (!coords.every(([x, y]) => insideBorder(geo.coarseBorder, x, y))) {
      const clipped = intersect(featureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon>([turfPolygon([coords]), borderFeature]));
      if (!clipped) return;
      geometry = clipped.geometry;
    }
    geometry = roundGeometry(geometry);
    const bbox = bboxOf(geometry);
    out.push({
      code: `${slug(place.name)}-${place.id}`,
      latitude: round5(place.latitude),
      longitude: round5(place.longitude),
      bbox,
      geometry,
      properties: { placeName: place.name, ...totals[i]!, purchasingPower: Math.round(totals[i]!.purchasingPower) },
    });
  });
  return out;
}

export function slug(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function roundGeometry<G extends GeoJSON.Polygon | GeoJSON.MultiPolygon>(g: G): G {
  const ring = (r: GeoJSON.Position[]) => r.map(([x, y]) => [round5(x!), round5(y!)]);
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: g.coordinates.map(ring) } as G;
  return { type: 'MultiPolygon', coordinates: (g as GeoJSON.MultiPolygon).coordinates.map((p) => p.map(ring)) } as G;
}

function bboxOf(g: GeoJSON.Polygon | GeoJSON.MultiPolygon): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  for (const p of polygons) for (const [x, y] of p[0]!) { w = Math.min(w, x!); s = Math.min(s, y!); e = Math.max(e, x!); n = Math.max(n, y!); }
  return [w, s, e, n];
}
