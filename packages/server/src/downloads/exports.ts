// The CSV exports: locations of a scenario or of every
// scenario, outputs of a scenario (hidden columns only on request of a global
// administrator), the locations drawing from an area, and catchment areas of
// a location. Property columns are the model's properties in their order;
// properties marked hidden_in_export are left out unless asked for. After the
// properties, "Outside allowed range" names the properties whose stored value
// lies outside the range the model now sets (a value imported before the
// range was set), so a spreadsheet can filter them.
import type { Queryable } from '../db/database.js';
import type { PropertyRow } from '../repo/properties.js';
import { propertyDefinitions } from '../repo/properties.js';
import { ownVersionsOfModel, scenarioLocations, type LocationRow } from '../repo/scenario-locations.js';
import { rangeProblem } from '../scenarios/property-values.js';
import { areaPropertyEntities, areasById, type AreaRow } from '../repo/areas.js';
import { groupAndClusterNames } from '../repo/models.js';
import type { CatchmentRow } from '../outputs/catchments.js';
import type { CatchmentAreaRow } from '../repo/catchment-areas.js';
import { positions, type ResultReader } from '../outputs/results.js';
import { locationNames } from '../repo/scenario-locations.js';
import type { ResultSummary } from '../repo/results.js';
import { csv, type Cell, type Culture } from './csv.js';
import { changeTypeLabel, header, yesNo, zoneLabel } from './headers.js';

type Names = Awaited<ReturnType<typeof groupAndClusterNames>>;

const propertyValue = (p: PropertyRow, value: unknown): Cell => {
  if (value === null || value === undefined || value === '') return null;
  if (p.data_type > 0) {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : String(value);
  }
  return String(value);
};

/** Columns of a location table: identity, place, group, cluster, change, then the properties. */
function locationColumns(culture: Culture, properties: PropertyRow[]): string[] {
  return [
    header('locationId', culture),
    header('location', culture),
    header('latitude', culture),
    header('longitude', culture),
    header('group', culture),
    header('cluster', culture),
    header('changeType', culture),
    header('excluded', culture),
    ...properties.map((p) => p.title ?? p.name),
    header('outsideRange', culture),
  ];
}

/** The titles of the properties whose stored number lies outside its range, joined; null when none. */
export function outsideRangeCell(row: Pick<LocationRow, 'properties'>, properties: PropertyRow[]): string | null {
  const outside = properties.filter((p) => {
    const value = propertyValue(p, row.properties[p.name]);
    return typeof value === 'number' && rangeProblem(p, value) !== null;
  });
  return outside.length ? outside.map((p) => p.title ?? p.name).join(', ') : null;
}

function locationCells(row: LocationRow, culture: Culture, properties: PropertyRow[], names: Names): Cell[] {
  return [
    row.location_id,
    row.name,
    row.latitude,
    row.longitude,
    row.location_group_id ? (names.group.get(row.location_group_id) ?? null) : null,
    row.location_cluster_id ? (names.cluster.get(row.location_cluster_id) ?? null) : null,
    changeTypeLabel(row.change_type, culture),
    yesNo(row.excluded, culture),
    ...properties.map((p) => propertyValue(p, row.properties[p.name])),
    outsideRangeCell(row, properties),
  ];
}

/** Input properties: not outputs; hidden ones only when asked. */
async function exportedProperties(db: Queryable, modelId: number, includeHidden: boolean): Promise<PropertyRow[]> {
  return (await propertyDefinitions(db, modelId)).filter((p) => p.property_type !== 4 && (includeHidden || !p.hidden_in_export));
}

export async function scenarioLocationsCsv(db: Queryable, modelId: number, scenarioId: number, culture: Culture): Promise<string> {
  const [properties, names, rows] = await Promise.all([
    exportedProperties(db, modelId, false),
    groupAndClusterNames(db, modelId),
    scenarioLocations(db, scenarioId),
  ]);
  return csv(
    culture,
    locationColumns(culture, properties),
    rows.filter((r) => r.type !== 2).map((r) => locationCells(r, culture, properties, names)),
  );
}

/** Every scenario's own location versions: the base scenario's locations and each scenario's changes. */
export async function modelScenariosLocationsCsv(db: Queryable, modelId: number, culture: Culture): Promise<string> {
  const [properties, names] = await Promise.all([exportedProperties(db, modelId, false), groupAndClusterNames(db, modelId)]);
  const rows = await ownVersionsOfModel(db, modelId);
  return csv(
    culture,
    [header('scenarioId', culture), header('scenario', culture), ...locationColumns(culture, properties)],
    rows.map((r) => [r.version_scenario_id, r.scenario_name, ...locationCells(r, culture, properties, names)]),
  );
}

export interface SubModelOutput {
  name: string;
  title: string;
  summary: ResultSummary;
}

/** Locations with their properties and the output of every sub-model. */
export async function outputsCsv(
  db: Queryable,
  modelId: number,
  scenarioId: number,
  outputs: SubModelOutput[],
  culture: Culture,
  includeHidden: boolean,
): Promise<string> {
  const [properties, names, rows] = await Promise.all([
    exportedProperties(db, modelId, includeHidden),
    groupAndClusterNames(db, modelId),
    scenarioLocations(db, scenarioId),
  ]);
  const indexes = outputs.map((o) => positions(o.summary));
  const columns = [...locationColumns(culture, properties), ...outputs.map((o) => (outputs.length > 1 ? `${o.title} (${o.name})` : o.title))];
  const body = rows
    .filter((r) => r.type !== 2)
    .map((r) => [
      ...locationCells(r, culture, properties, names),
      ...outputs.map((o, k) => {
        const j = indexes[k].get(r.location_id);
        return j === undefined ? null : o.summary.arrays.output[j];
      }),
    ]);
  return csv(culture, columns, body);
}

/** The locations drawing from one demand area. */
export async function areaCsv(
  db: Queryable,
  reader: ResultReader,
  summary: ResultSummary,
  scenarioId: number,
  area: AreaRow,
  culture: Culture,
): Promise<string> {
  const i = summary.areaIds.indexOf(Number(area.id));
  const locations = i < 0 ? [] : await reader.areaLocations(summary, i);
  const names = await locationNames(
    db,
    scenarioId,
    locations.flatMap((l) => (summary.locationIds[l.location] > 0 ? [summary.locationIds[l.location]] : [])),
  );
  const totalValue = locations.reduce((s, l) => s + l.value, 0);
  const rows = locations
    .filter((l) => l.value > 0)
    .map((l) => {
      const id = summary.locationIds[l.location];
      return [area.code, id, names.get(id) ?? '', l.value, totalValue > 0 ? l.value / totalValue : 0, l.minutesCar, l.minutesPedestrian, l.score];
    });
  return csv(
    culture,
    [
      header('areaCode', culture),
      header('locationId', culture),
      header('location', culture),
      header('value', culture),
      header('areaShare', culture),
      header('minutesCar', culture),
      header('minutesPedestrian', culture),
      header('score', culture),
    ],
    rows,
  );
}

export interface CatchmentTable {
  catchmentArea: CatchmentAreaRow;
  rows: CatchmentRow[];
}

/** Catchment rows of one or more catchment areas; with area properties when asked. */
export async function catchmentCsv(db: Queryable, tables: CatchmentTable[], culture: Culture, withAreaProperties: boolean): Promise<string> {
  const ids = tables.flatMap((t) => t.rows.map((r) => r.areaId));
  const areas = ids.length ? new Map((await areasById(db, ids)).map((a) => [Number(a.id), a])) : new Map<number, AreaRow>();
  const propertyColumns: string[] = [];
  const propertyValues = new Map<number, Map<string, Cell>>();
  if (withAreaProperties) {
    for (const area of areas.values()) {
      const values = new Map<string, Cell>();
      for (const p of await areaPropertyEntities(db, area)) {
        const label = p.title ?? p.name;
        if (!propertyColumns.includes(label)) propertyColumns.push(label);
        values.set(label, p.numberValue ?? p.stringValue);
      }
      propertyValues.set(Number(area.id), values);
    }
  }
  const rows = tables.flatMap(({ catchmentArea, rows: list }) =>
    list
      .filter((r) => r.value > 0 || (r.valueDefault ?? 0) > 0)
      .map((r) => [
        catchmentArea.title,
        areas.get(r.areaId)?.code ?? '',
        r.rank,
        r.value,
        r.fraction,
        r.valueDefault,
        r.fractionDefault,
        r.share,
        r.cumulativeShare,
        zoneLabel(r.zone, culture),
        ...propertyColumns.map((c) => propertyValues.get(r.areaId)?.get(c) ?? null),
      ]),
  );
  return csv(
    culture,
    [
      header('catchmentArea', culture),
      header('areaCode', culture),
      header('rank', culture),
      header('value', culture),
      header('fraction', culture),
      header('valueDefault', culture),
      header('fractionDefault', culture),
      header('share', culture),
      header('cumulativeShare', culture),
      header('zone', culture),
      ...propertyColumns,
    ],
    rows,
  );
}

/** The range of a property in words, for the calculation workbook (English, as the workbook is): "100 to 4000, whole numbers". */
function rangeWords(p: PropertyRow): string {
  const percent = p.data_type === 2;
  const shown = (v: number) => (percent ? `${Math.round(v * 100 * 1e9) / 1e9} %` : String(v));
  const parts: string[] = [];
  if (p.minimum_value !== null && p.maximum_value !== null) parts.push(`${shown(p.minimum_value)} to ${shown(p.maximum_value)}`);
  else if (p.minimum_value !== null) parts.push(`at least ${shown(p.minimum_value)}`);
  else if (p.maximum_value !== null) parts.push(`at most ${shown(p.maximum_value)}`);
  if (p.value_step) parts.push(`steps of ${shown(p.value_step)}`);
  else if (p.whole_numbers) parts.push('whole numbers');
  return parts.join(', ');
}

/** The properties of a calculation record whose value lies outside the range the model sets, by name, with the range in words. */
export async function outsideRangeOf(db: Queryable, modelId: number, record: Record<string, unknown>): Promise<Map<string, string>> {
  const outside = new Map<string, string>();
  for (const p of await propertyDefinitions(db, modelId)) {
    const value = record[p.name];
    if (typeof value === 'number' && Number.isFinite(value) && rangeProblem(p, value)) outside.set(p.name, rangeWords(p));
  }
  return outside;
}
