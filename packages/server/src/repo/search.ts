// The candidates of the map search: locations of the given models (their
// latest version, closed ones left out), places of the gazetteer and POIs of
// the given models whose name contains the text, at most 500 of each, nearest
// to a centre first. Ranking them is the search's own (routes/search.ts).
import type { Queryable } from '../db/database.js';

export interface SearchCandidates {
  locations: { name: string; latitude: number; longitude: number; location_group_id: number | null; type: number }[];
  places: { name: string; latitude: number; longitude: number; population: number }[];
  pois: { name: string; latitude: number; longitude: number; poi_set_id: number; model_id: number; logo_hash: string }[];
}

/** Every model's id (the search filters them by the user's access). */
export async function modelIds(db: Queryable): Promise<number[]> {
  return (await db.query<{ id: number }>('SELECT id FROM model')).rows.map((m) => m.id);
}

/** `text` in lower case; `centre` with the cosine of its latitude, which scales longitudes to distances. */
export async function searchCandidates(
  db: Queryable,
  models: number[],
  text: string,
  centre: { latitude: number; longitude: number; cosLatitude: number },
): Promise<SearchCandidates> {
  // Squared distance to the centre (parameters $n, $n+1; longitude scaled by $n+2 = cos² of the latitude): enough to order by nearness.
  const near = (p: string, n: number) =>
    `((${p}latitude - $${n}) * (${p}latitude - $${n}) + (${p}longitude - $${n + 1}) * (${p}longitude - $${n + 1}) * $${n + 2})`;
  const at = [centre.latitude, centre.longitude, centre.cosLatitude * centre.cosLatitude];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [locations, places, pois] = await Promise.all([
    db.query<SearchCandidates['locations'][number]>(
      `SELECT * FROM (
         SELECT DISTINCT ON (v.location_id) v.name, v.latitude, v.longitude, v.location_group_id, l.type
           FROM location_version v JOIN location l ON l.id = v.location_id
          WHERE l.model_id = ANY($1) AND lower(v.name) LIKE $2 AND v.change_type <> 2
          ORDER BY v.location_id, v.modified DESC) v
        ORDER BY ${near('v.', 3)} LIMIT 500`,
      [models, like, ...at],
    ),
    db.query<SearchCandidates['places'][number]>(
      `SELECT name, latitude, longitude, population FROM place
        WHERE lower(name) LIKE $1 ORDER BY ${near('', 2)} LIMIT 500`,
      [like, ...at],
    ),
    db.query<SearchCandidates['pois'][number]>(
      `SELECT p.name, p.latitude, p.longitude, p.poi_set_id, s.model_id, s.logo_hash FROM poi p JOIN poi_set s ON s.id = p.poi_set_id
        WHERE s.model_id = ANY($1) AND lower(p.name) LIKE $2 ORDER BY ${near('p.', 3)} LIMIT 500`,
      [models, like, ...at],
    ),
  ]);
  return { locations: locations.rows, places: places.rows, pois: pois.rows };
}
