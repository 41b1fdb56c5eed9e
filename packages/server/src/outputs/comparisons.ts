// Outputs that compare locations: differences against the default scenario,
// matching locations (normalized scores), drivers, the location score table
// and the properties chart. All read the stored outputs; none calculates the
// Huff model again.
import {
  driverChart,
  locationScores as engineLocationScores,
  normalizedScores,
  scenarioDifferences,
  scoreFunctions,
  similarity,
  type DifferenceLocation,
  type MatchingLocation as EngineMatch,
  type NormalizedScores,
} from '@locus/engine';
import type { DriverFilterChart, LocationScore, MatchingLocation, PropertiesChartEntry, ScenarioDifferences } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { notFound } from '../domain/errors.js';
import { locationListOf } from '../scenarios/location-list.js';
import { groupAndClusterNames } from '../repo/models.js';
import { outputPropertyOf, propertiesOfModel, propertyNameAndTitle } from '../repo/properties.js';
import type { DriverFilter } from '@locus/contract';
import { notCalculated, positions, type CalculatedScenario, type ResultReader } from './results.js';
import { derivedOf, turn, type RecordsCache, type ResultRecords } from './records.js';
import type { ResultSummary } from '../repo/results.js';
import { normalizedScoresFunctionsOf } from '../repo/normalized-scores.js';

async function differenceRows(db: Queryable, modelId: number, scenarioId: number, summary: ResultSummary): Promise<DifferenceLocation[]> {
  // The kept rows of the scenario's location list (retail areas left out): no read of every version on the path.
  const [rows, { group, cluster }] = await Promise.all([locationListOf(db).allRows(db, scenarioId), groupAndClusterNames(db, modelId)]);
  const index = positions(summary);
  return rows.map((r) => {
    const j = index.get(r.location_id);
    const clusterName = r.location_cluster_id ? cluster.get(r.location_cluster_id) : undefined;
    return {
      locationId: r.location_id,
      locationName: r.name,
      locationGroupName: r.location_group_id ? (group.get(r.location_group_id) ?? null) : null,
      locationClusterNames: clusterName ? [clusterName] : [],
      output: j === undefined ? 0 : summary.arrays.output[j],
    };
  });
}

export async function differencesOf(db: Queryable, reader: ResultReader, calc: CalculatedScenario, thresholdPercentage: number): Promise<ScenarioDifferences> {
  const base = await reader.defaultSummary(calc.model.id, calc.subModelId);
  if (!base.summary) throw notCalculated('the base scenario is not calculated');
  const current = await differenceRows(db, calc.model.id, calc.scenario.id, calc.summary);
  const before = base.scenarioId === calc.scenario.id ? current : await differenceRows(db, calc.model.id, base.scenarioId, base.summary);
  const d = scenarioDifferences(current, before, thresholdPercentage);
  const property = await outputPropertyOf(db, calc.model.id, calc.subModelId);
  return {
    impactOutputLocationPropertyTitle: property?.title ?? property?.name ?? '',
    locations: d.locations.map((l) => ({ ...l, locationID: Number(l.locationID) })),
    locationGroups: d.locationGroups,
    locationClusters: d.locationClusters,
  };
}

/** The model's normalized-scores functions and what they give over a result's records, computed once per result. */
interface ResultScores {
  scores: NormalizedScores | undefined;
  actual: { name: string; title: string | null } | undefined;
}

function resultScores(db: Queryable, calc: CalculatedScenario, data: ResultRecords): Promise<ResultScores> {
  return derivedOf(data, 'normalizedScores', async () => {
    const functions = await normalizedScoresFunctionsOf(db, calc.model.id);
    const actual = calc.model.actualOutputLocationPropertyId === null ? undefined : await propertyNameAndTitle(db, calc.model.actualOutputLocationPropertyId);
    if (!functions.length) return { scores: undefined, actual };
    // Each function is normalised over the locations on its own: one at a time, with a turn of the event loop between.
    const parts: NormalizedScores[] = [];
    for (const f of functions) {
      await turn();
      parts.push(normalizedScores([{ id: f.id, title: f.title, function: f.function, weight: f.weight, defaultValue: f.defaultValue }], data.records));
    }
    const scores: NormalizedScores = {
      titles: parts.flatMap((p) => p.titles),
      weights: parts.flatMap((p) => p.weights),
      normalized: parts.flatMap((p) => p.normalized),
      raw: parts.flatMap((p) => p.raw),
    };
    return { scores, actual };
  });
}

/** The row of a location in a result's records, or 404. */
function rowIn(data: ResultRecords, calc: CalculatedScenario, locationId: number): number {
  const q = data.rowOf.get(locationId);
  if (q === undefined) throw notFound(`location ${locationId} in scenario ${calc.scenario.id}`);
  return q;
}

/**
 * The reference first, then the topN - 1 most similar candidates (ties by
 * row, the same order): the engine's matchingLocations, with the similarity
 * of every candidate in one typed array and entries made only for those shown.
 */
export function bestMatches(scores: NormalizedScores, reference: number, topN: number, candidate: (j: number) => boolean): EngineMatch[] {
  const count = scores.normalized[0]?.length ?? 0;
  const similarities = new Float64Array(count);
  const others: number[] = [];
  for (let j = 0; j < count; j++) {
    if (j === reference || !candidate(j)) continue;
    similarities[j] = similarity(scores, reference, j);
    others.push(j);
  }
  others.sort((a, b) => similarities[b]! - similarities[a]! || a - b);
  const entry = (j: number): EngineMatch => ({
    location: j,
    score: j === reference ? similarity(scores, reference, j) : similarities[j]!,
    normalizedScores: scores.titles.map((title, k) => ({ title, score: scores.normalized[k]![j]! })),
  });
  return [entry(reference), ...others.slice(0, Math.max(0, topN - 1)).map(entry)];
}

export async function matchingOf(
  db: Queryable,
  records: RecordsCache,
  calc: CalculatedScenario,
  locationId: number,
  topN: number,
): Promise<MatchingLocation[]> {
  const data = await records.of(calc);
  const reference = rowIn(data, calc, locationId);
  const { scores, actual } = await resultScores(db, calc, data);
  if (!scores) return [];
  // Matches are open locations shown on the map.
  const candidate = (j: number) => data.rows[j]!.change_type !== 2 && !data.rows[j]!.excluded && data.rows[j]!.visibility !== 2;
  return bestMatches(scores, reference, topN, candidate).map((m): MatchingLocation => {
    const row = data.rows[m.location]!;
    const actualValue = actual ? data.records[m.location]![actual.name] : undefined;
    return {
      locationId: row.location_id,
      name: row.name,
      score: Math.max(0, m.score / 100),
      outputLocationPropertyValue: data.outputs[m.location]!,
      outputLocationPropertyTitle: data.outputProperty?.title ?? data.outputProperty?.name ?? null,
      actualOutputLocationPropertyValue: typeof actualValue === 'number' ? actualValue : null,
      actualOutputLocationPropertyTitle: actual ? (actual.title ?? actual.name) : null,
      normalizedScores: m.normalizedScores,
    };
  });
}

export async function driversOf(records: RecordsCache, calc: CalculatedScenario, locationId: number, filters: DriverFilter[]): Promise<DriverFilterChart[]> {
  const data = await records.of(calc);
  const selected = rowIn(data, calc, locationId);
  const charts: DriverFilterChart[] = [];
  for (const filter of filters) {
    const chart = driverChart(
      { id: filter.id, title: filter.title, function: filter.function, drivers: filter.drivers.map((d) => ({ ...d })) },
      data.records,
      selected,
    );
    // A filter the location does not pass is not its comparison group.
    if (!chart.comparable.includes(selected)) continue;
    const drivers = chart.drivers.flatMap((d) =>
      d.minimum === null || d.maximum === null || d.average === null || d.value === null
        ? []
        : [
            {
              title: d.title,
              minimum: d.minimum,
              maximum: d.maximum,
              average: d.average,
              value: d.value,
              weight: d.weight,
              inverse: d.inverse,
              roundingDigits: d.roundingDigits,
            },
          ],
    );
    charts.push({ id: filter.id, title: filter.title, drivers });
  }
  return charts;
}

export async function scoresOf(records: RecordsCache, calc: CalculatedScenario, locationId: number, showExpressions: boolean): Promise<LocationScore[]> {
  const data = await records.of(calc);
  const q = rowIn(data, calc, locationId);
  const { scores } = engineLocationScores(scoreFunctions(calc.summary.parameters.functions), data.records[q]!);
  return scores.map((s) => ({
    description: s.description,
    expression: showExpressions ? s.expression : null,
    calculation: showExpressions ? s.calculation : null,
    defaultValue: s.defaultValue,
    score: s.score,
  }));
}

export async function propertyValuesOf(
  db: Queryable,
  records: RecordsCache,
  calc: CalculatedScenario,
  propertyId1: number,
  propertyId2: number,
): Promise<PropertiesChartEntry[]> {
  const properties = await propertiesOfModel(db, calc.model.id, [propertyId1, propertyId2]);
  const find = (id: number) => {
    const p = properties.find((x) => x.id === id);
    if (!p) throw notFound(`location property ${id} of model ${calc.model.id}`);
    return p;
  };
  const [p1, p2] = [find(propertyId1), find(propertyId2)];
  const data = await records.of(calc);
  const numberOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return data.rows.flatMap((r, q) =>
    r.visibility === 2
      ? []
      : [
          {
            locationName: r.name,
            numberValue1: numberOf(data.records[q][p1.name]),
            numberValue2: numberOf(data.records[q][p2.name]),
          },
        ],
  );
}
