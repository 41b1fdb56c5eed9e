// Models: every model with the reference sets it carries (the model list,
// shaped per user in domain/model-list.ts), and which model an id names.
import type { ModelParameters } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import { propertyDefinitions } from './properties.js';

export interface ModelRow {
  id: number;
  name: string;
  language: string | null;
  main_logo: string | null;
  main_logo_url: string | null;
  secondary_logo: string | null;
  secondary_logo_url: string | null;
  map_provider: number;
  map_ranges: number[];
  locations_type: string;
  location_groups_type: number;
  location_clusters_type: number;
  areas_type: string;
  location_group_mandatory: boolean;
  currency: string;
  output_type: number;
  output_location_property_id: number | null;
  scenario_hierarchy: boolean;
  display_location_photo: boolean;
  location_report_format: string | null;
  scenario_report_format: string | null;
  catchment_area_mode: number;
  allow_multiple_heat_map_sets: boolean;
  allow_multiple_poi_sets: boolean;
  modified: Date;
}

const byModel = <T extends { model_id: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.model_id) ?? [];
    list.push(row);
    map.set(row.model_id, list);
  }
  return (id: number) => map.get(id) ?? [];
};

/** The tables the model list is read from: a cache of it holds while none of them is written (db/table-cache.ts). */
export const MODEL_LIST_TABLES = [
  'model',
  'location_group',
  'catchment_area',
  'catchment_area_zone',
  'area_set',
  'heat_map_set',
  'poi_set',
  'iso_line_set',
  'normalized_scores_function',
  'driver_filter',
  'sub_model',
];

export type ModelListData = Awaited<ReturnType<typeof loadModelList>>;

/** Every model with its reference sets, as read from the database (before any user's access is applied). */
export async function loadModelList(db: Queryable) {
  const models = (await db.query<ModelRow>('SELECT * FROM model ORDER BY name, id')).rows;
  const ids = models.map((m) => m.id);
  const q = <T>(sql: string) =>
    ids.length ? db.query<T & { model_id: number }>(sql, [ids]).then((r) => byModel(r.rows)) : Promise.resolve(byModel<T & { model_id: number }>([]));
  const [groups, catchments, zones, areaSets, heatMaps, poiSets, isoSets, nsf, drivers, functions] = await Promise.all([
    q<{ id: number; code: string; name: string; selectable: boolean }>(
      'SELECT id, model_id, code, name, selectable FROM location_group WHERE model_id = ANY($1) ORDER BY sort_order, name',
    ),
    q<{ id: number; name: string; title: string; area_set_id: number; iso_line_set_id: number | null; on_map: boolean }>(
      'SELECT id, model_id, name, title, area_set_id, iso_line_set_id, on_map FROM catchment_area WHERE model_id = ANY($1) ORDER BY sort_order, id',
    ),
    q<{ title: string; color: string; catchment_area_name: string }>(
      'SELECT model_id, title, color, catchment_area_name FROM catchment_area_zone WHERE model_id = ANY($1) ORDER BY sort_order, id',
    ),
    q<{
      id: number;
      name: string;
      title: string;
      hover: boolean;
      is_white_spot: boolean;
      map_tiles_zoom_levels_available: number[];
      slug: string;
      color_property: string | null;
      color_ramp: [string, string] | null;
    }>(
      'SELECT id, model_id, name, title, hover, is_white_spot, map_tiles_zoom_levels_available, slug, color_property, color_ramp FROM area_set WHERE model_id = ANY($1) ORDER BY id',
    ),
    q<{ id: number; name: string; title: string; rendering: 'density' | 'rate' }>(
      'SELECT id, model_id, name, title, rendering FROM heat_map_set WHERE model_id = ANY($1) ORDER BY id',
    ),
    q<{ id: number; name: string; title: string }>('SELECT id, model_id, name, title FROM poi_set WHERE model_id = ANY($1) ORDER BY id'),
    q<{ id: number; name: string; title: string; maximum_minutes: number }>(
      'SELECT id, model_id, name, title, maximum_minutes FROM iso_line_set WHERE model_id = ANY($1) ORDER BY id',
    ),
    q<{ n: number }>('SELECT model_id, count(*)::int AS n FROM normalized_scores_function WHERE model_id = ANY($1) GROUP BY model_id'),
    q<{ n: number }>('SELECT model_id, count(*)::int AS n FROM driver_filter WHERE model_id = ANY($1) GROUP BY model_id'),
    q<{ n: number }>(
      `SELECT model_id, sum(jsonb_array_length(COALESCE(parameters->'functions', '[]')))::int AS n FROM sub_model WHERE model_id = ANY($1) GROUP BY model_id`,
    ),
  ]);
  return { models, groups, catchments, zones, areaSets, heatMaps, poiSets, isoSets, nsf, drivers, functions };
}

/** A model id, or a sub-model id with its model: the model and the sub-model (the model's first for a model id). */
export async function modelAndSubModel(db: Queryable, id: number): Promise<{ modelId: number; subModelId: number } | undefined> {
  const { rows } = await db.query<{ model_id: number; sub_model_id: number }>(
    `SELECT m.id AS model_id,
            COALESCE(s.id, (SELECT d.id FROM sub_model d WHERE d.model_id = m.id ORDER BY d.sort_order, d.id LIMIT 1)) AS sub_model_id
       FROM model m LEFT JOIN sub_model s ON s.id = $1 AND s.model_id = m.id
      WHERE m.id = $1 OR s.id = $1
      LIMIT 1`,
    [id],
  );
  const row = rows[0];
  return row && { modelId: row.model_id, subModelId: row.sub_model_id };
}

/** What sub_model.parameters holds: the model parameters without the property lists, which come from the properties. */
export type StoredSubModelParameters = Omit<ModelParameters, 'locationProperties' | 'locationGroupProperties' | 'locationClusterProperties'>;

/** The stored parameters of a sub-model; undefined when there is no such sub-model. */
export async function subModelParameters(db: Queryable, subModelId: number): Promise<StoredSubModelParameters | undefined> {
  return (await db.query<{ parameters: StoredSubModelParameters }>('SELECT parameters FROM sub_model WHERE id = $1', [subModelId])).rows[0]?.parameters;
}

/** The location property a model keeps the actual turnover in (calibration); undefined when it names none. */
export async function actualTurnoverProperty(db: Queryable, modelId: number): Promise<{ name: string } | undefined> {
  return (
    await db.query<{ name: string }>('SELECT p.name FROM model m JOIN location_property p ON p.id = m.actual_output_location_property_id WHERE m.id = $1', [
      modelId,
    ])
  ).rows[0];
}

/** A sub-model's parameters as the model-parameters editor shows them; undefined when there is no such sub-model. */
export async function modelParametersOf(db: Queryable, modelId: number, subModelId: number): Promise<ModelParameters | undefined> {
  const stored = await subModelParameters(db, subModelId);
  if (!stored) return undefined;
  const properties = await propertyDefinitions(db, modelId, subModelId);
  return {
    fractionCutOffThreshold: stored.fractionCutOffThreshold,
    car: stored.car,
    pedestrian: stored.pedestrian,
    locationProperties: properties
      .filter((p) => p.property_type !== 4)
      .map((p) => ({ name: p.name, title: p.title, dataType: p.data_type as ModelParameters['locationProperties'][number]['dataType'] })),
    locationGroupProperties: [{ name: 'locationGroupCode', title: null, dataType: 0 }],
    locationClusterProperties: [{ name: 'locationClusterName', title: null, dataType: 0 }],
    functions: stored.functions ?? [],
  };
}

export async function modelExists(db: Queryable, modelId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM model WHERE id = $1', [modelId])).rows.length > 0;
}

/** The first of the ids that names no model; undefined when every one does. */
export async function missingModel(db: Queryable, ids: number[]): Promise<number | undefined> {
  const found = new Set((await db.query<{ id: number }>('SELECT id FROM model WHERE id = ANY($1::int[])', [ids])).rows.map((r) => r.id));
  return ids.find((id) => !found.has(id));
}

/** Every model's id and name, by name. */
export async function modelNames(db: Queryable): Promise<{ id: number; name: string }[]> {
  return (await db.query<{ id: number; name: string }>('SELECT id, name FROM model ORDER BY name, id')).rows;
}

/** A model's location groups, in their order. */
export async function locationGroupsOf(db: Queryable, modelId: number): Promise<{ id: number; code: string; name: string; selectable: boolean }[]> {
  return (
    await db.query<{ id: number; code: string; name: string; selectable: boolean }>(
      'SELECT id, code, name, selectable FROM location_group WHERE model_id = $1 ORDER BY sort_order, name',
      [modelId],
    )
  ).rows;
}

/** A model's sub-models with the number of functions each has. */
export async function subModelsOf(db: Queryable, modelId: number): Promise<{ id: number; name: string; functionCount: number }[]> {
  const { rows } = await db.query<{ id: number; name: string; n: number }>(
    `SELECT id, name, jsonb_array_length(COALESCE(parameters->'functions', '[]'))::int AS n
       FROM sub_model WHERE model_id = $1 ORDER BY sort_order, id`,
    [modelId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, functionCount: r.n }));
}

/** A model's main or secondary logo (SVG text); undefined or null when it has none. */
export async function modelLogo(db: Queryable, modelId: number, column: 'main_logo' | 'secondary_logo'): Promise<string | null | undefined> {
  return (await db.query<{ logo: string | null }>(`SELECT ${column} AS logo FROM model WHERE id = $1`, [modelId])).rows[0]?.logo;
}

/** The names of a model's location groups and clusters by id. */
export async function groupAndClusterNames(db: Queryable, modelId: number): Promise<{ group: Map<number, string>; cluster: Map<number, string> }> {
  const [groups, clusters] = await Promise.all([
    db.query<{ id: number; name: string }>('SELECT id, name FROM location_group WHERE model_id = $1', [modelId]),
    db.query<{ id: number; name: string }>('SELECT id, name FROM location_cluster WHERE model_id = $1', [modelId]),
  ]);
  return { group: new Map(groups.rows.map((g) => [g.id, g.name])), cluster: new Map(clusters.rows.map((c) => [c.id, c.name])) };
}

/** A model's location clusters by name. */
export async function locationClustersOf(db: Queryable, modelId: number): Promise<{ id: number; name: string }[]> {
  return (await db.query<{ id: number; name: string }>('SELECT id, name FROM location_cluster WHERE model_id = $1 ORDER BY name', [modelId])).rows;
}

/** A model's location clusters with their positions. */
export async function clusterPositions(db: Queryable, modelId: number): Promise<{ id: number; name: string; latitude: number; longitude: number }[]> {
  return (
    await db.query<{ id: number; name: string; latitude: number; longitude: number }>(
      'SELECT id, name, latitude, longitude FROM location_cluster WHERE model_id = $1',
      [modelId],
    )
  ).rows;
}

/** The location property that carries a model's calculated output; null when it names none. */
export async function outputPropertyId(db: Queryable, modelId: number): Promise<number | null> {
  return (
    (await db.query<{ output_location_property_id: number | null }>('SELECT output_location_property_id FROM model WHERE id = $1', [modelId])).rows[0]
      ?.output_location_property_id ?? null
  );
}

/** A location group with what its icon is drawn from; undefined when there is no such group. */
export async function locationGroupIcon(
  db: Queryable,
  locationGroupId: number,
): Promise<{ model_id: number; color: string; code: string; icon_svg: string | null } | undefined> {
  return (
    await db.query<{ model_id: number; color: string; code: string; icon_svg: string | null }>(
      'SELECT model_id, color, code, icon_svg FROM location_group WHERE id = $1',
      [locationGroupId],
    )
  ).rows[0];
}

/** Whether a model requires a location group; undefined when there is no such model. */
export async function locationGroupMandatory(db: Queryable, modelId: number): Promise<boolean | undefined> {
  return (await db.query<{ location_group_mandatory: boolean }>('SELECT location_group_mandatory FROM model WHERE id = $1', [modelId])).rows[0]
    ?.location_group_mandatory;
}

/** A location group of a model: whether it can be chosen; undefined when the model has no such group. */
export async function locationGroupOfModel(db: Queryable, modelId: number, locationGroupId: number): Promise<{ selectable: boolean } | undefined> {
  return (await db.query<{ selectable: boolean }>('SELECT selectable FROM location_group WHERE id = $1 AND model_id = $2', [locationGroupId, modelId])).rows[0];
}

export async function clusterOfModelExists(db: Queryable, modelId: number, locationClusterId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM location_cluster WHERE id = $1 AND model_id = $2', [locationClusterId, modelId])).rows.length > 0;
}

/** The layout of a model's location report (how many top areas it shows); null for the default. */
export async function locationReportFormat(db: Queryable, modelId: number): Promise<string | null> {
  return (
    (await db.query<{ location_report_format: string | null }>('SELECT location_report_format FROM model WHERE id = $1', [modelId])).rows[0]
      ?.location_report_format ?? null
  );
}

/** A sub-model's stored parameters, locked until the transaction ends (a parameters save); undefined when there is no such sub-model. */
export async function lockSubModelParameters<T>(tx: Queryable, subModelId: number): Promise<{ parameters: T | null } | undefined> {
  return (await tx.query<{ parameters: T | null }>('SELECT parameters FROM sub_model WHERE id = $1 FOR UPDATE', [subModelId])).rows[0];
}

export async function setSubModelParameters(tx: Queryable, subModelId: number, parameters: object): Promise<void> {
  await tx.query('UPDATE sub_model SET parameters = $2, modified = now() WHERE id = $1', [subModelId, JSON.stringify(parameters)]);
}

/** What a calculation needs to know of a model: its name, output type and output properties; undefined when there is no such model. */
export async function modelOutputs(
  db: Queryable,
  modelId: number,
): Promise<
  { id: number; name: string; output_type: number; output_location_property_id: number | null; actual_output_location_property_id: number | null } | undefined
> {
  return (
    await db.query<{
      id: number;
      name: string;
      output_type: number;
      output_location_property_id: number | null;
      actual_output_location_property_id: number | null;
    }>('SELECT id, name, output_type, output_location_property_id, actual_output_location_property_id FROM model WHERE id = $1', [modelId])
  ).rows[0];
}

/** A model's sub-models with their stored parameters, in their order. */
export async function subModelRows<T>(db: Queryable, modelId: number): Promise<{ id: number; name: string; parameters: T | null }[]> {
  return (
    await db.query<{ id: number; name: string; parameters: T | null }>(
      'SELECT id, name, parameters FROM sub_model WHERE model_id = $1 ORDER BY sort_order, id',
      [modelId],
    )
  ).rows;
}

/** The codes of a model's location groups by id. */
export async function groupCodes(db: Queryable, modelId: number): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; code: string }>('SELECT id, code FROM location_group WHERE model_id = $1', [modelId]);
  return new Map(rows.map((g) => [g.id, g.code]));
}

/** The names of a model's location clusters by id. */
export async function clusterNames(db: Queryable, modelId: number): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM location_cluster WHERE model_id = $1', [modelId]);
  return new Map(rows.map((c) => [c.id, c.name]));
}

/** The models that are calculated (not score models), the one with the newest scenario first. */
export async function calculatedModelsByUse(db: Queryable): Promise<{ id: number }[]> {
  return (
    await db.query<{ id: number }>(
      `SELECT m.id FROM model m WHERE m.output_type <> 4
        ORDER BY (SELECT max(s.id) FROM scenario s WHERE s.model_id = m.id) DESC NULLS LAST, m.id`,
    )
  ).rows;
}
