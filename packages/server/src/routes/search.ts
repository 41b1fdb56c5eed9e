// Map search: locations (of every model the user reaches), places (the
// gazetteer) and POIs inside the map's box, ranked by how well the name
// matches, then by importance.
import type { SearchResult } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { Handlers } from '../http/register-routes.js';
import { canReachModel } from '../http/access.js';
import { sendCached } from '../http/cached.js';
import { categoryLogoSvg } from '../render/index.js';

const LIMIT = 30;

/** 0 exact, 1 prefix, 2 a word starts with it, 3 contains it; lower ranks first. */
export function matchRank(name: string, text: string): number {
  const n = name.toLowerCase();
  if (n === text) return 0;
  if (n.startsWith(text)) return 1;
  if (n.split(/[\s\-'/(),.]+/).some((w) => w.startsWith(text))) return 2;
  return 3;
}

export function searchHandlers(ctx: ServerContext): Handlers {
  const { db } = ctx;
  return {
    search: async ({ user, params }) => {
      const text = String(params.text).trim().toLowerCase();
      const { north, west, south, east } = params as { north: number; west: number; south: number; east: number };
      const box = [Math.min(south, north), Math.max(south, north), Math.min(west, east), Math.max(west, east)];
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const models = (await db.query<{ id: number }>('SELECT id FROM model')).rows.map((m) => m.id).filter((id) => canReachModel(user, id));
      const [locations, places, pois] = await Promise.all([
        db.query<{ name: string; latitude: number; longitude: number; location_group_id: number | null; type: number }>(
          `SELECT DISTINCT ON (v.location_id) v.name, v.latitude, v.longitude, v.location_group_id, l.type
             FROM location_version v JOIN location l ON l.id = v.location_id
            WHERE l.model_id = ANY($1) AND lower(v.name) LIKE $2
              AND v.latitude BETWEEN $3 AND $4 AND v.longitude BETWEEN $5 AND $6 AND v.change_type <> 2
            ORDER BY v.location_id, v.modified DESC LIMIT 500`, [models, like, ...box]),
        db.query<{ name: string; latitude: number; longitude: number; population: number }>(
          `SELECT name, latitude, longitude, population FROM place
            WHERE lower(name) LIKE $1 AND latitude BETWEEN $2 AND $3 AND longitude BETWEEN $4 AND $5
            ORDER BY population DESC LIMIT 500`, [like, ...box]),
        db.query<{ name: string; latitude: number; longitude: number; poi_set_id: number; model_id: number; logo_hash: string }>(
          `SELECT p.name, p.latitude, p.longitude, p.poi_set_id, s.model_id, s.logo_hash FROM poi p JOIN poi_set s ON s.id = p.poi_set_id
            WHERE s.model_id = ANY($1) AND lower(p.name) LIKE $2
              AND p.latitude BETWEEN $3 AND $4 AND p.longitude BETWEEN $5 AND $6 LIMIT 500`, [models, like, ...box]),
      ]);
      const ranked: { result: SearchResult; rank: number; weight: number }[] = [
        ...places.rows.map((p) => ({
          result: { latitude: p.latitude, longitude: p.longitude, category: 'place' as const, title: p.name, icon: '/api/search/category-logo?category=place' },
          rank: matchRank(p.name, text), weight: p.population,
        })),
        ...locations.rows.map((l) => ({
          result: {
            latitude: l.latitude, longitude: l.longitude, category: 'location' as const, title: l.name,
            icon: `/api/models/location-groups/${l.location_group_id ?? -1}/logo/${[1, 4, 5].includes(l.type) ? 'round' : 'square'}/false/0`,
          },
          rank: matchRank(l.name, text), weight: 0,
        })),
        ...pois.rows.map((p) => ({
          result: { latitude: p.latitude, longitude: p.longitude, category: 'poi' as const, title: p.name, icon: `/api/models/${p.model_id}/poisets/${p.poi_set_id}/logo?r=${p.logo_hash}` },
          rank: matchRank(p.name, text), weight: -1,
        })),
      ];
      ranked.sort((a, b) => a.rank - b.rank || b.weight - a.weight || a.result.title.localeCompare(b.result.title));
      return ranked.slice(0, LIMIT).map((r) => r.result);
    },

    searchCategoryLogo: async ({ query, request, reply }) =>
      sendCached(request, reply, { contentType: 'image/svg+xml', body: categoryLogoSvg(query.category), maxAge: 86400 }),
  };
}
