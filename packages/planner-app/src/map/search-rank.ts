// Ranking of the map search's results (issue "search the model, not the
// view"): every location of the scenario, the gazetteer's places and the POIs,
// wherever they are, ranked by how well the name matches, then by the
// distance to the centre of the view, then by name in natural order
// ("Utrecht 2" before "Utrecht 10"). Each result says where it is: the
// nearest place of the gazetteer.
import type { LocationSummary, SearchResult } from '@locus/contract';
import { MAJOR_PLACE_POPULATION } from '@locus/map-canvas';

/** A result as the panel lists it: the location it stands for and where it is. */
export interface SearchHit extends SearchResult {
  /** The scenario's location this result is, when it is one. */
  locationId?: number;
  /** The nearest place ("Utrecht"), or null when none is known or the result is that place. */
  where?: string | null;
}

export interface Place {
  name: string;
  lon: number;
  lat: number;
  population: number;
}

/** Natural order of names: numbers by value, case and accents aside ("Utrecht 2" < "Utrecht 10"). */
export const naturalCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** 0 exact, 1 prefix, 2 a word starts with it, 3 contains it; lower ranks first (the server ranks alike). */
export function matchRank(name: string, text: string): number {
  const n = name.toLowerCase();
  const q = text.trim().toLowerCase();
  if (n === q) return 0;
  if (n.startsWith(q)) return 1;
  if (n.split(/[\s\-'/(),.]+/).some((w) => w.startsWith(q))) return 2;
  return 3;
}

/** Squared distance in degrees of longitude scaled to the latitude (enough to order by nearness). */
function distance2(lon: number, lat: number, center: readonly [number, number]): number {
  const k = Math.cos((center[1] * Math.PI) / 180);
  const dx = (lon - center[0]) * k;
  const dy = lat - center[1];
  return dx * dx + dy * dy;
}

/** The scenario's locations whose name holds the text, as results (their group's icon, as the server gives it). */
export function locationHits(list: readonly LocationSummary[], text: string): SearchHit[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const hits: SearchHit[] = [];
  for (const l of list) {
    if (!l.name.toLowerCase().includes(q)) continue;
    hits.push({
      latitude: l.latitude,
      longitude: l.longitude,
      category: 'location',
      title: l.name,
      locationId: l.id,
      icon: `/api/models/location-groups/${l.locationGroupId ?? -1}/logo/${[1, 4, 5].includes(l.type) ? 'round' : 'square'}/false/0`,
    });
  }
  return hits;
}

/** Orders hits by match, then distance to the centre, then natural name order; a new array. */
export function rankHits<T extends SearchResult>(hits: readonly T[], text: string, center: readonly [number, number] | null): T[] {
  const keyed = hits.map((h) => ({ h, rank: matchRank(h.title, text), d: center ? distance2(h.longitude, h.latitude, center) : 0 }));
  keyed.sort((a, b) => a.rank - b.rank || a.d - b.d || naturalCollator.compare(a.h.title, b.h.title));
  return keyed.map((k) => k.h);
}

/**
 * The nearest place to a point (by a grid over the places, built once per
 * list); a place result is its own place, so it gets the nearest larger one.
 */
export class PlaceFinder {
  private readonly cells = new Map<string, Place[]>();
  private static readonly CELL = 0.25;

  constructor(private readonly places: readonly Place[]) {
    for (const p of places) {
      const key = this.key(Math.floor(p.lon / PlaceFinder.CELL), Math.floor(p.lat / PlaceFinder.CELL));
      const cell = this.cells.get(key);
      if (cell) cell.push(p);
      else this.cells.set(key, [p]);
    }
  }

  private key(cx: number, cy: number): string {
    return `${cx}:${cy}`;
  }

  /** The nearest place with more than `minPopulation` inhabitants within about 30 km, or null. */
  nearest(lon: number, lat: number, minPopulation = 0): Place | null {
    const cx = Math.floor(lon / PlaceFinder.CELL);
    const cy = Math.floor(lat / PlaceFinder.CELL);
    let best: Place | null = null;
    let bestD = Infinity;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const p of this.cells.get(this.key(cx + dx, cy + dy)) ?? []) {
          if (p.population <= minPopulation) continue;
          const d = distance2(p.lon, p.lat, [lon, lat]);
          if (d < bestD) {
            bestD = d;
            best = p;
          }
        }
      }
    }
    return best;
  }

  /**
   * Where a hit is: the nearest place; for a town or village the nearest
   * larger place; nothing for a major place, the map's city (it stands on its own: "Utrecht",
   * not "Utrecht near Amsterdam") or a place that is the largest around.
   */
  whereOf(hit: SearchResult): string | null {
    if (hit.category === 'place') {
      const self = this.nearest(hit.longitude, hit.latitude);
      if ((self?.population ?? 0) >= MAJOR_PLACE_POPULATION) return null;
      const larger = this.nearest(hit.longitude, hit.latitude, Math.max(self?.population ?? 0, 0));
      return larger && larger.name !== hit.title ? larger.name : null;
    }
    return this.nearest(hit.longitude, hit.latitude)?.name ?? null;
  }

  get size(): number {
    return this.places.length;
  }
}
