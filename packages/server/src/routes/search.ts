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
import { modelIds, searchCandidates } from '../repo/search.js';

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
      const models = (await modelIds(db)).filter((id) => canReachModel(user, id));
      const { locations, places, pois } = await searchCandidates(db, models, text, { latitude: lat, longitude: lon, cosLatitude: k });
      const distance = (r: { latitude: number; longitude: number }) => (r.latitude - lat) ** 2 + ((r.longitude - lon) * k) ** 2;
      const ranked: { result: SearchResult; rank: number; distance: number }[] = [
        ...places.map((p) => ({
          result: { latitude: p.latitude, longitude: p.longitude, category: 'place' as const, title: p.name, icon: '/api/search/category-logo?category=place' },
          rank: matchRank(p.name, text),
          distance: distance(p),
        })),
        ...locations.map((l) => ({
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
        ...pois.map((p) => ({
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
