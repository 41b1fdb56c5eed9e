// The gazetteer's places (table place), searched by name (repo/search.ts).
import type { Database, Queryable } from '../db/database.js';
import { insertRows } from '../db/insert-rows.js';

export interface PlaceRecord {
  id: number;
  name: string;
  country: string;
  population: number;
  latitude: number;
  longitude: number;
}

export async function placeCount(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM place')).rows[0]!.n;
}

/** Inserts the places in one transaction. */
export async function insertPlaces(db: Database, places: PlaceRecord[]): Promise<void> {
  await db.transaction((tx) =>
    insertRows(
      tx,
      'place',
      ['id', 'name', 'country', 'population', 'latitude', 'longitude'],
      places.map((p) => [p.id, p.name, p.country, p.population, p.latitude, p.longitude]),
    ),
  );
}
