// An area of an area set with its properties and, in a calculated
// scenario, the locations that draw from it.
import * as z from 'zod';
import { DataTypeCode } from '../codes';
import { Id } from '../primitives';
import { featureCollectionOf } from './geojson';

export const AreaProperty = z.object({
  name: z.string(),
  title: z.string().nullable(),
  /** Areas properties with a short title are columns of the report's top-areas table. */
  titleShort: z.string().nullable(),
  dataType: DataTypeCode,
  stringValue: z.string().nullable(),
  numberValue: z.number().nullable(),
  roundingDigits: z.number().int().min(0).max(10).nullable(),
});
export type AreaProperty = z.infer<typeof AreaProperty>;

/** A location drawing from an area: its value, travel minutes and score. */
export const AreaLocation = z.object({
  location: z.object({ id: Id, name: z.string() }),
  value: z.number(),
  minutesCar: z.number().nullable(),
  minutesPedestrian: z.number().nullable(),
  score: z.number(),
});
export type AreaLocation = z.infer<typeof AreaLocation>;

export const Area = z.object({
  areaCode: z.string(),
  areaSetId: Id,
  /** What the area's demand counts, e.g. inhabitants or households. */
  personType: z.string(),
  properties: z.array(AreaProperty),
  /** Empty outside a calculated scenario (status 9). */
  locations: z.array(AreaLocation),
  /** The sum of the locations' values; null outside a calculated scenario. */
  totalValue: z.number().nullable(),
});
export type Area = z.infer<typeof Area>;

/** The outlines of an area set's areas. */
export const AreaFeatureProperties = z.object({ areaCode: z.string() });
export const AreaFeatureCollection = featureCollectionOf(AreaFeatureProperties);
export type AreaFeatureCollection = z.infer<typeof AreaFeatureCollection>;
