// Pure rules of the reports: reading the model's report layouts
// (unknown component names are kept so the report can name them), the
// percentage of difference and the impact marks of the scenario report.
import { LocationReportComponent, ScenarioReportComponent, TopAreasInReport, TopLocationsInScenarioReport } from '@locus/contract';

/** A component the report cannot show: its name (or a description of what is wrong). */
export interface UnknownComponent {
  name: '__unknown';
  given: string;
}

export type LocationLayoutEntry = LocationReportComponent | UnknownComponent;
export type ScenarioLayoutEntry = ScenarioReportComponent | UnknownComponent;

export interface ParsedLayout<E> {
  /** The model's own layout; false when the default layout applies. */
  custom: boolean;
  components: E[];
  /** Set when the format text is not a readable layout at all (the default layout is shown with this message). */
  error: string | null;
}

function parseLayout<E>(
  text: string | null | undefined,
  schema: { safeParse: (v: unknown) => { success: true; data: E } | { success: false } },
  defaults: E[],
): ParsedLayout<E | UnknownComponent> {
  if (text === null || text === undefined || text.trim() === '') return { custom: false, components: defaults, error: null };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { custom: false, components: defaults, error: 'invalidJson' };
  }
  const list = (json as { components?: unknown } | null)?.components;
  if (!Array.isArray(list)) return { custom: false, components: defaults, error: 'noComponents' };
  const components = list.map((entry): E | UnknownComponent => {
    const parsed = schema.safeParse(entry);
    if (parsed.success) return parsed.data;
    const name = (entry as { name?: unknown } | null)?.name;
    return { name: '__unknown', given: typeof name === 'string' ? name : (JSON.stringify(entry) ?? String(entry)) };
  });
  return { custom: true, components, error: null };
}

/** The default location report; mode 0 shows the secondary catchment area. */
export function defaultLocationLayout(catchmentAreaMode: number): LocationReportComponent[] {
  return [
    { name: 'properties2Columns', left: '', right: '' },
    { name: 'mapLocations' },
    catchmentAreaMode === 0 ? { name: 'mapCatchmentAreaSecondary' } : { name: 'mapCatchmentArea' },
    { name: 'topAreas', numberOfAreas: TopAreasInReport },
    { name: 'matchingLocations' },
    { name: 'matchingScores' },
    { name: 'drivers' },
    { name: 'disclaimer' },
  ];
}

export function defaultScenarioLayout(): ScenarioReportComponent[] {
  return [
    { name: 'locationDifferences' },
    { name: 'locationGroupDifferences' },
    { name: 'locationClusterDifferences' },
    { name: 'mapImpact' },
    { name: 'disclaimer' },
  ];
}

/** The location report's layout from the model's locationReportFormat. */
export function parseLocationLayout(format: string | null | undefined, catchmentAreaMode: number): ParsedLayout<LocationLayoutEntry> {
  return parseLayout<LocationReportComponent>(format, LocationReportComponent, defaultLocationLayout(catchmentAreaMode));
}

/** The scenario report's layout from the model's scenarioReportFormat. */
export function parseScenarioLayout(format: string | null | undefined): ParsedLayout<ScenarioLayoutEntry> {
  return parseLayout<ScenarioReportComponent>(format, ScenarioReportComponent, defaultScenarioLayout());
}

/**
 * The percentage of difference: the difference as a fraction
 * of the default output; 1 (100 %) when the default output is 0.
 */
export function differenceFraction(outputDefault: number, outputDifference: number): number {
  if (outputDefault === 0) return 1;
  return outputDifference / Math.abs(outputDefault);
}

/** A change of 1 or more marks a positive or negative impact; smaller changes none. */
export function impactMark(outputDifference: number): 'up' | 'down' | null {
  if (outputDifference >= 1) return 'up';
  if (outputDifference <= -1) return 'down';
  return null;
}

export interface Figures {
  outputDefault: number;
  output: number;
  outputDifference: number;
}

/** The total row of an impact table. */
export function totalOf(rows: readonly Figures[]): Figures {
  return rows.reduce(
    (sum, r) => ({
      outputDefault: sum.outputDefault + r.outputDefault,
      output: sum.output + r.output,
      outputDifference: sum.outputDifference + r.outputDifference,
    }),
    { outputDefault: 0, output: 0, outputDifference: 0 },
  );
}

/** The scenario report lists the first 25 locations. */
export function firstLocations<T>(rows: readonly T[], n = TopLocationsInScenarioReport): T[] {
  return rows.slice(0, n);
}

/** Group impact shows when locationGroupsType is 1 and there is more than one group. */
export function showGroupImpact(locationGroupsType: number, groups: number): boolean {
  return locationGroupsType === 1 && groups > 1;
}

/** Cluster impact shows when locationClustersType is 2 and there is more than one cluster. */
export function showClusterImpact(locationClustersType: number, clusters: number): boolean {
  return locationClustersType === 2 && clusters > 1;
}

/** The shares of the top areas: each area's output over the location's total output. */
export function areaShares(areas: readonly { output: number }[]): number[] {
  const total = areas.reduce((s, a) => s + a.output, 0);
  return areas.map((a) => (total ? a.output / total : 0));
}
