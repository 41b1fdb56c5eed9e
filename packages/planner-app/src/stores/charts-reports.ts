// Charts and reports: which chart or report is open and the data each reads
// first. The loaders themselves live in the results model (their answers are
// shared with the drawer); this model only orchestrates them for the charts
// dialog and the reports. Made with the API client and the results model.
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
import { createModel, signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { measure, MEASURES, now } from '../perf';
import { latestWins, STALE } from './latest';
import { outputContext, type Loadable, type OutputContext, type ResultsModel } from './results';

/** The charts of the Graphics entry. */
export type ChartKind = 'matching' | 'radar' | 'drivers' | 'properties';
export const CHART_KINDS: readonly ChartKind[] = ['matching', 'radar', 'drivers', 'properties'];
/** The charts use the top 6 matching locations. */
export const CHART_TOP = 6;

// ---------------------------------------------------------------- what the reports read

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

export interface ScenarioReportData {
  differences: ScenarioDifferences | null;
  locations: LocationSummary[];
}

// ---------------------------------------------------------------- state

const contextKey = (c: OutputContext) => `${c.submodelId}:${c.scenarioId}:${c.locationId}`;

/** The charts dialog's and the reports' state and reads, made with the API client and the results model whose answers they share. */
export const ChartsReportsModel = createModel((api: ApiClient, results: ResultsModel) => {
  const openChart = signal<ChartKind | null>(null);
  const chartMatching = signal<Loadable<MatchingLocation[]>>({ state: 'idle' });
  const chartDrivers = signal<Loadable<DriverFilterChart[]>>({ state: 'idle' });
  const chartProperties = signal<Loadable<PropertiesChartEntry[]>>({ state: 'idle' });
  /** The scatter chart's axes: location property ids. */
  const scatterAxes = signal<{ x: number | null; y: number | null }>({ x: null, y: null });

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

  /**
   * Opens a chart and first reads its data: the matching chart
   * the matching locations, the radar chart the matching scores, the drivers
   * chart the drivers, the properties chart the two chosen properties' values.
   */
  async function showChart(kind: ChartKind): Promise<void> {
    const c = outputContext.peek();
    if (!c) return;
    openChart.value = kind;
    // The chart shows the top of the drawer's list (the same read, so the server computes the matches once).
    if (kind === 'matching') await into(chartMatching, contextKey(c), kind, () => results.fetchMatchingLocations(c, MatchingLocationsTopN));
    else if (kind === 'radar') await into(chartMatching, contextKey(c), kind, () => results.fetchMatchingScores(c, CHART_TOP));
    else if (kind === 'drivers') await into(chartDrivers, contextKey(c), kind, () => results.fetchDrivers(c.scenarioId, c.locationId));
    else await loadScatter();
  }

  /** Reads the scatter chart's values for the chosen axes (nothing until both are chosen). */
  async function loadScatter(): Promise<void> {
    const c = outputContext.peek();
    const { x, y } = scatterAxes.peek();
    if (!c || x === null || y === null) {
      chartProperties.value = { state: 'idle' };
      return;
    }
    await into(chartProperties, `${c.scenarioId}:${x}:${y}`, 'properties', () => results.fetchPropertyValues(c.scenarioId, x, y));
  }

  function closeChart(): void {
    chartLoad.abort();
    openChart.value = null;
  }

  /**
   * The location report's outputs in two parts, each read as soon as it can be:
   * the base (location, catchment area; the maps are drawn from it) first, the
   * charts' data once the base is in. The matching locations take the server
   * seconds of one thread, and asked at the same time they hold up the base.
   */
  function loadLocationReportParts(
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
      input.catchmentAreaId === null ? Promise.resolve(null) : results.fetchCatchmentArea(c, input.catchmentAreaId),
    ]).then(([location, catchment]) => ({ location, catchment }));
    const charts = base
      .catch(() => null)
      .then(() =>
        Promise.all([
          results.fetchMatchingLocations(c, Math.max(CHART_TOP + 1, MatchingLocationsTopN)),
          hasScores ? results.fetchMatchingScores(c, CHART_TOP) : Promise.resolve([]),
          hasDrivers ? results.fetchDrivers(input.scenarioId, input.locationId) : Promise.resolve([]),
        ]),
      )
      .then(([matching, matchingScores, drivers]) => ({ matching, matchingScores, drivers }));
    return { base, charts };
  }

  /** Every output the location report shows, read together. */
  async function loadLocationReport(input: LocationReportInput, hasScores: boolean, hasDrivers: boolean): Promise<LocationReportData> {
    const parts = loadLocationReportParts(input, hasScores, hasDrivers);
    const [base, charts] = await Promise.all([parts.base, parts.charts]);
    return { ...base, ...charts };
  }

  const locationReportOpen = signal(false);
  const scenarioReportOpen = signal(false);

  /** The differences of a scenario against the default scenario and its locations (impact map, changed locations). */
  async function loadScenarioReport(submodelId: number, scenarioId: number): Promise<ScenarioReportData> {
    const [differences, locations] = await Promise.all([
      results.fetchScenarioDifferences(submodelId, scenarioId),
      api.call('scenarioLocations', { params: { scenarioId } }),
    ]);
    return { differences, locations };
  }

  return {
    openChart,
    chartMatching,
    chartDrivers,
    chartProperties,
    scatterAxes,
    showChart,
    loadScatter,
    closeChart,
    loadLocationReportParts,
    loadLocationReport,
    locationReportOpen,
    scenarioReportOpen,
    loadScenarioReport,
  };
});
export type ChartsReportsModel = InstanceType<typeof ChartsReportsModel>;
