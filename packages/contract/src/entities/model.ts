// The model and the reference sets it carries: location
// groups, catchment-area definitions and zones, area, heat-map, POI and
// isoline sets.
import * as z from 'zod';
import { CatchmentAreaModeCode, OutputTypeCode } from '../codes';
import { Locales } from '../constants';
import { Color, DateTimeUtc, Id, JsonText } from '../primitives';

export const LocationGroup = z.object({
  id: Id,
  code: z.string(),
  name: z.string(),
  /** Offered in the location dialog; a location keeps its current group even when not selectable. */
  selectable: z.boolean(),
});
export type LocationGroup = z.infer<typeof LocationGroup>;

export const CatchmentAreaDefinition = z.object({
  id: Id,
  name: z.string(),
  title: z.string(),
  areaSetId: Id,
  isoLineSetId: Id.nullable(),
  onMap: z.boolean(),
});
export type CatchmentAreaDefinition = z.infer<typeof CatchmentAreaDefinition>;

export const CatchmentAreaZone = z.object({
  title: z.string(),
  color: Color,
  catchmentAreaName: z.string(),
});
export type CatchmentAreaZone = z.infer<typeof CatchmentAreaZone>;

export const AreaSetInfo = z.object({
  id: Id,
  name: z.string(),
  title: z.string(),
  /** Areas of the set answer hovering with their information. */
  hover: z.boolean(),
  isWhiteSpot: z.boolean(),
  /** Zoom levels for which the server draws raster tiles. */
  mapTilesZoomLevelsAvailable: z.array(z.number().int().min(0).max(22)),
  /** The set's raster tiles: GET /api/tile-proxy/{tileSlug}/{z}/{x}/{y}. */
  tileSlug: z.string().regex(/^[a-z0-9-]+$/),
  /** The tiles' colours for the lowest and the highest value of the set's colour property; null when the tiles are not coloured by value. */
  colorRamp: z.tuple([z.string(), z.string()]).nullable(),
});
export type AreaSetInfo = z.infer<typeof AreaSetInfo>;

/**
 * How a heat-map set is drawn: `density` for a count (inhabitants, spending), spread by a kernel and
 * summed; `rate` for a value per inhabitant or a share, drawn per area as a choropleth (a rate summed
 * over neighbouring areas means nothing).
 */
export const HeatMapRendering = z.enum(['density', 'rate']);
export type HeatMapRendering = z.infer<typeof HeatMapRendering>;
export const HeatMapSetInfo = z.object({ id: Id, name: z.string(), title: z.string(), rendering: HeatMapRendering });
export type HeatMapSetInfo = z.infer<typeof HeatMapSetInfo>;

export const PoiSetInfo = z.object({ id: Id, name: z.string(), title: z.string() });
export type PoiSetInfo = z.infer<typeof PoiSetInfo>;

export const IsoLineSetInfo = z.object({
  id: Id,
  name: z.string(),
  title: z.string(),
  maximumMinutes: z.number().int().positive(),
});
export type IsoLineSetInfo = z.infer<typeof IsoLineSetInfo>;

export const Language = z.enum(Locales, { error: `language must be one of ${Locales.join(', ')}` });
export type Language = z.infer<typeof Language>;

export const Model = z.object({
  id: Id,
  name: z.string(),
  /** The interface language the model sets; null lets the browser decide. */
  language: Language.nullable(),
  /** Link opened from the main logo. */
  mainLogoUrl: z.string().nullable(),
  hasMainLogo: z.boolean(),
  secondaryLogoUrl: z.string().nullable(),
  hasSecondaryLogo: z.boolean(),
  /** 0 the built-in vector basemap (works offline), 1 a map vendor style, 2 and 3 other tile providers. */
  mapProvider: z.number().int().min(0).max(3),
  /** Radii of the range circles, in metres. */
  mapRanges: z.array(z.number().positive()),
  /** Words the interface uses for the model's locations, groups, clusters and areas. */
  locationsType: z.string(),
  locationGroupsType: z.number().int(),
  locationClustersType: z.number().int(),
  areasType: z.string(),
  locationGroups: z.array(LocationGroup),
  locationGroupMandatory: z.boolean(),
  /** ISO 4217 code. */
  currency: z.string().length(3),
  outputType: OutputTypeCode,
  outputLocationPropertyId: Id.nullable(),
  scenarioHierarchy: z.boolean(),
  modified: DateTimeUtc,
  userIsAdmin: z.boolean(),
  userIsGlobalAdmin: z.boolean(),
  hasCalculationModel: z.boolean(),
  hasNormalizedScoresFunctions: z.boolean(),
  hasDriverFilters: z.boolean(),
  displayLocationPhoto: z.boolean(),
  /** JSON text read with LocationReportFormat; null for the default layout. */
  locationReportFormat: JsonText.nullable(),
  /** JSON text read with ScenarioReportFormat; null for the default layout. */
  scenarioReportFormat: JsonText.nullable(),
  catchmentAreaMode: CatchmentAreaModeCode,
  catchmentAreas: z.array(CatchmentAreaDefinition),
  /** Catchment areas are drawn on the map when a location is selected. */
  catchmentAreasOnMap: z.boolean(),
  catchmentAreaZones: z.array(CatchmentAreaZone),
  areaSets: z.array(AreaSetInfo),
  heatMapSets: z.array(HeatMapSetInfo),
  allowMultipleHeatMapSets: z.boolean(),
  poiSets: z.array(PoiSetInfo),
  allowMultiplePOISets: z.boolean(),
  isoLineSets: z.array(IsoLineSetInfo),
});
export type Model = z.infer<typeof Model>;
