// A deterministic generated scene around Amsterdam and the rest of the Netherlands: stores of several
// brands near real places, POIs, a weighted heat map, catchment polygons, zones, excluded areas, an
// isoline and range circles. Shared by the demo page, the browser tests and the benchmark.
import type { BasemapPlace } from '../src/layers/basemap/basemap-data.js';
import type { IconFeature } from '../src/layers/icons/icon-style.js';
import type { HeatmapPoint } from '../src/layers/heatmap/heatmap-layer.js';
import type { LonLat } from '../src/geo/mercator.js';

export interface SceneOptions {
  stores: number;
  pois: number;
  heatPoints: number;
  catchments: number;
  seed?: number;
}

export interface ScenePolygon {
  id: number;
  ring: LonLat[];
  color: string;
  kind: 'catchment' | 'zone' | 'excluded';
}

export interface Scene {
  stores: IconFeature[];
  heat: HeatmapPoint[];
  polygons: ScenePolygon[];
  isoline: LonLat[];
  rangeCenter: LonLat;
  ranges: number[];
  labels: { lon: number; lat: number; text: string; priority: number }[];
}

export const BRANDS = [
  { name: 'Korenbloem', color: '#2563eb' },
  { name: 'Dagvers', color: '#eab308' },
  { name: 'Buurtwinkel Plein', color: '#16a34a' },
  { name: 'Marktkraam', color: '#dc2626' },
  { name: 'Polderhal', color: '#7c3aed' },
];

export const AMSTERDAM: LonLat = [4.9041, 52.3676];

/** Mulberry32: small, fast, deterministic. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A few Dutch places so the scene works without GeoNames data. */
export const FALLBACK_PLACES: BasemapPlace[] = [
  { name: 'Amsterdam', lon: 4.8897, lat: 52.374, population: 741636 },
  { name: 'Rotterdam', lon: 4.4792, lat: 51.9225, population: 598199 },
  { name: 'Den Haag', lon: 4.2986, lat: 52.0767, population: 474292 },
  { name: 'Utrecht', lon: 5.1222, lat: 52.0908, population: 290529 },
  { name: 'Haarlem', lon: 4.6462, lat: 52.3808, population: 147590 },
  { name: 'Zaandam', lon: 4.8264, lat: 52.4392, population: 71654 },
  { name: 'Almere', lon: 5.2647, lat: 52.3508, population: 176432 },
  { name: 'Amstelveen', lon: 4.8631, lat: 52.3025, population: 85047 },
  { name: 'Hilversum', lon: 5.1764, lat: 52.2233, population: 83640 },
  { name: 'Purmerend', lon: 4.9597, lat: 52.505, population: 76000 },
];

const KM_LAT = 1 / 111.32;
const kmLon = (lat: number) => 1 / (111.32 * Math.cos((lat * Math.PI) / 180));

function blob(rand: () => number, center: LonLat, radiusKm: number, steps: number, roughness: number): LonLat[] {
  const ring: LonLat[] = [];
  const phase = rand() * Math.PI * 2;
  const waves = 2 + Math.floor(rand() * 3);
  for (let k = 0; k < steps; k++) {
    const a = (k / steps) * Math.PI * 2;
    const r = radiusKm * (1 + roughness * (0.6 * Math.sin(waves * a + phase) + 0.4 * (rand() - 0.5)));
    ring.push([center[0] + Math.cos(a) * r * kmLon(center[1]), center[1] + Math.sin(a) * r * KM_LAT]);
  }
  ring.push(ring[0]);
  return ring;
}

export function generateScene(options: SceneOptions, places: BasemapPlace[] = FALLBACK_PLACES): Scene {
  const rand = random(options.seed ?? 42);
  const gauss = () => (rand() + rand() + rand() + rand() - 2) / 1.15;
  // Places picked in proportion to population, spread by a few km.
  const total = places.reduce((s, p) => s + p.population, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const p of places) cumulative.push((acc += p.population / total));
  const pickPlace = () => {
    const u = rand();
    let lo = 0,
      hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return places[lo];
  };
  const near = (p: BasemapPlace, spreadKm: number): LonLat => {
    const s = spreadKm * (0.5 + Math.sqrt(p.population / 100000));
    return [p.lon + gauss() * s * kmLon(p.lat), p.lat + gauss() * s * KM_LAT];
  };

  const stores: IconFeature[] = [];
  for (let i = 0; i < options.stores; i++) {
    const place = pickPlace();
    const [lon, lat] = near(place, 1.2);
    const brand = Math.floor(rand() * BRANDS.length);
    const u = rand();
    stores.push({
      id: `s${i}`,
      lon,
      lat,
      name: `${BRANDS[brand].name} ${place.name} ${i}`,
      group: BRANDS[brand].name,
      shape: brand === 0 ? 'circle' : brand === 1 ? 'square' : brand === 2 ? 'diamond' : brand === 3 ? 'triangle' : 'pentagon',
      type: u < 0.15 ? 1 : u < 0.35 ? 4 : 5,
      change: u > 0.985 ? 'new' : u > 0.975 ? 'closed' : u > 0.965 ? 'edited' : null,
    });
  }
  for (let i = 0; i < options.pois; i++) {
    const [lon, lat] = near(pickPlace(), 1.5);
    stores.push({ id: `p${i}`, lon, lat, name: `Point of interest ${i}`, group: 'poi', poi: true });
  }

  const heat: HeatmapPoint[] = [];
  for (let i = 0; i < options.heatPoints; i++) {
    const [lon, lat] = near(pickPlace(), 2.5);
    heat.push({ lon, lat, weight: Math.floor(40 + rand() * 215) });
  }

  const polygons: ScenePolygon[] = [];
  for (let i = 0; i < options.catchments; i++) {
    const store = stores[i % Math.max(1, options.stores)];
    const brand = BRANDS.find((b) => b.name === store.group) ?? BRANDS[0];
    const kind = i % 17 === 5 ? 'excluded' : i % 23 === 7 ? 'zone' : 'catchment';
    polygons.push({ id: i, ring: blob(rand, [store.lon, store.lat], 0.8 + rand() * 2.5, 24, 0.35), color: brand.color, kind });
  }

  const isoline = blob(rand, AMSTERDAM, 7, 160, 0.25);
  const labels = places
    .filter((p) => p.population > 60000)
    .slice(0, 40)
    .map((p) => ({ lon: p.lon, lat: p.lat - 0.02, text: `${p.name} market`, priority: p.population }));
  return { stores, heat, polygons, isoline, rangeCenter: AMSTERDAM, ranges: [1000, 2500, 5000], labels };
}
