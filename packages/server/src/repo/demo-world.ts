// Writes the demo world (demo/) into the database: the model row, sub-models,
// reference sets (areas, POIs, heat maps, isoline sets), property
// definitions, catchment areas, functions, the location network with its
// base scenario, the example scenarios, the accounts and their access.
import type { Queryable } from '../db/database.js';
import type { DemoArea } from '../demo/areas.js';
import { areaProperties, SMOOTH_AND_BUFFER, type PropertyDefinition } from '../demo/definitions.js';
import { shortHash } from '../demo/images.js';
import { poiLogoSvg } from '../render/index.js';
import { insertRows } from '../db/insert-rows.js';
import type { Cluster, DemoLocation } from '../demo/networks.js';
import type { DemoPoi } from '../demo/pois.js';

export interface ModelInput {
  name: string;
  language: 'nl' | 'en';
  locationsType: string;
  areasType: string;
  outputType: number;
  locationGroupsType: number;
  locationClustersType: number;
  mapRanges: number[];
  catchmentAreaMode: number;
  displayLocationPhoto: boolean;
  mainLogo: string | null;
  mainLogoUrl: string | null;
  secondaryLogo: string | null;
  secondaryLogoUrl: string | null;
  locationReportFormat: string | null;
  scenarioReportFormat: string | null;
  locationGroupMandatory: boolean;
  allowMultiplePoiSets: boolean;
  allowMultipleHeatMapSets: boolean;
}

export async function insertModel(tx: Queryable, m: ModelInput): Promise<number> {
  return (
    await tx.query<{ id: number }>(
      `INSERT INTO model (name, language, locations_type, areas_type, output_type, location_groups_type, location_clusters_type,
       map_ranges, catchment_area_mode, display_location_photo, main_logo, main_logo_url, secondary_logo, secondary_logo_url,
       location_report_format, scenario_report_format, location_group_mandatory, allow_multiple_poi_sets, allow_multiple_heat_map_sets,
       map_provider, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, 0, 'EUR') RETURNING id`,
      [
        m.name,
        m.language,
        m.locationsType,
        m.areasType,
        m.outputType,
        m.locationGroupsType,
        m.locationClustersType,
        JSON.stringify(m.mapRanges),
        m.catchmentAreaMode,
        m.displayLocationPhoto,
        m.mainLogo,
        m.mainLogoUrl,
        m.secondaryLogo,
        m.secondaryLogoUrl,
        m.locationReportFormat,
        m.scenarioReportFormat,
        m.locationGroupMandatory,
        m.allowMultiplePoiSets,
        m.allowMultipleHeatMapSets,
      ],
    )
  ).rows[0]!.id;
}

export async function insertSubModels(tx: Queryable, modelId: number, subs: { name: string; parameters: object }[]): Promise<number[]> {
  const rows = await insertRows<{ id: number }>(
    tx,
    'sub_model',
    ['model_id', 'name', 'parameters', 'sort_order'],
    subs.map((s, i) => [modelId, s.name, s.parameters, i]),
    { returning: 'id' },
  );
  return rows.map((r) => r.id);
}

export interface PoiSetInput {
  name: string;
  title: string;
  category: string;
  items: DemoPoi[];
}
export interface HeatMapInput {
  name: string;
  title: string;
  /** A count (density, the default) or a rate per inhabitant (a choropleth). */
  rendering?: 'density' | 'rate';
  points: { latitude: number; longitude: number; weight: number }[];
}

export interface ReferenceSets {
  grid: number;
  places: number;
  poiSets: Map<string, number>;
  isoLineSets: number[];
}

/**
 * The model's area sets (its demand grid first: the first area set is the
 * one the app and the tiles show by default), POI sets, heat maps and
 * isoline sets.
 */
export async function insertReferenceSets(
  tx: Queryable,
  modelId: number,
  input: {
    language: 'nl' | 'en';
    slugPrefix: string;
    gridTitle: string;
    cells: DemoArea[];
    regions: DemoArea[];
    poiSets: PoiSetInput[];
    heatMaps: HeatMapInput[];
  },
): Promise<ReferenceSets> {
  const nl = input.language === 'nl';
  const person = nl ? 'Inwoners' : 'Inhabitants';
  const [gridSet, placeSet] = await insertRows<{ id: number }>(
    tx,
    'area_set',
    ['model_id', 'name', 'slug', 'title', 'hover', 'is_white_spot', 'map_tiles_zoom_levels_available', 'color_property', 'color_ramp', 'person_type'],
    [
      [
        modelId,
        'grid',
        `${input.slugPrefix}-grid`,
        input.gridTitle,
        true,
        false,
        [6, 7, 8, 9, 10, 11, 12, 13, 14],
        'population',
        ['#fff7ec', '#b30000'],
        person,
      ],
      [
        modelId,
        'places',
        `${input.slugPrefix}-woonplaatsen`,
        nl ? 'Woonplaatsen' : 'Places',
        true,
        false,
        [6, 7, 8, 9, 10, 11, 12],
        'purchasingPower',
        ['#f7fcf5', '#00441b'],
        person,
      ],
    ],
    { returning: 'id' },
  );
  const columns = ['area_set_id', 'code', 'person_type', 'properties', 'latitude', 'longitude', 'min_lng', 'min_lat', 'max_lng', 'max_lat', 'geometry'];
  const areaRows = (setId: number, areas: DemoArea[]) =>
    areas.map((a) => [setId, a.code, person, a.properties, a.latitude, a.longitude, ...a.bbox, a.geometry]);
  await insertRows(tx, 'area', columns, areaRows(gridSet!.id, input.cells), { chunk: 2500 });
  await insertRows(tx, 'area', columns, areaRows(placeSet!.id, input.regions), { chunk: 500 });
  const propertyRows = (setId: number, set: 'grid' | 'places') =>
    areaProperties(input.language, set).map((d, i) => [setId, d.name, d.title, d.titleShort ?? null, d.dataType, d.roundingDigits, i]);
  await insertRows(
    tx,
    'area_property',
    ['area_set_id', 'name', 'title', 'title_short', 'data_type', 'rounding_digits', 'sort_order'],
    [...propertyRows(gridSet!.id, 'grid'), ...propertyRows(placeSet!.id, 'places')],
  );

  const poiSets = new Map<string, number>();
  for (const set of input.poiSets) {
    const svg = poiLogoSvg(set.category);
    const id = (
      await tx.query<{ id: number }>(
        'INSERT INTO poi_set (model_id, name, title, category, logo_svg, logo_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [modelId, set.name, set.title, set.category, svg, shortHash(svg)],
      )
    ).rows[0]!.id;
    poiSets.set(set.name, id);
    await insertRows(
      tx,
      'poi',
      ['poi_set_id', 'name', 'latitude', 'longitude'],
      set.items.map((p) => [id, p.name, p.latitude, p.longitude]),
    );
  }

  for (const heat of input.heatMaps) {
    const id = (
      await tx.query<{ id: number }>('INSERT INTO heat_map_set (model_id, name, title, rendering) VALUES ($1, $2, $3, $4) RETURNING id', [
        modelId,
        heat.name,
        heat.title,
        heat.rendering ?? 'density',
      ])
    ).rows[0]!.id;
    // Three arrays in one statement: the fastest way to load many small rows.
    await tx.query(
      `INSERT INTO heat_map_point (heat_map_set_id, latitude, longitude, weight)
       SELECT $1, la, lo, w FROM unnest($2::float8[], $3::float8[], $4::int2[]) AS t(la, lo, w)`,
      [id, heat.points.map((p) => p.latitude), heat.points.map((p) => p.longitude), heat.points.map((p) => p.weight)],
    );
  }

  const isoLineSets = (
    await insertRows<{ id: number }>(
      tx,
      'iso_line_set',
      ['model_id', 'name', 'title', 'maximum_minutes', 'minutes', 'profile', 'provider', 'base_url', 'parameters', 'post_processing_actions'],
      [
        [modelId, 'car-10', nl ? 'Auto 10 minuten' : 'Car 10 minutes', 30, 10, 'car', 0, null, '{}', SMOOTH_AND_BUFFER],
        [modelId, 'walk-10', nl ? 'Lopen 10 minuten' : 'Walking 10 minutes', 20, 10, 'pedestrian', 0, null, '{}', SMOOTH_AND_BUFFER],
      ],
      { returning: 'id' },
    )
  ).map((r) => r.id);
  return { grid: gridSet!.id, places: placeSet!.id, poiSets, isoLineSets };
}

export async function insertProperties(tx: Queryable, modelId: number, defs: PropertyDefinition[], poiSets: Map<string, number>): Promise<Map<string, number>> {
  const rows = await insertRows<{ id: number; name: string }>(
    tx,
    'location_property',
    [
      'model_id',
      'name',
      'title',
      'description',
      'property_type',
      'data_type',
      'auto_calculate_type',
      'poi_set_id',
      'poi_range_meters',
      'view_location',
      'section_name',
      'section_title',
      'section_view_order',
      'default_value',
      'minimum_value',
      'maximum_value',
      'rounding_digits',
      'title_short',
      'choices',
      'range_color',
      'dependency_expression',
      'hidden_in_export',
      'sort_order',
      'value_step',
      'whole_numbers',
    ],
    defs.map((d, i) => [
      modelId,
      d.name,
      d.title,
      d.description ?? null,
      d.propertyType ?? 0,
      d.dataType,
      d.autoCalculateType ?? 0,
      d.poiSet ? (poiSets.get(d.poiSet) ?? null) : null,
      d.poiRangeMeters ?? null,
      d.viewLocation ?? null,
      d.section[0],
      d.section[1],
      d.section[2],
      d.defaultValue ?? null,
      d.minimumValue ?? null,
      d.maximumValue ?? null,
      d.roundingDigits ?? 0,
      d.titleShort ?? null,
      d.choices ?? null,
      d.rangeColor ?? null,
      d.dependencyExpression ?? null,
      d.hiddenInExport ?? false,
      i,
      d.step ?? null,
      d.wholeNumbers ?? false,
    ]),
    { returning: 'id, name' },
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

export async function insertCatchmentAreas(
  tx: Queryable,
  modelId: number,
  areas: { name: string; title: string; areaSetId: number; isDemand: boolean; onMap: boolean; isoLineSetId: number | null | undefined }[],
  zones: { title: string; color: string; catchmentAreaName: string }[],
): Promise<void> {
  await insertRows(
    tx,
    'catchment_area',
    ['model_id', 'name', 'title', 'area_set_id', 'iso_line_set_id', 'on_map', 'is_demand', 'sort_order'],
    areas.map((a, i) => [modelId, a.name, a.title, a.areaSetId, a.isoLineSetId ?? null, a.onMap, a.isDemand, i]),
  );
  if (zones.length) {
    await insertRows(
      tx,
      'catchment_area_zone',
      ['model_id', 'title', 'color', 'catchment_area_name', 'sort_order'],
      zones.map((z, i) => [modelId, z.title, z.color, z.catchmentAreaName, i]),
    );
  }
}

export async function insertFunctions(
  tx: Queryable,
  modelId: number,
  scores: { title: string; function: string; weight: number }[],
  drivers: { title: string; function: string; drivers: { title: string; function: string; weight: number; roundingDigits: number; inverse: boolean }[] }[],
): Promise<void> {
  await insertRows(
    tx,
    'normalized_scores_function',
    ['model_id', 'title', 'function', 'weight', 'default_value', 'type', 'sort_order'],
    scores.map((s, i) => [modelId, s.title, s.function, s.weight, 1, 1, i]),
  );
  for (const [i, filter] of drivers.entries()) {
    const id = (
      await tx.query<{ id: number }>('INSERT INTO driver_filter (model_id, title, function, sort_order) VALUES ($1, $2, $3, $4) RETURNING id', [
        modelId,
        filter.title,
        filter.function,
        i,
      ])
    ).rows[0]!.id;
    await insertRows(
      tx,
      'driver',
      ['driver_filter_id', 'title', 'function', 'weight', 'rounding_digits', 'inverse', 'sort_order'],
      filter.drivers.map((d, k) => [id, d.title, d.function, d.weight, d.roundingDigits, d.inverse, k]),
    );
  }
}

export interface Network {
  modelId: number;
  baseScenarioId: number;
  ids: number[];
  groups: Map<string, number>;
  clusters: number[];
}

/** Groups, clusters, the base scenario and every location of the network with its base version (change type 0). */
export async function insertNetwork(
  tx: Queryable,
  modelId: number,
  locations: DemoLocation[],
  groups: { code: string; name: string; color: string; selectable: boolean }[],
  clusters: Cluster[],
  baseName: string,
): Promise<Network> {
  const groupRows = await insertRows<{ id: number; code: string }>(
    tx,
    'location_group',
    ['model_id', 'code', 'name', 'selectable', 'color', 'sort_order'],
    groups.map((g, i) => [modelId, g.code, g.name, g.selectable, g.color, i]),
    { returning: 'id, code' },
  );
  const groupIds = new Map(groupRows.map((g) => [g.code, g.id]));
  const clusterIds = clusters.length
    ? (
        await insertRows<{ id: number }>(
          tx,
          'location_cluster',
          ['model_id', 'name', 'latitude', 'longitude'],
          clusters.map((c) => [modelId, c.name, c.latitude, c.longitude]),
          { returning: 'id' },
        )
      ).map((r) => r.id)
    : [];
  const base = (await tx.query<{ id: number }>('INSERT INTO scenario (model_id, name, status) VALUES ($1, $2, 0) RETURNING id', [modelId, baseName])).rows[0]!
    .id;
  const ids = (
    await insertRows<{ id: number }>(
      tx,
      'location',
      ['model_id', 'type', 'created_scenario_id'],
      locations.map((l) => [modelId, l.type, base]),
      { returning: 'id' },
    )
  ).map((r) => r.id);
  await insertRows(
    tx,
    'location_version',
    ['scenario_id', 'location_id', 'change_type', 'name', 'latitude', 'longitude', 'location_group_id', 'location_cluster_id', 'properties'],
    locations.map((l, i) => [
      base,
      ids[i]!,
      0,
      l.name,
      l.latitude,
      l.longitude,
      l.groupCode ? (groupIds.get(l.groupCode) ?? null) : null,
      l.clusterIndex !== null && clusterIds.length ? clusterIds[l.clusterIndex]! : null,
      l.properties,
    ]),
    { chunk: 2500 },
  );
  return { modelId, baseScenarioId: base, ids, groups: groupIds, clusters: clusterIds };
}

/** Sets the property that carries a model's calculated output. */
export async function setOutputProperty(tx: Queryable, modelId: number, output: number | undefined): Promise<void> {
  await tx.query('UPDATE model SET output_location_property_id = $2 WHERE id = $1', [modelId, output]);
}

/** Sets the properties of a model's calculated output and of its actual turnover (calibration). */
export async function setOutputAndActualProperties(tx: Queryable, modelId: number, output: number | undefined, actual: number | undefined): Promise<void> {
  await tx.query('UPDATE model SET output_location_property_id = $2, actual_output_location_property_id = $3 WHERE id = $1', [modelId, output, actual]);
}

/** Photos of locations. */
export async function insertLocationPhotos(tx: Queryable, photos: { locationId: number; contentType: string; image: Uint8Array }[]): Promise<void> {
  await insertRows(
    tx,
    'location_photo',
    ['location_id', 'content_type', 'image'],
    photos.map((p) => [p.locationId, p.contentType, p.image]),
  );
}

/** A scenario under a parent, at status 0. */
export async function insertChildScenario(
  tx: Queryable,
  modelId: number,
  parentId: number,
  name: string,
  options: { isTop?: boolean; competition?: boolean; createdBy?: number | null } = {},
): Promise<number> {
  return (
    await tx.query<{ id: number }>(
      'INSERT INTO scenario (model_id, name, status, parent_scenario_id, is_top, competition, created_by) VALUES ($1, $2, 0, $3, $4, $5, $6) RETURNING id',
      [modelId, name, parentId, options.isTop ?? false, options.competition ?? false, options.createdBy ?? null],
    )
  ).rows[0]!.id;
}

/** Copies the version a location has in `fromScenarioId` into a scenario with a change type and changed properties. */
export async function copyVersionWithChange(
  tx: Queryable,
  scenarioId: number,
  fromScenarioId: number,
  locationId: number,
  changeType: 2 | 3,
  properties: Record<string, unknown> = {},
): Promise<void> {
  const r = await tx.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, visibility, excluded, location_group_id, location_cluster_id, properties)
     SELECT $1, location_id, $4, name, latitude, longitude, visibility, excluded, location_group_id, location_cluster_id, properties || $5::jsonb
       FROM location_version WHERE scenario_id = $2 AND location_id = $3`,
    [scenarioId, fromScenarioId, locationId, changeType, JSON.stringify(properties)],
  );
  if (r.rowCount !== 1) throw new Error(`location ${locationId} has no version in scenario ${fromScenarioId}`);
}

/** A location opened in a scenario (change type 1); answers its id. */
export async function insertOpenedLocation(
  tx: Queryable,
  modelId: number,
  scenarioId: number,
  l: { name: string; latitude: number; longitude: number; groupId: number | null; clusterId: number | null; properties: Record<string, string | number> },
): Promise<number> {
  const id = (
    await tx.query<{ id: number }>('INSERT INTO location (model_id, type, created_scenario_id) VALUES ($1, 1, $2) RETURNING id', [modelId, scenarioId])
  ).rows[0]!.id;
  await tx.query(
    `INSERT INTO location_version (scenario_id, location_id, change_type, name, latitude, longitude, location_group_id, location_cluster_id, properties)
     VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8)`,
    [scenarioId, id, l.name, l.latitude, l.longitude, l.groupId, l.clusterId, JSON.stringify(l.properties)],
  );
  return id;
}

/** A login of the built-in provider and its app user; answers the app user's id. */
export async function insertAccount(
  tx: Queryable,
  account: { email: string; displayName: string; passwordHash: string; isGlobalAdmin: boolean },
): Promise<number> {
  const login = (
    await tx.query<{ id: number }>('INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $3, $4) RETURNING id', [
      account.email,
      account.displayName,
      account.email,
      account.passwordHash,
    ])
  ).rows[0]!;
  const user = (
    await tx.query<{ id: number }>('INSERT INTO app_user (subject, title, email, is_global_admin) VALUES ($1, $2, $3, $4) RETURNING id', [
      String(login.id),
      account.displayName,
      account.email,
      account.isGlobalAdmin,
    ])
  ).rows[0]!;
  return user.id;
}

/** Model access of users. */
export async function insertModelAccess(tx: Queryable, access: { modelId: number; userId: number; isAdmin: boolean }[]): Promise<void> {
  await insertRows(
    tx,
    'model_user',
    ['model_id', 'user_id', 'is_admin'],
    access.map((a) => [a.modelId, a.userId, a.isAdmin]),
  );
}

/** Whether the database holds any model (then the demo data is not generated at start). */
export async function anyModel(db: Queryable): Promise<boolean> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM model')).rows[0]!.n > 0;
}

/** The rows of each table, and the inhabitants of the 1 km grid. */
export async function demoTableCounts(db: Queryable, tables: readonly string[]): Promise<Record<string, number>> {
  const union = tables.map((t) => `SELECT '${t}' AS t, count(*)::int AS n FROM ${t}`).join(' UNION ALL ');
  const counts: Record<string, number> = {};
  for (const r of (await db.query<{ t: string; n: number }>(union)).rows) counts[r.t] = r.n;
  counts.inhabitants = (
    await db.query<{ n: number }>(
      `SELECT COALESCE(sum((a.properties->>'population')::int), 0)::int AS n FROM area a
      WHERE a.area_set_id = (SELECT min(id) FROM area_set WHERE name = 'grid')`,
    )
  ).rows[0]!.n;
  return counts;
}
