// Synthetic location networks on the real places: supermarket brands (about
// one store per 2,500 inhabitants), shopping centres, regional clusters,
// points of interest and a pharmacy network for the score model. The brands
// are fictional.
import type { Grid } from './areas.js';
import { CELL } from './areas.js';
import type { Geography, Place } from './geography.js';
import type { Random } from './random.js';

export interface Brand {
  code: string;
  name: string;
  color: string;
  share: number;
  format: 'full' | 'discount' | 'convenience';
  area: [number, number];
  selectable: boolean;
}

export const SUPERMARKET_BRANDS: Brand[] = [
  { code: 'KOR', name: 'Korenbloem', color: '#1d4ed8', share: 0.31, format: 'full', area: [950, 1900], selectable: true },
  { code: 'DAG', name: 'Dagvers', color: '#15803d', share: 0.22, format: 'full', area: [800, 1500], selectable: true },
  { code: 'POL', name: 'Polderhal', color: '#d97706', share: 0.18, format: 'discount', area: [750, 1150], selectable: true },
  { code: 'MAR', name: 'Marktkraam', color: '#b91c1c', share: 0.15, format: 'discount', area: [600, 1050], selectable: true },
  { code: 'BUU', name: 'Buurtwinkel', color: '#7e22ce', share: 0.1, format: 'convenience', area: [250, 550], selectable: true },
  { code: 'VDM', name: 'Van Dam (gesloten keten)', color: '#6b7280', share: 0.04, format: 'full', area: [450, 850], selectable: false },
];

export const PHARMACY_GROUPS = [
  { code: 'OWN', name: 'Own pharmacies', color: '#0f766e', share: 0.4 },
  { code: 'CPA', name: 'Competitor A', color: '#c2410c', share: 0.35 },
  { code: 'CPB', name: 'Competitor B', color: '#4338ca', share: 0.25 },
];

export interface DemoLocation {
  name: string;
  latitude: number;
  longitude: number;
  type: number;
  groupCode: string | null;
  clusterIndex: number | null;
  properties: Record<string, string | number | null>;
  placeIndex: number;
}

export interface Cluster { name: string; latitude: number; longitude: number }

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** Regional clusters: the 36 largest places, each location in the nearest one. */
export function regionalClusters(geo: Geography): Cluster[] {
  return geo.places.slice(0, 36).map((p) => ({ name: `Regio ${p.name}`, latitude: p.latitude, longitude: p.longitude }));
}

export function nearestCluster(clusters: Cluster[], lng: number, lat: number): number {
  let best = 0, bestD = Infinity;
  const k = Math.cos((lat * Math.PI) / 180);
  clusters.forEach((c, i) => {
    const d = ((c.longitude - lng) * k) ** 2 + (c.latitude - lat) ** 2;
    if (d < bestD) { bestD = d; best = i; }
  });
  return best;
}

/** A position near a place: a populated land cell drawn by its population, jittered within the cell. */
function positionNear(place: Place, grid: Grid, random: Random, spreadKm: number): [number, number] {
  const pc = Math.floor((place.longitude - CELL.lng0) / CELL.lng);
  const pr = Math.floor((place.latitude - CELL.lat0) / CELL.lat);
  const d = Math.max(1, Math.ceil(spreadKm));
  const cells: number[] = [];
  const weights: number[] = [];
  for (let r = Math.max(0, pr - d); r <= Math.min(grid.rows - 1, pr + d); r++) {
    for (let c = Math.max(0, pc - d); c <= Math.min(grid.cols - 1, pc + d); c++) {
      const i = r * grid.cols + c;
      if (grid.population[i]! >= 1) { cells.push(i); weights.push(grid.population[i]!); }
    }
  }
  if (cells.length === 0) return [round5(place.longitude), round5(place.latitude)];
  const i = cells[random.weighted(weights)]!;
  const c = i % grid.cols, r = Math.floor(i / grid.cols);
  return [round5(CELL.lng0 + (c + random.range(0.1, 0.9)) * CELL.lng), round5(CELL.lat0 + (r + random.range(0.1, 0.9)) * CELL.lat)];
}

/** Stochastic rounding: n stores for x expected. */
const countFor = (expected: number, random: Random) => Math.floor(expected) + (random.next() < expected - Math.floor(expected) ? 1 : 0);

export function supermarkets(geo: Geography, grid: Grid, clusters: Cluster[], random: Random): DemoLocation[] {
  const out: DemoLocation[] = [];
  const shares = SUPERMARKET_BRANDS.map((b) => b.share);
  geo.places.forEach((place, placeIndex) => {
    const n = countFor(place.population / 2500, random);
    const spread = Math.min(6, Math.max(0.8, 0.9 * Math.sqrt(place.population / 10_000)));
    const perBrand = new Map<string, number>();
    for (let k = 0; k < n; k++) {
      const brand = SUPERMARKET_BRANDS[random.weighted(shares)]!;
      const count = (perBrand.get(brand.code) ?? 0) + 1;
      perBrand.set(brand.code, count);
      const [longitude, latitude] = positionNear(place, grid, random, spread);
      const rural = place.population < 20_000;
      const salesFloorArea = Math.round(random.range(brand.area[0], brand.area[1]) / 10) * 10;
      const parkingSpaces = Math.max(0, Math.round((rural ? 60 : 25) * (salesFloorArea / 1000) * random.range(0.3, 1.8) - (place.population > 200_000 ? 20 : 0)));
      const salesDensity = (brand.format === 'discount' ? 10_500 : brand.format === 'convenience' ? 8_000 : 9_200) * random.range(0.8, 1.2);
      out.push({
        name: count === 1 ? `${brand.name} ${place.name}` : `${brand.name} ${place.name} ${count}`,
        latitude, longitude, type: 1, groupCode: brand.code,
        clusterIndex: nearestCluster(clusters, longitude, latitude),
        placeIndex,
        properties: {
          salesFloorArea,
          parkingSpaces,
          checkouts: Math.max(2, Math.round(salesFloorArea / 170 + random.range(-1, 1))),
          brand: brand.name,
          format: brand.format,
          openingYear: random.int(1968, 2025),
          shareFresh: Math.round(random.range(0.24, 0.46) * 1000) / 1000,
          actualTurnover: Math.round((salesFloorArea * salesDensity) / 1000) * 1000,
          turnover: null,
        },
      });
    }
  });
  return out;
}

export function shoppingCentres(geo: Geography, grid: Grid, clusters: Cluster[], random: Random): DemoLocation[] {
  const out: DemoLocation[] = [];
  geo.places.forEach((place, placeIndex) => {
    if (place.population < 15_000) return;
    const n = Math.min(4, 1 + Math.floor(place.population / 120_000));
    const names = ['Centrum', 'Winkelcentrum Noord', 'Winkelcentrum Zuid', 'Winkelcentrum West'];
    for (let k = 0; k < n; k++) {
      const [longitude, latitude] = k === 0 ? [round5(place.longitude), round5(place.latitude)] : positionNear(place, grid, random, 3);
      out.push({ name: `${names[k]} ${place.name}`, latitude, longitude, type: 2, groupCode: null, clusterIndex: nearestCluster(clusters, longitude, latitude), placeIndex, properties: {} });
    }
  });
  return out;
}

export interface DemoPoi { name: string; latitude: number; longitude: number }

export function pointsOfInterest(geo: Geography, grid: Grid, random: Random): { stations: DemoPoi[]; schools: DemoPoi[]; parking: DemoPoi[] } {
  const stations: DemoPoi[] = [], schools: DemoPoi[] = [], parking: DemoPoi[] = [];
  for (const place of geo.places) {
    if (place.population >= 12_000) {
      const n = 1 + Math.floor(place.population / 150_000);
      for (let k = 0; k < n; k++) {
        const [longitude, latitude] = k === 0 ? [round5(place.longitude + random.range(-0.004, 0.004)), round5(place.latitude + random.range(-0.003, 0.003))] : positionNear(place, grid, random, 3);
        stations.push({ name: k === 0 ? `Station ${place.name}` : `Station ${place.name} ${['Noord', 'Zuid', 'Oost', 'West', 'Centrum'][k % 5]}`, latitude, longitude });
      }
    }
    const nSchools = countFor(place.population / 3500, random);
    for (let k = 0; k < nSchools; k++) {
      const [longitude, latitude] = positionNear(place, grid, random, 2);
      schools.push({ name: `Basisschool ${place.name}${nSchools > 1 ? ` ${k + 1}` : ''}`, latitude, longitude });
    }
    if (place.population >= 30_000) {
      const nParking = Math.max(1, Math.round(place.population / 25_000));
      for (let k = 0; k < nParking; k++) {
        const [longitude, latitude] = positionNear(place, grid, random, 1.5);
        parking.push({ name: `Parkeergarage ${place.name} ${k + 1}`, latitude, longitude });
      }
    }
  }
  return { stations, schools, parking };
}

export function pharmacies(geo: Geography, grid: Grid, clusters: Cluster[], random: Random): DemoLocation[] {
  const out: DemoLocation[] = [];
  const shares = PHARMACY_GROUPS.map((g) => g.share);
  geo.places.forEach((place, placeIndex) => {
    if (place.population < 5000) return;
    const n = 1 + countFor(place.population / 15_000, random);
    for (let k = 0; k < n; k++) {
      const group = PHARMACY_GROUPS[random.weighted(shares)]!;
      const [longitude, latitude] = positionNear(place, grid, random, 2);
      out.push({
        name: `${group.code === 'OWN' ? 'Pharmacy' : group.name} ${place.name}${n > 1 ? ` ${k + 1}` : ''}`,
        latitude, longitude, type: 1, groupCode: group.code, clusterIndex: nearestCluster(clusters, longitude, latitude), placeIndex,
        properties: {
          floorArea: Math.round(random.range(80, 320)),
          openingHoursPerWeek: Math.round(random.range(40, 72)),
          staff: random.int(3, 14),
          parking: random.next() < 0.55 ? 1 : 0,
          footfallIndex: Math.round(Math.min(2, Math.max(0.3, 0.6 + Math.log10(place.population) / 5 + 0.2 * random.normal())) * 100) / 100,
          score: null,
        },
      });
    }
  });
  return out;
}
