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
  'area-sets': 'areaSets', 'area-set': 'areaSets',
  'heat-maps': 'heatMaps', 'heat-map': 'heatMaps',
  pois: 'pois', 'poi-set': 'pois',
  catchment: 'catchment',
};

export const DEFAULT_LAYERS = 'locations';

/** The words of a layers attribute; throws on a word that names no layer kind. */
export function parseLayers(value: string | null | undefined): LayerWord[] {
  const words = (value ?? DEFAULT_LAYERS).split(/[\s,]+/).map((w) => w.trim()).filter(Boolean);
  return words.map((word) => {
    const colon = word.indexOf(':');
    const name = (colon < 0 ? word : word.slice(0, colon)).toLowerCase();
    const kind = KINDS[name];
    if (!kind) throw new LayerWordError(word);
    const set = colon < 0 ? null : word.slice(colon + 1);
    if (set === '' || (kind === 'locations' && set !== null)) throw new LayerWordError(word);
    return { kind, set, word };
  });
}

export class LayerWordError extends Error {
  constructor(readonly word: string) {
    super(`unknown layer "${word}"`);
  }
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

function pick(sets: readonly Named[], word: LayerWord): number[] {
  if (word.set === null) return sets.map((s) => s.id);
  const wanted = word.set.toLowerCase();
  const found = sets.find((s) => String(s.id) === word.set || s.name.toLowerCase() === wanted);
  if (!found) throw new LayerWordError(word.word);
  return [found.id];
}

/** The layers of a model the words choose. */
export function chooseLayers(words: readonly LayerWord[], model: Pick<Model, 'areaSets' | 'heatMapSets' | 'poiSets' | 'catchmentAreas'>): LayerChoice {
  const choice: LayerChoice = { locations: false, areaSetIds: [], heatMapSetIds: [], poiSetIds: [], catchmentAreaId: null };
  const add = (list: number[], ids: number[]) => {
    for (const id of ids) if (!list.includes(id)) list.push(id);
  };
  for (const word of words) {
    if (word.kind === 'locations') choice.locations = true;
    else if (word.kind === 'areaSets') add(choice.areaSetIds, pick(model.areaSets, word));
    else if (word.kind === 'heatMaps') add(choice.heatMapSetIds, pick(model.heatMapSets, word));
    else if (word.kind === 'pois') add(choice.poiSetIds, pick(model.poiSets, word));
    else choice.catchmentAreaId = pick(model.catchmentAreas, word)[0] ?? null;
  }
  return choice;
}
