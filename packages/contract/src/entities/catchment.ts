// Catchment areas: the coverage choice of mode 0 and the
// catchment area of one location, with its GeoJSON and its top areas.
import * as z from 'zod';
import { Id } from '../primitives';
import { featureCollectionOf } from './geojson';
import { AreaProperty } from './area';
import { LocationProperty } from './location';

/** A catchment-area choice in catchmentAreaMode 0: coverage 1 all, 0.8 secondary, 0.5 primary, 0 none. */
export const CatchmentArea = z.object({
  catchmentAreaId: Id,
  title: z.string(),
  coverage: z.number().min(0).max(1),
});
export type CatchmentArea = z.infer<typeof CatchmentArea>;

export const CatchmentFeatureProperties = z.object({
  /** The location's share of the area's demand in this scenario. */
  fraction: z.number().min(0).max(1),
  /** The same share in the default (base) scenario. */
  fractionDefault: z.number().min(0).max(1).nullable(),
  value: z.number(),
  valueDefault: z.number().nullable(),
  /**
   * The share of the location's total value reached by the areas ranked before
   * this one (by descending value): the area is in the primary catchment when
   * this is under 0.5, in the secondary under 0.8.
   */
  valueSharePrevious: z.number().min(0).max(1),
  areaCode: z.string(),
  locationPropertyId: Id.nullable(),
});
export type CatchmentFeatureProperties = z.infer<typeof CatchmentFeatureProperties>;
export const CatchmentFeatureCollection = featureCollectionOf(CatchmentFeatureProperties);

export const CatchmentAreaEntry = z.object({
  areaCode: z.string(),
  output: z.number(),
  outputDefaultScenario: z.number().nullable(),
  locationPropertyId: Id.nullable(),
  areaProperties: z.array(AreaProperty),
});
export type CatchmentAreaEntry = z.infer<typeof CatchmentAreaEntry>;

export const LocationCatchmentArea = z.object({
  featureCollection: CatchmentFeatureCollection,
  /** The areas by descending output. */
  areas: z.array(CatchmentAreaEntry),
  locationProperties: z.array(LocationProperty),
  /** The catchment area is unchanged from the parent scenario. */
  sameAsParent: z.boolean(),
});
export type LocationCatchmentArea = z.infer<typeof LocationCatchmentArea>;
