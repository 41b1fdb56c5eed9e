// The calculated outputs of a scenario: matching
// locations, the catchment area of the selected location and its areas, area
// information, location scores, scenario differences, drivers, property
// values, the processing log and isolines. Every output needs status 9; the
// loaders answer null (or an empty list) otherwise. Answers are kept per key
// (sub-model, scenario, location and modified time), so reopening a panel or
// a report reuses them.
//
// A model (createModel): made with the API client, it keeps the answers, the
// right drawer's outputs and the dialogs' tables, and owns the effects that
// keep the drawer's outputs in step with the selection; disposing it stops
// them. The pure rules stay plain exports.
import type {
  Area,
  DriverFilterChart,
  IsolineFeatureCollection,
  LocationCatchmentArea,
  LocationScore,
  MatchingLocation,
  ProcessingLogEntry,
  PropertiesChartEntry,
  ScenarioDifferences,
} from '@locus/contract';
import { MatchingLocationsTopN } from '@locus/contract';
import { batch, computed, createModel, effect, signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { MEASURES, measure, now } from '../perf';
import { latestWins, STALE } from './latest';
import { layers } from './layers';
import { locationDetail, selectedLocationId } from './locations';
import { isGlobalAdmin, model, submodelId } from './models';
import { scenario, scenarios } from './scenarios';

/** Catchment coverage choices of catchmentAreaMode 0. */
export const COVERAGE = { all: 1, secondary: 0.8, primary: 0.5, none: 0 } as const;
export type Coverage = keyof typeof COVERAGE;
/** Areas under this fraction are drawn as excluded. */
export const EXCLUDED_FRACTION = 0.01;
/** The catchment panel lists this many areas. */
export const CATCHMENT_PANEL_AREAS = 10;

/** Why an output is not available; null when it is (the hints that say why). */
export type OutputHint = 'scenarioNotSelected' | 'scenarioNotCalculated' | 'locationNotSelected' | 'catchmentAreaNotSelected';

/** The hint for an output that needs a calculated scenario and, when asked, a selected location and catchment area. */
export function outputHint(needs: { location?: boolean; catchmentArea?: boolean } = {}): OutputHint | null {
  const s = scenario.value;
  if (!s) return 'scenarioNotSelected';
  if (s.status !== 9) return 'scenarioNotCalculated';
  if (needs.location && selectedLocationId.value === null) return 'locationNotSelected';
  if (needs.catchmentArea && layers.value.catchmentAreaId === null) return 'catchmentAreaNotSelected';
  return null;
}

/** The context every location output is read in: sub-model, calculated scenario, location. */
export interface OutputContext {
  submodelId: number;
  scenarioId: number;
  locationId: number;
}

/** The current context when the scenario is calculated and a location is selected; null otherwise. */
export const outputContext = computed<OutputContext | null>(() => {
  const s = scenario.value;
  const sub = submodelId.value;
  const lid = selectedLocationId.value;
  if (!s || s.status !== 9 || sub === null || lid === null) return null;
  return { submodelId: sub, scenarioId: s.id, locationId: lid };
});

const CACHE_LIMIT = 200;

const notCalculated = (failure: { status: number }) => failure.status === 409 || failure.status === 404;

export type Loadable<T> = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; value: T; key: string } | { state: 'failed' };

/** 10 records per page. */
export const PROCESSING_LOG_PAGE = 10;

/**
 * The results of the shown scenario. Made with the API client; from then on
 * it reads the drawer's outputs (matching locations, catchment areas,
 * isolines) whenever the scenario, its status, the sub-model, the selected
 * location or the layer choices change, until disposed.
 */
export const ResultsModel = createModel((api: ApiClient) => {
  // ---------------------------------------------------------------- answers kept per key

  const cache = new Map<string, Promise<unknown>>();

  /**
   * Counts, per scenario, the times the app saw its status change. A
   * recalculation after a parameter change keeps the scenario's modified time
   * but passes through other statuses, so answers read before it are stale.
   */
  const statusEpochs = new Map<number, { status: number; epoch: number }>();
  effect(() => {
    for (const s of scenarios.value) {
      const seen = statusEpochs.get(s.id);
      if (!seen) statusEpochs.set(s.id, { status: s.status, epoch: 0 });
      else if (seen.status !== s.status) statusEpochs.set(s.id, { status: s.status, epoch: seen.epoch + 1 });
    }
  });

  /**
   * The state of a scenario's results: its modified time, status and status
   * changes seen. An edit or a recalculation makes earlier answers stale.
   */
  function scenarioStamp(scenarioId: number): string {
    const s = scenarios.peek().find((x) => x.id === scenarioId);
    if (!s) return '';
    return `${s.modified}/${s.status}/${statusEpochs.get(scenarioId)?.epoch ?? 0}`;
  }

  /** The same for the model's base scenario: an answer comparing with the base depends on it too. */
  function baseStamp(): string {
    const base = scenarios.peek().find((x) => x.parentScenarioId === null);
    return base ? `${base.id}:${scenarioStamp(base.id)}` : '';
  }

  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    let entry = cache.get(key) as Promise<T> | undefined;
    if (!entry) {
      entry = load();
      cache.set(key, entry);
      entry.catch(() => cache.delete(key));
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    }
    return entry;
  }

  /** Forgets every kept answer. */
  function clearCache(): void {
    cache.clear();
  }

  // ---------------------------------------------------------------- loaders (used by panels, charts and reports)

  /** The topN matching locations, the reference first (spec: topN 11 for the list). */
  function fetchMatchingLocations(c: OutputContext, topN = MatchingLocationsTopN): Promise<MatchingLocation[]> {
    return cached(`matching:${c.submodelId}:${c.scenarioId}:${c.locationId}:${topN}:${scenarioStamp(c.scenarioId)}`, () =>
      api.call('matchingLocations', { params: c, query: { topN }, expected: notCalculated }).catch((e) => (notCalculated(e) ? [] : Promise.reject(e))),
    );
  }

  /** The matching locations with their normalized scores (radar chart). */
  function fetchMatchingScores(c: OutputContext, topN = 6): Promise<MatchingLocation[]> {
    return cached(`matchingScores:${c.submodelId}:${c.scenarioId}:${c.locationId}:${topN}:${scenarioStamp(c.scenarioId)}`, () =>
      api.call('matchingScores', { params: c, query: { topN }, expected: notCalculated }).catch((e) => (notCalculated(e) ? [] : Promise.reject(e))),
    );
  }

  const catchmentKey = (c: OutputContext, catchmentAreaId: number) =>
    `catchment:${c.submodelId}:${c.scenarioId}:${c.locationId}:${catchmentAreaId}:${scenarioStamp(c.scenarioId)}`;

  /** Whether a location's catchment area is already read (or being read). */
  function catchmentAreaCached(c: OutputContext, catchmentAreaId: number): boolean {
    return cache.has(catchmentKey(c, catchmentAreaId));
  }

  /** The catchment area of a location for one catchment area of the model; null when not calculated. */
  function fetchCatchmentArea(c: OutputContext, catchmentAreaId: number, options: { quiet?: boolean } = {}): Promise<LocationCatchmentArea | null> {
    return cached(catchmentKey(c, catchmentAreaId), () =>
      api
        .call('locationCatchmentArea', { params: { ...c, catchmentAreaId }, expected: options.quiet ? () => true : notCalculated })
        .catch((e) => (notCalculated(e) ? null : Promise.reject(e))),
    );
  }

  /**
   * Starts reading a location's catchment area (the chosen one) before it is
   * selected, when the pointer rests on its icon: the server's read is most of
   * the wait between the click and the catchment on the map. Quiet: a failure
   * here shows nothing (the selection reads again).
   */
  function prefetchCatchmentArea(locationId: number): void {
    const s = scenario.peek();
    const sub = submodelId.peek();
    const id = layers.peek().catchmentAreaId;
    if (!s || s.status !== 9 || sub === null || id === null || locationId === selectedLocationId.peek()) return;
    const c: OutputContext = { submodelId: sub, scenarioId: s.id, locationId };
    if (catchmentAreaCached(c, id)) return;
    fetchCatchmentArea(c, id, { quiet: true }).catch(() => undefined);
  }

  /** The location score table. */
  function fetchLocationScores(c: OutputContext): Promise<LocationScore[]> {
    return cached(`scores:${c.submodelId}:${c.scenarioId}:${c.locationId}:${scenarioStamp(c.scenarioId)}`, () =>
      api.call('locationScores', { params: c, expected: notCalculated }).catch((e) => (notCalculated(e) ? [] : Promise.reject(e))),
    );
  }

  /** The impact of a scenario against the default scenario; null when not calculated. */
  function fetchScenarioDifferences(sub: number, scenarioId: number): Promise<ScenarioDifferences | null> {
    // The differences compare with the base scenario: its state is part of the key, so a base calculated after
    // a first read (which answered "not calculated") is read again, without a reload.
    return cached(`differences:${sub}:${scenarioId}:${scenarioStamp(scenarioId)}:${baseStamp()}`, () =>
      api
        .call('scenarioDifferences', { params: { submodelId: sub, scenarioId }, expected: notCalculated })
        .catch((e) => (notCalculated(e) ? null : Promise.reject(e))),
    );
  }

  /** The drivers chart data of a location. */
  function fetchDrivers(scenarioId: number, locationId: number): Promise<DriverFilterChart[]> {
    return cached(`drivers:${scenarioId}:${locationId}:${scenarioStamp(scenarioId)}`, () =>
      api
        .call('scenarioDrivers', { params: { scenarioId }, query: { locationId }, expected: notCalculated })
        .catch((e) => (notCalculated(e) ? [] : Promise.reject(e))),
    );
  }

  /** Two numeric location properties of every location of a scenario (properties chart). */
  function fetchPropertyValues(scenarioId: number, propertyId1: number, propertyId2: number): Promise<PropertiesChartEntry[]> {
    return cached(`propertyValues:${scenarioId}:${propertyId1}:${propertyId2}:${scenarioStamp(scenarioId)}`, () =>
      api.call('propertyValues', { params: { scenarioId, propertyId1, propertyId2 } }),
    );
  }

  /** An area of a catchment area's area set by code, with its locations in the scenario (status 9). */
  function fetchAreaInformation(sub: number, scenarioId: number, catchmentAreaId: number, areaCode: string): Promise<Area | null> {
    return cached(`area:${sub}:${scenarioId}:${catchmentAreaId}:${areaCode}:${scenarioStamp(scenarioId)}`, () =>
      api
        .call('catchmentAreaPropertiesByCode', { params: { submodelId: sub, scenarioId, catchmentAreaId, areaCode }, expected: [404] })
        .catch((e) => (e?.status === 404 ? null : Promise.reject(e))),
    );
  }

  /** The stored isolines of a location (every set and minutes). */
  function fetchLocationIsolines(locationId: number): Promise<IsolineFeatureCollection> {
    return cached(`isolines:${locationId}:${model.peek()?.modified ?? ''}`, () => api.call('locationIsolines', { params: { locationId } }));
  }

  // ---------------------------------------------------------------- drawer state

  const matching = signal<Loadable<MatchingLocation[]>>({ state: 'idle' });
  /** The selected location's catchment area per catchment area id (the chosen one, and in mode 1 every one on the map). */
  const catchments = signal<Map<number, Loadable<LocationCatchmentArea | null>>>(new Map());
  /** Isolines of the selected location in the chosen isoline set. */
  const isolines = signal<IsolineFeatureCollection | null>(null);
  /** Mode 0: which part of the catchment area is drawn. */
  const coverage = signal<Coverage>('all');
  /** Draw the catchment area as its change against the default scenario (where the output carries it). */
  const compareWithDefault = signal(false);

  /** The area chosen in the catchment panel or on the map, and its information. */
  const selectedArea = signal<{ catchmentAreaId: number; areaCode: string } | null>(null);
  const areaInfo = signal<Loadable<Area | null>>({ state: 'idle' });

  /** The catchment areas whose outputs are read: the chosen one, plus in mode 1 those shown on the map. */
  const catchmentAreaIds = computed<number[]>(() => {
    const m = model.value;
    if (!m) return [];
    const chosen = layers.value.catchmentAreaId;
    const ids = new Set<number>();
    if (chosen !== null && m.catchmentAreas.some((c) => c.id === chosen)) ids.add(chosen);
    if (m.catchmentAreaMode === 1 && m.catchmentAreasOnMap) for (const c of m.catchmentAreas) if (c.onMap) ids.add(c.id);
    return [...ids];
  });

  /** The catchment area of the panel (the chosen one). */
  const panelCatchment = computed<Loadable<LocationCatchmentArea | null>>(() => {
    const id = layers.value.catchmentAreaId;
    return id === null ? { state: 'idle' } : (catchments.value.get(id) ?? { state: 'idle' });
  });

  const keyOf = (c: OutputContext) => `${c.submodelId}:${c.scenarioId}:${c.locationId}:${scenarioStamp(c.scenarioId)}`;
  /** The drawer shows the outputs of the latest context: reads for an earlier one are dropped. */
  const drawerRead = latestWins();
  const isolineRead = latestWins();
  const areaRead = latestWins();

  /** Reads the drawer's outputs for the current context: matching locations and the catchment areas. */
  async function loadDrawerOutputs(): Promise<void> {
    const c = outputContext.peek();
    const ids = catchmentAreaIds.peek();
    if (!c) {
      drawerRead.abort();
      batch(() => {
        matching.value = { state: 'idle' };
        catchments.value = new Map();
      });
      return;
    }
    const key = keyOf(c);
    const current = matching.peek();
    if (!(current.state === 'ready' && current.key === key)) matching.value = { state: 'loading' };
    const next = new Map<number, Loadable<LocationCatchmentArea | null>>();
    for (const id of ids) {
      const before = catchments.peek().get(id);
      next.set(id, before?.state === 'ready' && before.key === `${key}:${id}` ? before : { state: 'loading' });
    }
    catchments.value = next;
    // The answers are kept (shared with the charts and reports), so the reads are not aborted; a
    // newer context only makes their answers void here.
    await drawerRead.run(async (signal) => {
      const catchmentTasks = ids.map(async (id) => {
        const started = now();
        const wasCached = catchmentAreaCached(c, id);
        let state: Loadable<LocationCatchmentArea | null>;
        try {
          state = { state: 'ready', value: await fetchCatchmentArea(c, id), key: `${key}:${id}` };
          if (id === layers.peek().catchmentAreaId) measure(MEASURES.catchmentFetch, started, { locationId: c.locationId, cached: wasCached });
        } catch {
          state = { state: 'failed' };
        }
        if (signal.aborted) return;
        const map = new Map(catchments.peek());
        map.set(id, state);
        catchments.value = map;
      });
      // The matching locations are asked for once the catchment areas are in: the server computes them
      // in seconds of one thread, and asked at the same time they hold up the catchment's answer.
      await Promise.all(catchmentTasks);
      if (signal.aborted) return;
      const list = await fetchMatchingLocations(c).catch(() => null);
      if (!signal.aborted) matching.value = list ? { state: 'ready', value: list, key } : { state: 'failed' };
    });
  }

  /** Reads the isolines of the selected location in the chosen set. */
  async function loadIsolines(): Promise<void> {
    const lid = selectedLocationId.peek();
    const m = model.peek();
    const setId = layers.peek().isoLineSetId;
    const set = m?.isoLineSets.find((s) => s.id === setId);
    if (lid === null || !set) {
      isolineRead.abort();
      isolines.value = null;
      return;
    }
    try {
      const all = await isolineRead.run(() => fetchLocationIsolines(lid));
      if (all !== STALE) isolines.value = { ...all, features: all.features.filter((f) => f.properties.isoLineSet === set.name) };
    } catch {
      isolines.value = null;
    }
  }

  /** Selects an area (panel row or map click) and reads its information. */
  async function selectArea(area: { catchmentAreaId: number; areaCode: string } | null): Promise<void> {
    selectedArea.value = area;
    const s = scenario.peek();
    const sub = submodelId.peek();
    if (!area || !s || sub === null) {
      areaRead.abort();
      areaInfo.value = { state: 'idle' };
      return;
    }
    areaInfo.value = { state: 'loading' };
    try {
      const info = await areaRead.run(() => fetchAreaInformation(sub, s.id, area.catchmentAreaId, area.areaCode));
      if (info !== STALE) areaInfo.value = { state: 'ready', value: info, key: area.areaCode };
    } catch {
      areaInfo.value = { state: 'failed' };
    }
  }

  // Owned by the model: the drawer's outputs follow the scenario, its status, the sub-model, the
  // selected location and the layer choices.
  effect(() => {
    void outputContext.value;
    void catchmentAreaIds.value;
    void scenario.value?.modified;
    void loadDrawerOutputs();
  });
  effect(() => {
    void selectedLocationId.value;
    void layers.value.isoLineSetId;
    void model.value;
    void loadIsolines();
  });
  // The area selection belongs to a location and scenario.
  effect(() => {
    void selectedLocationId.value;
    void scenario.value?.id;
    if (selectedArea.peek()) void selectArea(null);
  });

  // ---------------------------------------------------------------- scores and processing log

  const scoresOpen = signal(false);
  const scores = signal<Loadable<LocationScore[]>>({ state: 'idle' });

  async function openScores(): Promise<void> {
    const c = outputContext.peek();
    if (!c) return;
    scoresOpen.value = true;
    scores.value = { state: 'loading' };
    try {
      const list = await fetchLocationScores(c);
      scores.value = { state: 'ready', value: list, key: keyOf(c) };
    } catch {
      scores.value = { state: 'failed' };
    }
  }

  /** The area scores: the per-area table of the selected area (its locations with minutes and score). */
  const areaScoresOpen = signal(false);

  const processingLogOpen = signal(false);
  const processingLog = signal<Loadable<ProcessingLogEntry[]>>({ state: 'idle' });

  async function openProcessingLog(): Promise<void> {
    const m = model.peek();
    if (!m) return;
    processingLogOpen.value = true;
    processingLog.value = { state: 'loading' };
    try {
      const list = await api.call('processingLog', { params: { modelId: m.id } });
      processingLog.value = { state: 'ready', value: list.slice(0, 100), key: String(m.id) };
    } catch {
      processingLog.value = { state: 'failed' };
    }
  }

  /** The processing log of the current scenario when one is chosen, else the model's. */
  const processingLogRows = computed<ProcessingLogEntry[]>(() => {
    const log = processingLog.value;
    if (log.state !== 'ready') return [];
    return log.value;
  });

  return {
    scenarioStamp,
    baseStamp,
    clearCache,
    fetchMatchingLocations,
    fetchMatchingScores,
    catchmentAreaCached,
    fetchCatchmentArea,
    prefetchCatchmentArea,
    fetchLocationScores,
    fetchScenarioDifferences,
    fetchDrivers,
    fetchPropertyValues,
    fetchAreaInformation,
    fetchLocationIsolines,
    matching,
    catchments,
    isolines,
    coverage,
    compareWithDefault,
    selectedArea,
    areaInfo,
    catchmentAreaIds,
    panelCatchment,
    loadDrawerOutputs,
    loadIsolines,
    selectArea,
    scoresOpen,
    scores,
    openScores,
    areaScoresOpen,
    processingLogOpen,
    processingLog,
    openProcessingLog,
    processingLogRows,
  };
});
export type ResultsModel = InstanceType<typeof ResultsModel>;

// ---------------------------------------------------------------- pure rules

/** The product of all location scores, 0 when there are none (the score table's footer). */
export function scoreProduct(scores: readonly { score: number }[]): number {
  if (scores.length === 0) return 0;
  return scores.reduce((product, s) => product * s.score, 1);
}

/** The matching list of the drawer: the reference (first entry) skipped; empty when one entry or none. */
export function matchingList(list: readonly MatchingLocation[]): MatchingLocation[] {
  return list.length <= 1 ? [] : list.slice(1);
}

/** Whether an area of a catchment area is drawn in the chosen coverage of mode 0 (all 1, secondary 0.8, primary 0.5, none 0). */
export function inCoverage(valueSharePrevious: number, choice: Coverage): boolean {
  return valueSharePrevious < COVERAGE[choice];
}

/** A location's share of an area's total value (area information panel); 0 when the total is 0 or unknown. */
export function shareOfTotal(value: number, total: number | null): number {
  return total ? value / total : 0;
}

export const showLogErrors = computed(() => isGlobalAdmin.value);

/** The selected location's name (titles of dialogs). */
export const selectedLocationName = computed(() => locationDetail.value?.name ?? '');
