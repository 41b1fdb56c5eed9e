// The map element's `layers` attribute: which layers it draws, as a list of
// words separated by spaces or commas.
//   locations            the scenario's locations (the default when the attribute is absent)
//   area-sets            every area set of the model;   area-set:<id or name>   one of them
//   heat-maps            every heat map of the model;   heat-map:<id or name>   one of them
//   pois                 every POI set of the model;    poi-set:<id or name>    one of them
//   catchment            the catchment area of the `location` (the model's first catchment area);
//                        catchment:<id or name>         that catchment area
// Ids and names are the model's (the app's layers menu shows the titles).
import type { Model } from '@locus/contract';

export type LayerKind = 'locations' | 'areaSets' | 'heatMaps' | 'pois' | 'catchment';

/** One word of the attribute: a kind, with or without a set (id or name). */
export interface LayerWord {
  kind: LayerKind;
  /** The set's id or name; null: every set of the kind (the first catchment area for `catchment`). */
  set: string | null;
  /** The word as written. */
  word: string;
}

const KINDS: Record<string, LayerKind> = {
  locations: 'locations',
  'area-sets': 'areaSets',
  'area-set': 'areaSets',
  'heat-maps': 'heatMaps',
  'heat-map': 'heatMaps',
  pois: 'pois',
  'poi-set': 'pois',
  catchment: 'catchment',
};

export const DEFAULT_LAYERS = 'locations';

/** The words of a layers attribute that name a layer kind, and the words that name none. */
export function parseLayers(value: string | null | undefined): { words: LayerWord[]; unknown: string[] } {
  const words: LayerWord[] = [];
  const unknown: string[] = [];
  for (const word of (value ?? DEFAULT_LAYERS)
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean)) {
    const colon = word.indexOf(':');
    const kind = KINDS[(colon < 0 ? word : word.slice(0, colon)).toLowerCase()];
    const set = colon < 0 ? null : word.slice(colon + 1);
    if (!kind || set === '' || (kind === 'locations' && set !== null)) unknown.push(word);
    else words.push({ kind, set, word });
  }
  return { words, unknown };
}

/** The ids of the model's sets a layers attribute asks for, per kind; an unknown set throws. */
export interface LayerChoice {
  locations: boolean;
  areaSetIds: number[];
  heatMapSetIds: number[];
  poiSetIds: number[];
  /** The catchment area drawn around the `location`, or null. */
  catchmentAreaId: number | null;
}

type Named = { id: number; name: string; title?: string };

/** The ids of the sets a word names; null when the model has no such set. */
function pick(sets: readonly Named[], word: LayerWord): number[] | null {
  if (word.set === null) return sets.map((s) => s.id);
  const wanted = word.set.toLowerCase();
  const found = sets.find((s) => String(s.id) === word.set || s.name.toLowerCase() === wanted);
  return found ? [found.id] : null;
}

/**
 * The layers of a model a layers attribute chooses, and every word that names
 * nothing (no such kind, or a set the model does not have): the map draws
 * what the known words choose and reports each unknown word.
 */
export function chooseLayers(
  value: string | null | undefined,
  model: Pick<Model, 'areaSets' | 'heatMapSets' | 'poiSets' | 'catchmentAreas'>,
): { choice: LayerChoice; unknown: string[] } {
  const { words, unknown } = parseLayers(value);
  const choice: LayerChoice = { locations: false, areaSetIds: [], heatMapSetIds: [], poiSetIds: [], catchmentAreaId: null };
  const add = (list: number[], word: LayerWord, sets: readonly Named[]) => {
    const ids = pick(sets, word);
    if (!ids) unknown.push(word.word);
    else for (const id of ids) if (!list.includes(id)) list.push(id);
  };
  for (const word of words) {
    if (word.kind === 'locations') choice.locations = true;
    else if (word.kind === 'areaSets') add(choice.areaSetIds, word, model.areaSets);
    else if (word.kind === 'heatMaps') add(choice.heatMapSetIds, word, model.heatMapSets);
    else if (word.kind === 'pois') add(choice.poiSetIds, word, model.poiSets);
    else {
      const ids = pick(model.catchmentAreas, word);
      if (!ids) unknown.push(word.word);
      else choice.catchmentAreaId = ids[0] ?? null;
    }
  }
  // In the order written.
  const order = (value ?? DEFAULT_LAYERS).split(/[\s,]+/).filter(Boolean);
  unknown.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { choice, unknown: [...new Set(unknown)] };
}
