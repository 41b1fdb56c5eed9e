// Map search: locations (of every model the user reaches), places (the
// gazetteer) and POIs wherever they are, ranked by how well the name matches,
// then by the distance to the centre of the map's box (the view the user
// searches from), then by name in natural order ("Utrecht 2" before
// "Utrecht 10").
import type { SearchResult } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { canReachModel } from '../domain/access.js';
import { sendCached } from '../http/cached.js';
import { categoryLogoSvg } from '../render/index.js';

const LIMIT = 60;

/** Natural order of names: numbers by value, case and accents aside. */
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** 0 exact, 1 prefix, 2 a word starts with it, 3 contains it; lower ranks first. */
export function matchRank(name: string, text: string): number {
  const n = name.toLowerCase();
  if (n === text) return 0;
  if (n.startsWith(text)) return 1;
  if (n.split(/[\s\-'/(),.]+/).some((w) => w.startsWith(text))) return 2;
  return 3;
}

export function searchHandlers(ctx: ServerContext) {
  const { db } = ctx;
  return {
    search: async ({ user, params }) => {
      const text = String(params.text).trim().toLowerCase();
      const { north, west, south, east } = params as { north: number; west: number; south: number; east: number };
      const lat = (south + north) / 2;
      const lon = (west + east) / 2;
      const k = Math.cos((lat * Math.PI) / 180);
      // Squared distance to the box's centre (parameters $n, $n+1; longitude scaled by $n+2 = cos² of the latitude): enough to order by nearness.
      const near = (p: string, n: number) =>
        `((${p}latitude - $${n}) * (${p}latitude - $${n}) + (${p}longitude - $${n + 1}) * (${p}longitude - $${n + 1}) * $${n + 2})`;
      const centre = [lat, lon, k * k];
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const models = (await db.query<{ id: number }>('SELECT id FROM model')).rows.map((m) => m.id).filter((id) => canReachModel(user, id));
      const [locations, places, pois] = await Promise.all([
        db.query<{ name: string; latitude: number; longitude: number; location_group_id: number | null; type: number }>(
          `SELECT * FROM (
             SELECT DISTINCT ON (v.location_id) v.name, v.latitude, v.longitude, v.location_group_id, l.type
               FROM location_version v JOIN location l ON l.id = v.location_id
              WHERE l.model_id = ANY($1) AND lower(v.name) LIKE $2 AND v.change_type <> 2
              ORDER BY v.location_id, v.modified DESC) v
            ORDER BY ${near('v.', 3)} LIMIT 500`,
          [models, like, ...centre],
        ),
        db.query<{ name: string; latitude: number; longitude: number; population: number }>(
          `SELECT name, latitude, longitude, population FROM place
            WHERE lower(name) LIKE $1 ORDER BY ${near('', 2)} LIMIT 500`,
          [like, ...centre],
        ),
        db.query<{ name: string; latitude: number; longitude: number; poi_set_id: number; model_id: number; logo_hash: string }>(
          `SELECT p.name, p.latitude, p.longitude, p.poi_set_id, s.model_id, s.logo_hash FROM poi p JOIN poi_set s ON s.id = p.poi_set_id
            WHERE s.model_id = ANY($1) AND lower(p.name) LIKE $2 ORDER BY ${near('p.', 3)} LIMIT 500`,
          [models, like, ...centre],
        ),
      ]);
      const distance = (r: { latitude: number; longitude: number }) => (r.latitude - lat) ** 2 + ((r.longitude - lon) * k) ** 2;
      const ranked: { result: SearchResult; rank: number; distance: number }[] = [
        ...places.rows.map((p) => ({
          result: { latitude: p.latitude, longitude: p.longitude, category: 'place' as const, title: p.name, icon: '/api/search/category-logo?category=place' },
          rank: matchRank(p.name, text),
          distance: distance(p),
        })),
        ...locations.rows.map((l) => ({
          result: {
            latitude: l.latitude,
            longitude: l.longitude,
            category: 'location' as const,
            title: l.name,
            icon: `/api/models/location-groups/${l.location_group_id ?? -1}/logo/${[1, 4, 5].includes(l.type) ? 'round' : 'square'}/false/0`,
          },
          rank: matchRank(l.name, text),
          distance: distance(l),
        })),
        ...pois.rows.map((p) => ({
          result: {
            latitude: p.latitude,
            longitude: p.longitude,
            category: 'poi' as const,
            title: p.name,
            icon: `/api/models/${p.model_id}/poisets/${p.poi_set_id}/logo?r=${p.logo_hash}`,
          },
          rank: matchRank(p.name, text),
          distance: distance(p),
        })),
      ];
      ranked.sort((a, b) => a.rank - b.rank || a.distance - b.distance || natural.compare(a.result.title, b.result.title));
      return ranked.slice(0, LIMIT).map((r) => r.result);
    },

    searchCategoryLogo: async ({ query, request, reply }) =>
      sendCached(request, reply, { contentType: 'image/svg+xml', body: categoryLogoSvg(query.category), maxAge: 86400 }),
  } satisfies Partial<RouteHandlers>;
}
