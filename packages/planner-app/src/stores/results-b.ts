// Charts and reports: which chart or report is open and
// the data each reads first. The loaders themselves live in the results store;
// this store only orchestrates them for the charts dialog and the reports.
import type {
  DriverFilterChart,
  Location,
  LocationCatchmentArea,
  LocationSummary,
  MatchingLocation,
  PropertiesChartEntry,
  ScenarioDifferences,
} from '@locus/contract';
import { MatchingLocationsTopN } from '@locus/contract';
import { signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { measure, MEASURES, now } from '../perf';
import { latestWins, STALE } from './latest';
import {
  fetchCatchmentArea,
  fetchDrivers,
  fetchMatchingLocations,
  fetchMatchingScores,
  fetchPropertyValues,
  fetchScenarioDifferences,
  outputContext,
  type Loadable,
  type OutputContext,
} from './results';

/** The charts of the Graphics entry. */
export type ChartKind = 'matching' | 'radar' | 'drivers' | 'properties';
export const CHART_KINDS: readonly ChartKind[] = ['matching', 'radar', 'drivers', 'properties'];
/** The charts use the top 6 matching locations. */
export const CHART_TOP = 6;

export const openChart = signal<ChartKind | null>(null);
export const chartMatching = signal<Loadable<MatchingLocation[]>>({ state: 'idle' });
export const chartDrivers = signal<Loadable<DriverFilterChart[]>>({ state: 'idle' });
export const chartProperties = signal<Loadable<PropertiesChartEntry[]>>({ state: 'idle' });
/** The scatter chart's axes: location property ids. */
export const scatterAxes = signal<{ x: number | null; y: number | null }>({ x: null, y: null });

/** The chart shown is the last one asked for: an earlier chart's data answered late is dropped. */
const chartLoad = latestWins();

async function into<T>(target: { value: Loadable<T> }, key: string, kind: ChartKind, load: () => Promise<T>): Promise<void> {
  const started = now();
  target.value = { state: 'loading' };
  try {
    const value = await chartLoad.run(load);
    if (value === STALE) return;
    measure(MEASURES.chartFetch, started, { kind });
    target.value = { state: 'ready', value, key };
  } catch {
    target.value = { state: 'failed' };
  }
}

const contextKey = (c: OutputContext) => `${c.submodelId}:${c.scenarioId}:${c.locationId}`;

/**
 * Opens a chart and first reads its data: the matching chart
 * the matching locations, the radar chart the matching scores, the drivers
 * chart the drivers, the properties chart the two chosen properties' values.
 */
export async function showChart(api: ApiClient, kind: ChartKind): Promise<void> {
  const c = outputContext.peek();
  if (!c) return;
  openChart.value = kind;
  // The chart shows the top of the drawer's list (the same read, so the server computes the matches once).
  if (kind === 'matching') await into(chartMatching, contextKey(c), kind, () => fetchMatchingLocations(api, c, MatchingLocationsTopN));
  else if (kind === 'radar') await into(chartMatching, contextKey(c), kind, () => fetchMatchingScores(api, c, CHART_TOP));
  else if (kind === 'drivers') await into(chartDrivers, contextKey(c), kind, () => fetchDrivers(api, c.scenarioId, c.locationId));
  else await loadScatter(api);
}

/** Reads the scatter chart's values for the chosen axes (nothing until both are chosen). */
export async function loadScatter(api: ApiClient): Promise<void> {
  const c = outputContext.peek();
  const { x, y } = scatterAxes.peek();
  if (!c || x === null || y === null) {
    chartProperties.value = { state: 'idle' };
    return;
  }
  await into(chartProperties, `${c.scenarioId}:${x}:${y}`, 'properties', () => fetchPropertyValues(api, c.scenarioId, x, y));
}

export function closeChart(): void {
  chartLoad.abort();
  openChart.value = null;
}

// ---------------------------------------------------------------- location report data

/** What a location report is about; the report reads everything else itself. */
export interface LocationReportInput {
  submodelId: number;
  scenarioId: number;
  locationId: number;
  /** The catchment area of the maps and the top-areas table; null when the model has none. */
  catchmentAreaId: number | null;
}

export interface LocationReportData {
  location: Location;
  catchment: LocationCatchmentArea | null;
  /** The matching locations, the reference first (output chart). */
  matching: MatchingLocation[];
  /** The top 6 with their normalized scores (radar chart). */
  matchingScores: MatchingLocation[];
  drivers: DriverFilterChart[];
}

/** What the report's maps and tables need: the location and its catchment area. */
export type LocationReportBase = Pick<LocationReportData, 'location' | 'catchment'>;
/** What the report's charts need: the matching locations, their scores and the drivers. */
export type LocationReportCharts = Pick<LocationReportData, 'matching' | 'matchingScores' | 'drivers'>;

/**
 * The location report's outputs in two parts, each read as soon as it can be:
 * the base (location, catchment area; the maps are drawn from it) first, the
 * charts' data once the base is in. The matching locations take the server
 * seconds of one thread, and asked at the same time they hold up the base.
 */
export function loadLocationReportParts(
  api: ApiClient,
  input: LocationReportInput,
  hasScores: boolean,
  hasDrivers: boolean,
): {
  base: Promise<LocationReportBase>;
  charts: Promise<LocationReportCharts>;
} {
  const c: OutputContext = { submodelId: input.submodelId, scenarioId: input.scenarioId, locationId: input.locationId };
  const base = Promise.all([
    api.call('scenarioLocationProperties', { params: { scenarioId: input.scenarioId, locationId: input.locationId } }),
    input.catchmentAreaId === null ? Promise.resolve(null) : fetchCatchmentArea(api, c, input.catchmentAreaId),
  ]).then(([location, catchment]) => ({ location, catchment }));
  const charts = base
    .catch(() => null)
    .then(() =>
      Promise.all([
        fetchMatchingLocations(api, c, Math.max(CHART_TOP + 1, MatchingLocationsTopN)),
        hasScores ? fetchMatchingScores(api, c, CHART_TOP) : Promise.resolve([]),
        hasDrivers ? fetchDrivers(api, input.scenarioId, input.locationId) : Promise.resolve([]),
      ]),
    )
    .then(([matching, matchingScores, drivers]) => ({ matching, matchingScores, drivers }));
  return { base, charts };
}

/** Every output the location report shows, read together. */
export async function loadLocationReport(api: ApiClient, input: LocationReportInput, hasScores: boolean, hasDrivers: boolean): Promise<LocationReportData> {
  const parts = loadLocationReportParts(api, input, hasScores, hasDrivers);
  const [base, charts] = await Promise.all([parts.base, parts.charts]);
  return { ...base, ...charts };
}

// ---------------------------------------------------------------- report dialogs

export const locationReportOpen = signal(false);
export const scenarioReportOpen = signal(false);

// ---------------------------------------------------------------- scenario report data

export interface ScenarioReportData {
  differences: ScenarioDifferences | null;
  locations: LocationSummary[];
}

/** The differences of a scenario against the default scenario and its locations (impact map, changed locations). */
export async function loadScenarioReport(api: ApiClient, submodelId: number, scenarioId: number): Promise<ScenarioReportData> {
  const [differences, locations] = await Promise.all([
    fetchScenarioDifferences(api, submodelId, scenarioId),
    api.call('scenarioLocations', { params: { scenarioId } }),
  ]);
  return { differences, locations };
}
