// State and actions of the map tools of the toolbar: the location filter, the
// layers menu (set toggling rules, area hover, satellite imagery setting), the
// map search and the legend entries. The filter and layer actions write the
// locations' and layers' stores; what reads through the API (satellite
// setting, hover, search, logos) is the ToolsModel, made with the API client.
import { ChangeType, LocationVisibility, type Area, type LocationSummary, type Model, type SearchResult } from '@locus/contract';
import { batch, computed, createModel, effect, signal } from '@preact/signals-react';
import { isAbort, type ApiClient } from '@locus/contract/client';
import type { TextKey } from '../i18n';
import { emptyFilter, filter, filterActive, locations, selectedLocationId, visibleLocations, type LocationFilter } from './locations';
import { layers, setLayers, toggleSet, type LayerState } from './layers';
import { latestWins, STALE } from './latest';
import { model } from './models';
import { selectLocation } from './planner';
import { locationHits, PlaceFinder, rankHits, type Place, type SearchHit } from '../map/search-rank';
import { extent, requestFit } from './view';

// ---------------------------------------------------------------- filter

export type FilterList = 'groupIds' | 'clusterIds' | 'changeTypes';

export function setFilterName(name: string): void {
  filter.value = { ...filter.value, name };
}

/** Adds or removes one value of a filter list (a group, a cluster or a changeType). */
export function setFilterValue(list: FilterList, value: number, on: boolean): void {
  const current = filter.value[list];
  const next = on ? (current.includes(value) ? current : [...current, value]) : current.filter((x) => x !== value);
  filter.value = { ...filter.value, [list]: next } as LocationFilter;
}

export function clearFilter(): void {
  filter.value = emptyFilter;
}

/** Locations that can show on the map at all (not hidden): the filter's denominator. */
export const filterableCount = computed(() => locations.value.filter((l) => l.visibility !== LocationVisibility.hidden).length);
/** Locations matching the filter (drawn on the map). */
export const matchingCount = computed(() => visibleLocations.value.length);

export interface ClusterOption {
  id: number;
  name: string;
}

/** The clusters the scenario's locations are in, by name. */
export function clusterOptions(list: readonly Pick<LocationSummary, 'locationClusterId' | 'locationCluster'>[], lang: string): ClusterOption[] {
  const byId = new Map<number, string>();
  for (const l of list) {
    if (l.locationClusterId !== null && !byId.has(l.locationClusterId)) byId.set(l.locationClusterId, l.locationCluster ?? String(l.locationClusterId));
  }
  const collator = new Intl.Collator(lang, { numeric: true });
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name));
}

/** The changeTypes the filter offers, in the spec's order. */
export const FILTER_CHANGE_TYPES = [ChangeType.unchanged, ChangeType.added, ChangeType.closed, ChangeType.edited] as const;

// ---------------------------------------------------------------- layers

export type SetKind = 'areaSetIds' | 'heatMapSetIds' | 'poiSetIds';

/** Whether more than one set of a kind may be on at once: area sets always, heat maps and POIs as the model says. */
export function allowsMultiple(kind: SetKind, m: Pick<Model, 'allowMultipleHeatMapSets' | 'allowMultiplePOISets'> | null): boolean {
  if (kind === 'heatMapSetIds') return !!m?.allowMultipleHeatMapSets;
  if (kind === 'poiSetIds') return !!m?.allowMultiplePOISets;
  return true;
}

/** The layer state after turning one set on or off under the model's rules. */
export function withSet(
  state: LayerState,
  kind: SetKind,
  id: number,
  on: boolean,
  m: Pick<Model, 'allowMultipleHeatMapSets' | 'allowMultiplePOISets'> | null,
): LayerState {
  return { ...state, [kind]: toggleSet(state[kind], id, on, allowsMultiple(kind, m)) };
}

export function setSetVisible(kind: SetKind, id: number, on: boolean): void {
  layers.value = withSet(layers.value, kind, id, on, model.value);
}

/** Turns every set of a kind off (the 'none' choice when only one may be on). */
export function clearSets(kind: SetKind): void {
  setLayers({ [kind]: [] });
}

export function setCatchmentArea(id: number | null): void {
  setLayers({ catchmentAreaId: id });
}

export function setIsoLineSet(id: number | null): void {
  setLayers({ isoLineSetId: id });
}

/** Results listed at first and added by each "more". */
export const SEARCH_PAGE = 20;
/** Shortest text searched for. */
export const SEARCH_MIN_LENGTH = 2;

/** The search call's parameters for a view extent [west, south, east, north] and a text; null when there is nothing to search. */
export function searchParams(box: readonly [number, number, number, number] | null, text: string) {
  const query = text.trim();
  if (!box || query.length < SEARCH_MIN_LENGTH) return null;
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  const [west, south, east, north] = box;
  return { north: clamp(north, 90), west: clamp(west, 180), south: clamp(south, 90), east: clamp(east, 180), text: query };
}

let placeFinder: Promise<PlaceFinder | null> | null = null;

/** The gazetteer the basemap labels come from (a lazy chunk), to say where each result is; null when it cannot load. */
function places(): Promise<PlaceFinder | null> {
  placeFinder ??= import('locus:places').then(
    ({ default: list }) => new PlaceFinder(list as Place[]),
    () => null,
  );
  return placeFinder;
}

/** Zoom the map flies to for a chosen result. */
export const SEARCH_RESULT_ZOOM = 14;
/** Degrees within which a location result is the scenario's location at that place. */
const SAME_PLACE = 1e-6;

/** The scenario location a location result stands for: same name and position. */
export function locationOfResult(result: SearchResult, list: readonly LocationSummary[]): LocationSummary | null {
  if (result.category !== 'location') return null;
  const near = list.filter((l) => Math.abs(l.latitude - result.latitude) < SAME_PLACE && Math.abs(l.longitude - result.longitude) < SAME_PLACE);
  return near.find((l) => l.name === result.title) ?? near[0] ?? null;
}

/** Flies to a result; a location result is selected as well. */
export async function chooseSearchResult(result: SearchHit, select: (id: number) => Promise<void>): Promise<void> {
  requestFit({ kind: 'point', lon: result.longitude, lat: result.latitude, zoom: SEARCH_RESULT_ZOOM });
  const id = result.locationId ?? locationOfResult(result, locations.value)?.id;
  if (id !== undefined) await select(id);
}

/** A configured XYZ imagery source for the satellite toggle (the server's environment answer). */
export interface SatelliteImagery {
  url: string;
  attribution: string | null;
}

/** The area under the pointer in a hover-enabled area set, where the pointer is (client px). */
export interface AreaHover {
  x: number;
  y: number;
  setTitle: string;
  area: Area;
}

// ---------------------------------------------------------------- state: satellite, hover, search, images

/**
 * The map tools' state that reads through the API: the satellite setting,
 * the area and POI under the pointer, the map search and the logos. Made with
 * the API client and the action that selects a location; until disposed it
 * selects the filter's single match and clears the area tooltip when no
 * hover-enabled set is on (effects it owns).
 */
export const ToolsModel = createModel((api: ApiClient, select: (id: number) => Promise<void> = selectLocation) => {
  // ---------------------------------------------------------------- the filter's single match

  // A filter that leaves one location selects it.
  effect(() => {
    const list = visibleLocations.value;
    if (filterActive.value && list.length === 1 && list[0]!.id !== selectedLocationId.peek()) void select(list[0]!.id);
  });

  // ---------------------------------------------------------------- satellite imagery

  const satelliteImagery = signal<SatelliteImagery | null>(null);
  let satelliteLoaded: Promise<void> | null = null;

  /** Reads the satellite setting once; without one the toggle is absent and the layer off. */
  function loadSatelliteImagery(): Promise<void> {
    satelliteLoaded ??= api
      .call('systemEnvironment', { expected: () => true })
      .then((env) => {
        satelliteImagery.value = env.satellite ?? null;
      })
      .catch(() => {
        satelliteImagery.value = null;
      })
      .finally(() => {
        if (!satelliteImagery.value && layers.peek().satellite) setLayers({ satellite: false });
      });
    return satelliteLoaded;
  }

  function setSatellite(on: boolean): void {
    setLayers({ satellite: on && satelliteImagery.peek() !== null });
  }

  // ---------------------------------------------------------------- area and POI under the pointer

  const areaHover = signal<AreaHover | null>(null);

  /** Area sets that are on and answer hovering. */
  const hoverAreaSets = computed(() => {
    const m = model.value;
    if (!m) return [];
    return m.areaSets.filter((s) => s.hover && layers.value.areaSetIds.includes(s.id));
  });

  /** The tooltip shows the area under the latest pointer position: a read for an earlier one is aborted. */
  const hoverRead = latestWins();

  /**
   * Reads the area under a map point in the topmost hover-enabled visible area
   * set; 404 (no area there) clears the tooltip without an error.
   */
  async function hoverAreaAt(lon: number, lat: number, x: number, y: number): Promise<void> {
    const sets = hoverAreaSets.peek();
    const m = model.peek();
    if (!m || sets.length === 0) {
      hoverRead.abort();
      areaHover.value = null;
      return;
    }
    const found = await hoverRead.run(async (signal) => {
      for (const set of [...sets].reverse()) {
        try {
          const area = await api.call('areaPropertiesByPosition', {
            params: { modelId: m.id, areaSetId: set.id, longitude: lon, latitude: lat },
            signal,
            expected: [404],
          });
          return { set, area };
        } catch (error) {
          if (isAbort(error)) throw error;
        }
      }
      return null;
    });
    if (found === STALE) return;
    areaHover.value = found ? { x, y, setTitle: found.set.title, area: found.area } : null;
  }

  // No hover-enabled set left on: no tooltip.
  effect(() => {
    if (hoverAreaSets.value.length === 0) clearAreaHover();
  });

  /** The POI under the pointer (its name), where the pointer is (client px). */
  const poiHover = signal<{ x: number; y: number; name: string } | null>(null);

  function clearAreaHover(): void {
    hoverRead.abort();
    areaHover.value = null;
  }

  // ---------------------------------------------------------------- search

  const searchText = signal('');
  const searchResults = signal<SearchHit[]>([]);
  /** How many of the results the panel lists; "more" lists another page. */
  const searchShown = signal(0);
  const searchState = signal<'idle' | 'searching' | 'done'>('idle');
  /** Newer searches win: a search typed further (or cleared) aborts the one before. */
  const searchRead = latestWins();

  /**
   * Searches the model, not the view: the scenario's locations (here, with
   * their changes) and the server's places and POIs (anywhere), ranked by how
   * well the name matches, then by the distance to the centre of the view, then
   * by name in natural order; each result says which place it is in or near.
   * Newer searches win.
   */
  async function runSearch(text = searchText.peek()): Promise<void> {
    searchText.value = text;
    const params = searchParams(extent.peek(), text);
    if (!params) {
      searchRead.abort();
      batch(() => {
        searchResults.value = [];
        searchState.value = 'idle';
      });
      return;
    }
    searchState.value = 'searching';
    const own = locationHits(locations.peek(), params.text);
    const center: [number, number] = [(params.west + params.east) / 2, (params.south + params.north) / 2];
    const hits = await searchRead.run(async (signal) => {
      let server: SearchResult[] = [];
      try {
        server = await api.call('search', { params, signal });
      } catch (error) {
        if (isAbort(error)) throw error;
      }
      // The server's locations are those of every model the user reaches, without the scenario's changes: the scenario's own stand for them.
      const list = locations.peek();
      const ranked: SearchHit[] = rankHits([...own, ...(list.length ? server.filter((r) => r.category !== 'location') : server)], params.text, center);
      const finder = await places();
      if (finder) for (const hit of ranked) hit.where = finder.whereOf(hit);
      return ranked;
    });
    if (hits === STALE) return;
    batch(() => {
      searchResults.value = hits;
      searchShown.value = Math.min(hits.length, SEARCH_PAGE);
      searchState.value = 'done';
    });
  }

  /** Lists another page of results. */
  function showMoreResults(): void {
    searchShown.value = Math.min(searchResults.peek().length, searchShown.peek() + SEARCH_PAGE);
  }

  function clearSearch(): void {
    searchRead.abort();
    batch(() => {
      searchText.value = '';
      searchResults.value = [];
      searchState.value = 'idle';
    });
  }

  // ---------------------------------------------------------------- images

  /** Object URLs of images read through the API client (POI set logos, category logos, group icons), by key. */
  const imageUrls = new Map<string, Promise<string | null>>();
  /** Counts the images read: a component that shows logos reads it to draw again when one arrives. */
  const imageVersion = signal(0);
  const resolved = new Map<string, string | null>();

  /** An image of an authenticated route as an object URL, read once per key. */
  function apiImage(key: string, load: () => Promise<Blob>): string | null {
    if (resolved.has(key)) return resolved.get(key) ?? null;
    if (!imageUrls.has(key)) {
      imageUrls.set(
        key,
        load()
          .then((blob) => URL.createObjectURL(blob))
          .catch(() => null)
          .then((url) => {
            resolved.set(key, url);
            imageVersion.value++;
            return url;
          }),
      );
    }
    return null;
  }

  function poiSetLogo(modelId: number, poiSetId: number, logoHash = ''): string | null {
    return apiImage(`poi:${modelId}:${poiSetId}:${logoHash}`, () =>
      api.blob('poiSetLogo', { params: { modelId, poiSetId }, query: logoHash ? { r: logoHash } : {}, expected: () => true }),
    );
  }

  function categoryLogo(category: SearchResult['category']): string | null {
    return apiImage(`category:${category}`, () => api.blob('searchCategoryLogo', { query: { category }, expected: () => true }));
  }

  function groupLogo(groupId: number, revision: string): string | null {
    return apiImage(`group:${groupId}:${revision}`, () =>
      api.blob('locationGroupLogo', {
        params: { locationGroupId: groupId, shape: 'round', selected: false, change: 0 },
        query: { r: revision },
        expected: () => true,
      }),
    );
  }

  return {
    satelliteImagery,
    loadSatelliteImagery,
    setSatellite,
    areaHover,
    hoverAreaSets,
    hoverAreaAt,
    poiHover,
    clearAreaHover,
    searchText,
    searchResults,
    searchShown,
    searchState,
    runSearch,
    showMoreResults,
    clearSearch,
    imageVersion,
    poiSetLogo,
    categoryLogo,
    groupLogo,
  };
});
export type ToolsModel = InstanceType<typeof ToolsModel>;

// ---------------------------------------------------------------- legend

/** A legend text: given (a name from the model) or a catalogue key with its values. */
export type LegendText = string | { key: TextKey; vars?: Record<string, string | number> };

export type LegendEntry =
  | { id: string; kind: 'group'; title: string; groupId: number }
  | { id: string; kind: 'zone'; title: LegendText; color: string }
  /** A colour ramp from low to high; `fade` when its low end fades to transparent (a density). */
  | { id: string; kind: 'ramp'; title: LegendText; colors: readonly string[]; fade: boolean; note?: LegendText }
  /** A line drawn on the map (isolines, range circles) in its colour. */
  | { id: string; kind: 'line'; title: LegendText; color: string; dashed?: boolean; note?: LegendText }
  | { id: string; kind: 'poi'; title: string; poiSetId: number };

export interface LegendSection {
  id: 'groups' | 'zones' | 'areaSets' | 'heatMaps' | 'catchment' | 'isolines' | 'ranges' | 'pois';
  entries: LegendEntry[];
}

/** The ramps of heat maps by their rendering: a count's (fading to transparent) and a rate's. */
export interface HeatMapRamps {
  density: readonly string[];
  rate: readonly string[];
}

/**
 * What the legend lists from the model and the layer choices: the location
 * groups on the map, the catchment zones of the model (of the chosen catchment
 * area when zones name one), the area sets that are on with their colour ramp,
 * the heat maps that are on (a count as a density, a rate per area) and the
 * POI sets that are on. What else is drawn (a catchment, isolines, range
 * circles) adds its own sections (map/legend-layers.ts).
 */
export function legendSections(
  m: Model | null,
  state: LayerState,
  shown: readonly Pick<LocationSummary, 'locationGroupId'>[],
  ramps: HeatMapRamps,
): LegendSection[] {
  if (!m) return [];
  const groupsShown = new Set(shown.map((l) => l.locationGroupId));
  const groups: LegendEntry[] = m.locationGroups
    .filter((g) => groupsShown.has(g.id))
    .map((g) => ({ id: `group-${g.id}`, kind: 'group', title: g.name, groupId: g.id }));
  const catchment = m.catchmentAreas.find((c) => c.id === state.catchmentAreaId) ?? null;
  const zonesOfArea = catchment ? m.catchmentAreaZones.filter((z) => z.catchmentAreaName === catchment.name) : [];
  const zones: LegendEntry[] = (zonesOfArea.length ? zonesOfArea : m.catchmentAreaZones).map((z, i) => ({
    id: `zone-${i}-${z.title}`,
    kind: 'zone',
    title: z.title,
    color: z.color,
  }));
  const areaSets: LegendEntry[] = m.areaSets
    .filter((a) => state.areaSetIds.includes(a.id) && a.colorRamp)
    .map((a) => ({ id: `area-set-${a.id}`, kind: 'ramp', title: a.title, colors: a.colorRamp!, fade: false }));
  const heatMaps: LegendEntry[] = m.heatMapSets
    .filter((h) => state.heatMapSetIds.includes(h.id))
    .map((h) => ({
      id: `heat-${h.id}`,
      kind: 'ramp',
      title: h.title,
      colors: ramps[h.rendering],
      fade: h.rendering === 'density',
      note: { key: h.rendering === 'rate' ? 'legendPerArea' : 'legendDensity' },
    }));
  const pois: LegendEntry[] = m.poiSets
    .filter((p) => state.poiSetIds.includes(p.id))
    .map((p) => ({ id: `poi-${p.id}`, kind: 'poi', title: p.title, poiSetId: p.id }));
  const sections: LegendSection[] = [
    { id: 'groups', entries: groups },
    { id: 'zones', entries: zones },
    { id: 'areaSets', entries: areaSets },
    { id: 'heatMaps', entries: heatMaps },
    { id: 'pois', entries: pois },
  ];
  return sections.filter((s) => s.entries.length > 0);
}
