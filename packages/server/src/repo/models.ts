// Models as the contract's Model entity, for one user (userIsAdmin and
// userIsGlobalAdmin come from the database), with the reference sets each
// model carries.
import type { Model } from '@locus/contract';
import type { Queryable } from '../db/database.js';
import type { CurrentUser } from '../http/current-user.js';
import { canReachModel, isModelAdmin } from '../http/access.js';
import { DEFAULT_AREA_SET_RAMP } from '../render/area-tile.js';

interface ModelRow {
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

export async function modelsForUser(db: Queryable, user: CurrentUser, onlyModelId?: number): Promise<Model[]> {
  return modelsOf(await loadModelList(db), user, onlyModelId);
}

/** The models this user reaches (or only one of them), as the contract's Model entity. */
export function modelsOf(data: ModelListData, user: CurrentUser, onlyModelId?: number): Model[] {
  const { groups, catchments, zones, areaSets, heatMaps, poiSets, isoSets, nsf, drivers, functions } = data;
  const models = data.models.filter((m) => canReachModel(user, m.id) && (onlyModelId === undefined || m.id === onlyModelId));
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    language: (m.language as Model['language']) ?? null,
    mainLogoUrl: m.main_logo_url,
    hasMainLogo: m.main_logo !== null,
    secondaryLogoUrl: m.secondary_logo_url,
    hasSecondaryLogo: m.secondary_logo !== null,
    mapProvider: m.map_provider as Model['mapProvider'],
    mapRanges: m.map_ranges,
    locationsType: m.locations_type,
    locationGroupsType: m.location_groups_type,
    locationClustersType: m.location_clusters_type,
    areasType: m.areas_type,
    locationGroups: groups(m.id).map((g) => ({ id: g.id, code: g.code, name: g.name, selectable: g.selectable })),
    locationGroupMandatory: m.location_group_mandatory,
    currency: m.currency,
    outputType: m.output_type as Model['outputType'],
    outputLocationPropertyId: m.output_location_property_id,
    scenarioHierarchy: m.scenario_hierarchy,
    modified: m.modified.toISOString(),
    userIsAdmin: isModelAdmin(user, m.id),
    userIsGlobalAdmin: user.isGlobalAdmin,
    hasCalculationModel: m.output_type === 4 || (functions(m.id)[0]?.n ?? 0) > 0,
    hasNormalizedScoresFunctions: (nsf(m.id)[0]?.n ?? 0) > 0,
    hasDriverFilters: (drivers(m.id)[0]?.n ?? 0) > 0,
    displayLocationPhoto: m.display_location_photo,
    locationReportFormat: m.location_report_format,
    scenarioReportFormat: m.scenario_report_format,
    catchmentAreaMode: m.catchment_area_mode as Model['catchmentAreaMode'],
    catchmentAreas: catchments(m.id).map((c) => ({
      id: c.id,
      name: c.name,
      title: c.title,
      areaSetId: c.area_set_id,
      isoLineSetId: c.iso_line_set_id,
      onMap: c.on_map,
    })),
    catchmentAreasOnMap: m.catchment_area_mode === 1,
    catchmentAreaZones: zones(m.id).map((z) => ({ title: z.title, color: z.color, catchmentAreaName: z.catchment_area_name })),
    areaSets: areaSets(m.id).map((a) => ({
      id: a.id,
      name: a.name,
      title: a.title,
      hover: a.hover,
      isWhiteSpot: a.is_white_spot,
      mapTilesZoomLevelsAvailable: a.map_tiles_zoom_levels_available,
      tileSlug: a.slug,
      colorRamp: a.color_property ? ([...(a.color_ramp ?? DEFAULT_AREA_SET_RAMP)] as [string, string]) : null,
    })),
    heatMapSets: heatMaps(m.id).map((h) => ({ id: h.id, name: h.name, title: h.title, rendering: h.rendering })),
    allowMultipleHeatMapSets: m.allow_multiple_heat_map_sets,
    poiSets: poiSets(m.id).map((p) => ({ id: p.id, name: p.name, title: p.title })),
    allowMultiplePOISets: m.allow_multiple_poi_sets,
    isoLineSets: isoSets(m.id).map((i) => ({ id: i.id, name: i.name, title: i.title, maximumMinutes: i.maximum_minutes })),
  }));
}
