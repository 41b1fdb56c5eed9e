// The catchment area of a location from the stored pairs: per area its value
// and fraction now and in the default scenario, ranked by value with the
// share reached before it (primary < 50 %, secondary < 80 %). On another area
// set than the demand areas the values are carried over by the stored surface
// overlap.
import type { Catchment, CatchmentArea } from '@locus/engine';
import { carryCatchment, rankCatchment } from '@locus/engine';
import type { CatchmentAreaEntry, CatchmentFeatureProperties, LocationCatchmentArea } from '@locus/contract';
import { LocationReportFormatText, TopAreasInReport } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { notFound } from '../domain/errors.js';
import { loadOverlap } from '../processing/overlaps.js';
import type { ResultSummary } from '../repo/results.js';
import { areaPropertyDefinitions, areaPropertyEntities } from '../repo/areas.js';
import { areaRows } from '../repo/area-rows.js';
import { catchmentAreaOfModel, type CatchmentAreaRow } from '../repo/catchment-areas.js';
import { locationReportFormat } from '../repo/models.js';
import { scenarioStatus } from '../repo/scenarios.js';
import { propertyDefinitions, propertyEntity } from '../repo/properties.js';
import { poiCountDefinitions, poiCountsAt } from '../repo/pois.js';
import { notCalculated, positions, type CalculatedScenario, type ResultReader, type StoredLocationPairs } from './results.js';
import { outputPropertyOf } from '../repo/properties.js';

export interface CatchmentRow {
  areaId: number;
  rank: number;
  value: number;
  fraction: number;
  /** Null when the default scenario is not calculated. */
  valueDefault: number | null;
  fractionDefault: number | null;
  /** value / the location's output. */
  share: number;
  /** Share of the output reached by the areas ranked before this one. */
  previousShare: number;
  cumulativeShare: number;
  zone: 'primary' | 'secondary' | 'outside';
  excluded: boolean;
}

export async function catchmentAreaOf(db: Queryable, modelId: number, catchmentAreaId: number): Promise<CatchmentAreaRow> {
  const row = await catchmentAreaOfModel(db, modelId, catchmentAreaId);
  if (!row) throw notFound(`catchment area ${catchmentAreaId} of model ${modelId}`);
  return row;
}

type Entry = Pick<CatchmentArea, 'area' | 'value' | 'fraction' | 'valueDefault' | 'fractionDefault'>;

/**
 * The catchment of location j from its stored pairs (as the engine's
 * catchmentOf ranks it): per demand area it draws from now or in the default
 * scenario, the value D_i x P_ij and the fraction P_ij, both ways.
 */
export async function storedCatchment(
  reader: ResultReader,
  summary: ResultSummary,
  j: number | undefined,
  base?: { summary: ResultSummary; location: number | undefined },
): Promise<Catchment> {
  if (j === undefined) return { output: 0, areas: [] };
  const byArea = new Map<number, Entry>();
  const now = await reader.locationPairs(summary, j);
  for (let q = 0; q < now.area.length; q++) {
    const i = now.area[q];
    byArea.set(i, { area: i, value: summary.demand[i] * now.probability[q], fraction: now.probability[q], valueDefault: 0, fractionDefault: 0 });
  }
  if (base && base.location !== undefined && base.location < base.summary.locationCount) {
    const before = await reader.locationPairs(base.summary, base.location);
    for (let q = 0; q < before.area.length; q++) {
      const i = before.area[q];
      const e = byArea.get(i) ?? { area: i, value: 0, fraction: 0, valueDefault: 0, fractionDefault: 0 };
      e.valueDefault = base.summary.demand[i] * before.probability[q];
      e.fractionDefault = before.probability[q];
      byArea.set(i, e);
    }
  }
  const entries = [...byArea.values()];
  return rankCatchment(entries, summary.outputType === 4 ? servedTotal(entries) : summary.arrays.output[j]);
}

/**
 * A score model's output is a score, not the sum of its flows: its catchment
 * ranks the areas by their share of the demand the location serves.
 */
function servedTotal(entries: readonly Entry[]): number {
  let total = 0;
  for (const e of entries) total += e.value;
  return total;
}

async function rankedCatchment(db: Queryable, reader: ResultReader, calc: CalculatedScenario, locationId: number, areaSetId: number) {
  const summary = calc.summary;
  const j = positions(summary).get(locationId);
  const base = await reader.defaultSummary(calc.model.id, calc.subModelId);
  const hasDefault = base.summary !== undefined && base.summary.areaCount === summary.areaCount;
  const baseSummary = hasDefault ? (base.scenarioId === calc.scenario.id ? summary : base.summary!) : undefined;
  let catchment = await storedCatchment(reader, summary, j, baseSummary && { summary: baseSummary, location: positions(baseSummary).get(locationId) });
  let areaIds: ArrayLike<number> = summary.areaIds;
  if (areaSetId !== summary.areaSetId) {
    const overlap = summary.areaSetId === null ? undefined : await loadOverlap(db, summary.areaSetId, areaSetId);
    if (!overlap || overlap.sourceCount !== summary.areaCount)
      throw notCalculated('the catchment area was added after the calculation; calculate the scenario again');
    catchment = carryCatchment(catchment, overlap, summary.demand, baseSummary ? baseSummary.demand : summary.demand);
    areaIds = overlap.targetIds;
  }
  // The location's own output (a score model's score; a turnover model's equals the catchment's total).
  const output = j === undefined ? 0 : summary.arrays.output[j];
  return { catchment, areaIds, hasDefault, output };
}

/** The ranked catchment rows of a location on a catchment area's area set. */
export async function catchmentRows(
  db: Queryable,
  reader: ResultReader,
  calc: CalculatedScenario,
  locationId: number,
  catchmentArea: CatchmentAreaRow,
): Promise<{ output: number; rows: CatchmentRow[] }> {
  const { catchment, areaIds, hasDefault, output } = await rankedCatchment(db, reader, calc, locationId, catchmentArea.area_set_id);
  const rows = catchment.areas.map((a): CatchmentRow => ({
    areaId: areaIds[a.area],
    rank: a.rank,
    value: a.value,
    fraction: Math.min(1, Math.max(0, a.fraction)),
    valueDefault: hasDefault ? a.valueDefault : null,
    fractionDefault: hasDefault ? Math.min(1, Math.max(0, a.fractionDefault)) : null,
    share: a.valueSharePrevious,
    previousShare: Math.min(1, Math.max(0, a.cumulativeShare - a.valueSharePrevious)),
    cumulativeShare: a.cumulativeShare,
    zone: a.zone,
    excluded: a.excluded,
  }));
  return { output, rows };
}

/** The stored pairs of one location in two results give the same values per area: the catchment did not change. */
function sameCatchment(a: StoredLocationPairs, demandA: Float64Array, b: StoredLocationPairs, demandB: Float64Array): boolean {
  const flows = (pairs: StoredLocationPairs, demand: Float64Array) => {
    const m = new Map<number, number>();
    for (let q = 0; q < pairs.area.length; q++) {
      const v = demand[pairs.area[q]] * pairs.probability[q];
      if (v > 0) m.set(pairs.area[q], v);
    }
    return m;
  };
  const fa = flows(a, demandA);
  const fb = flows(b, demandB);
  if (fa.size !== fb.size) return false;
  for (const [i, v] of fa) {
    const w = fb.get(i);
    if (w === undefined || Math.abs(v - w) > 1e-9 * Math.max(Math.abs(v), Math.abs(w))) return false;
  }
  return true;
}

/** How many top areas the model shows: the report's 25, or more when its custom report format asks for more. */
function topAreaCount(format: string | null): number {
  if (!format) return TopAreasInReport;
  const parsed = LocationReportFormatText.safeParse(format);
  if (!parsed.success) return TopAreasInReport;
  const wanted = parsed.data.components.flatMap((c) => (c.name === 'topAreas' && c.numberOfAreas ? [c.numberOfAreas] : []));
  return Math.max(TopAreasInReport, ...wanted);
}

export async function locationCatchmentArea(
  db: Queryable,
  reader: ResultReader,
  calc: CalculatedScenario,
  locationId: number,
  catchmentArea: CatchmentAreaRow,
  location: { latitude: number; longitude: number; properties: Record<string, unknown> },
): Promise<LocationCatchmentArea> {
  const { output, rows } = await catchmentRows(db, reader, calc, locationId, catchmentArea);
  const outputProperty = await outputPropertyOf(db, calc.model.id, calc.subModelId);
  const shown = rows.filter((r) => r.value > 0 || (r.valueDefault ?? 0) > 0);
  const rowsShown = shown.length
    ? await areaRows(
        db,
        shown.map((r) => r.areaId),
      )
    : [];
  const byId = new Map(rowsShown.map((a) => [Number(a.id), a]));
  const features = shown.flatMap((r) => {
    const area = byId.get(r.areaId);
    if (!area) return [];
    const properties: CatchmentFeatureProperties = {
      fraction: r.fraction,
      fractionDefault: r.fractionDefault,
      value: r.value,
      valueDefault: r.valueDefault,
      valueSharePrevious: r.previousShare,
      areaCode: area.code,
      locationPropertyId: outputProperty?.id ?? null,
    };
    return [{ type: 'Feature' as const, geometry: area.geometry as LocationCatchmentArea['featureCollection']['features'][number]['geometry'], properties }];
  });
  const format = await locationReportFormat(db, calc.model.id);
  const top = shown.filter((r) => r.value > 0).slice(0, topAreaCount(format));
  const areas: CatchmentAreaEntry[] = [];
  // The top areas are of one area set: its property definitions are read once.
  const areaDefinitions = new Map<number, Awaited<ReturnType<typeof areaPropertyDefinitions>>>();
  for (const r of top) {
    const area = byId.get(r.areaId);
    if (!area) continue;
    const setId = Number(area.area_set_id);
    if (!areaDefinitions.has(setId)) areaDefinitions.set(setId, await areaPropertyDefinitions(db, setId));
    areas.push({
      areaCode: area.code,
      output: r.value,
      outputDefaultScenario: r.valueDefault,
      locationPropertyId: outputProperty?.id ?? null,
      areaProperties: await areaPropertyEntities(db, area, areaDefinitions.get(setId)),
    });
  }
  const definitions = await propertyDefinitions(db, calc.model.id, calc.subModelId);
  const pois = await poiCountsAt(db, await poiCountDefinitions(db, calc.model.id), location.latitude, location.longitude);
  const locationProperties = definitions.map((p) => {
    const value = p.id === outputProperty?.id ? output : p.auto_calculate_type === 6 && p.name in pois ? pois[p.name] : location.properties[p.name];
    return propertyEntity(p, value as string | number | null | undefined);
  });

  let sameAsParent = false;
  if (calc.scenario.parentScenarioId !== null) {
    const parentStatus = await scenarioStatus(db, calc.scenario.parentScenarioId);
    const parentSummary = parentStatus === 9 ? await reader.summary(calc.scenario.parentScenarioId, calc.subModelId) : undefined;
    if (parentSummary && parentSummary.areaCount === calc.summary.areaCount) {
      const [jNow, jBefore] = [positions(calc.summary).get(locationId), positions(parentSummary).get(locationId)];
      sameAsParent =
        jNow === undefined || jBefore === undefined
          ? jNow === jBefore
          : sameCatchment(
              await reader.locationPairs(calc.summary, jNow),
              calc.summary.demand,
              await reader.locationPairs(parentSummary, jBefore),
              parentSummary.demand,
            );
    }
  }
  return { featureCollection: { type: 'FeatureCollection', features }, areas, locationProperties, sameAsParent };
}
