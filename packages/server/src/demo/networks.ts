// Synthetic location networks on the real places: supermarket brands (about
// one store per 2,500 inhabitants), shopping centres, regional clusters and a
// pharmacy network for the score model. The brands are fictional.
import { greatCircleKm } from '@locus/engine';
import type { Geography } from './geography.js';
import { countFor, type Placer } from './placement.js';
import type { Random } from './random.js';
import { nearest } from './spatial.js';

export interface Brand {
  code: string;
  name: string;
  color: string;
  /** Share of the national store count, before the regional weights. */
  share: number;
  format: 'full' | 'discount' | 'convenience';
  /** Sales floor area range (m²). */
  area: [number, number];
  selectable: boolean;
  /** Extra weight per province (GeoNames admin-1 code): the brand's home regions. */
  regions?: Record<string, number>;
  /** Sales per m² relative to the average: what the brand's shops earn. */
  performance: number;
  /** The location group's name when it differs from the brand (a note for the planner). */
  groupName?: string;
}

export const SUPERMARKET_BRANDS: Brand[] = [
  { code: 'KOR', name: 'Korenbloem', color: '#1d4ed8', share: 0.31, format: 'full', area: [950, 1900], selectable: true, performance: 1.1 },
  {
    code: 'DAG',
    name: 'Dagvers',
    color: '#15803d',
    share: 0.22,
    format: 'full',
    area: [800, 1500],
    selectable: true,
    performance: 1.0,
    regions: { '07': 1.5, '09': 1.5, '11': 1.5 },
  },
  { code: 'POL', name: 'Polderhal', color: '#d97706', share: 0.18, format: 'discount', area: [750, 1150], selectable: true, performance: 1.05 },
  {
    code: 'MAR',
    name: 'Marktkraam',
    color: '#b91c1c',
    share: 0.15,
    format: 'discount',
    area: [600, 1050],
    selectable: true,
    performance: 0.95,
    regions: { '05': 2, '06': 2, '10': 2 },
  },
  { code: 'BUU', name: 'Buurtwinkel', color: '#7e22ce', share: 0.1, format: 'convenience', area: [250, 550], selectable: true, performance: 1.15 },
  // A chain that closed down: its remaining stores are shown, but no new store can be given to it.
  {
    code: 'VDM',
    name: 'Van Dam',
    groupName: 'Van Dam (gesloten keten)',
    color: '#6b7280',
    share: 0.04,
    format: 'full',
    area: [450, 850],
    selectable: false,
    performance: 0.8,
    regions: { '01': 3, '02': 3, '04': 3, '15': 3 },
  },
];

export const PHARMACY_GROUPS = [
  { code: 'OWN', name: 'Own pharmacies', color: '#0f766e', share: 0.4, selectable: true },
  { code: 'CPA', name: 'Competitor A', color: '#c2410c', share: 0.35, selectable: true },
  { code: 'CPB', name: 'Competitor B', color: '#4338ca', share: 0.25, selectable: true },
];

export interface DemoLocation {
  name: string;
  latitude: number;
  longitude: number;
  /** 1 shop, 2 retail area. */
  type: number;
  groupCode: string | null;
  clusterIndex: number | null;
  properties: Record<string, string | number | null>;
  placeIndex: number;
}

export interface Cluster {
  name: string;
  latitude: number;
  longitude: number;
}

/**
 * Regional clusters: the largest places at least 25 km apart become regions
 * (up to 36), every place joins the nearest, and a region's point is the
 * population-weighted centre of its places.
 */
export function regionalClusters(geo: Geography, count = 36, spacingKm = 25): Cluster[] {
  const centres: typeof geo.places = [];
  for (const p of geo.places) {
    if (centres.length === count) break;
    if (centres.every((c) => greatCircleKm(c.latitude, c.longitude, p.latitude, p.longitude) >= spacingKm)) centres.push(p);
  }
  const sums = centres.map(() => ({ people: 0, lng: 0, lat: 0 }));
  for (const p of geo.places) {
    const s = sums[nearest(centres, p.longitude, p.latitude)]!;
    s.people += p.population;
    s.lng += p.longitude * p.population;
    s.lat += p.latitude * p.population;
  }
  return centres.map((c, i) => ({
    name: `Regio ${c.name}`,
    longitude: Math.round((sums[i]!.lng / sums[i]!.people) * 1e5) / 1e5,
    latitude: Math.round((sums[i]!.lat / sums[i]!.people) * 1e5) / 1e5,
  }));
}

const clusterOf = (clusters: Cluster[], lng: number, lat: number) => (clusters.length ? nearest(clusters, lng, lat) : null);

export function supermarkets(geo: Geography, placer: Placer, clusters: Cluster[], random: Random): DemoLocation[] {
  const out: DemoLocation[] = [];
  const names = new Set<string>();
  geo.places.forEach((place, placeIndex) => {
    const n = countFor(place.population / 2500, random);
    if (n === 0) return;
    const spread = Math.min(6, Math.max(0.8, 0.9 * Math.sqrt(place.population / 10_000)));
    const shares = SUPERMARKET_BRANDS.map(
      (b) => b.share * (b.regions?.[place.province] ?? 1) * (b.format === 'convenience' && place.population > 100_000 ? 2 : 1),
    );
    const urban = place.population >= 100_000;
    for (let k = 0; k < n; k++) {
      const brand = SUPERMARKET_BRANDS[random.weighted(shares)]!;
      let name = `${brand.name} ${place.name}`;
      for (let m = 2; names.has(name); m++) name = `${brand.name} ${place.name} ${m}`;
      names.add(name);
      const [longitude, latitude] = placer.near(place, spread);
      const salesFloorArea = Math.round(random.range(brand.area[0], brand.area[1]) / 10) * 10;
      const parkingSpaces = Math.max(
        0,
        Math.round((place.population < 20_000 ? 60 : 25) * (salesFloorArea / 1000) * random.range(0.3, 1.8) - (urban ? 20 : 0)),
      );
      out.push({
        name,
        latitude,
        longitude,
        type: 1,
        groupCode: brand.code,
        clusterIndex: clusterOf(clusters, longitude, latitude),
        placeIndex,
        properties: {
          salesFloorArea,
          parkingSpaces,
          // Paid parking is for the cities; the property shows only when there is parking at all.
          parkingPaid: parkingSpaces > 0 && random.next() < (urban ? 0.6 : 0.1) ? 1 : 0,
          checkouts: Math.max(2, Math.round(salesFloorArea / 170 + random.range(-1, 1))),
          brand: brand.name,
          format: brand.format,
          openingYear: brand.selectable ? random.int(1968, 2025) : random.int(1965, 2005),
          shareFresh: Math.round(random.range(0.24, 0.46) * 1000) / 1000,
        },
      });
    }
  });
  return out;
}

const CENTRE_NAMES = ['Centrum', 'Winkelcentrum Noord', 'Winkelcentrum Zuid', 'Winkelcentrum West', 'Winkelcentrum Oost'];

/** Shopping centres (retail areas, type 2) in places of 15,000 or more: the centre and, in cities, district centres. */
export function shoppingCentres(geo: Geography, placer: Placer, clusters: Cluster[]): DemoLocation[] {
  const out: DemoLocation[] = [];
  geo.places.forEach((place, placeIndex) => {
    if (place.population < 15_000) return;
    const n = Math.min(CENTRE_NAMES.length, 1 + Math.floor(place.population / 120_000));
    for (let k = 0; k < n; k++) {
      const [longitude, latitude] = k === 0 ? placer.at(place) : placer.near(place, 3);
      out.push({
        name: `${CENTRE_NAMES[k]} ${place.name}`,
        latitude,
        longitude,
        type: 2,
        groupCode: null,
        clusterIndex: clusterOf(clusters, longitude, latitude),
        placeIndex,
        properties: {},
      });
    }
  });
  return out;
}

/** About one pharmacy per 16,000 inhabitants in places of 5,000 or more. */
export function pharmacies(geo: Geography, placer: Placer, random: Random): DemoLocation[] {
  const out: DemoLocation[] = [];
  const shares = PHARMACY_GROUPS.map((g) => g.share);
  geo.places.forEach((place, placeIndex) => {
    if (place.population < 5000) return;
    const n = Math.max(1, countFor(place.population / 16_000, random));
    for (let k = 0; k < n; k++) {
      const group = PHARMACY_GROUPS[random.weighted(shares)]!;
      const [longitude, latitude] = placer.near(place, 2);
      out.push({
        name: `${group.code === 'OWN' ? 'Pharmacy' : group.name} ${place.name}${n > 1 ? ` ${k + 1}` : ''}`,
        latitude,
        longitude,
        type: 1,
        groupCode: group.code,
        clusterIndex: null,
        placeIndex,
        properties: {
          floorArea: Math.round(random.range(80, 320)),
          openingHoursPerWeek: Math.round(random.range(40, 72)),
          staff: random.int(3, 14),
          parking: random.next() < 0.55 ? 1 : 0,
          footfallIndex: Math.round(Math.min(2, Math.max(0.3, 0.6 + Math.log10(place.population) / 5 + 0.2 * random.normal())) * 100) / 100,
        },
      });
    }
  });
  return out;
}
