// The model list as a user sees it: the models he reaches, as the contract's
// Model entity (userIsAdmin and userIsGlobalAdmin from his access), with the
// reference sets each model carries (read by repo/models.ts loadModelList).
import type { Model } from '@locus/contract';
import type { ModelListData } from '../repo/models.js';
import { DEFAULT_AREA_SET_RAMP } from '../render/area-tile.js';
import { canReachModel, isModelAdmin } from './access.js';
import type { CurrentUser } from './user.js';

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
