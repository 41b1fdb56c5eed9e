// Chart data and legend entries.
import * as z from 'zod';
import { Color } from '../primitives';

/** One point of the properties (scatter) chart: property X and property Y of a location. */
export const PropertiesChartEntry = z.object({
  locationName: z.string(),
  numberValue1: z.number().nullable(),
  numberValue2: z.number().nullable(),
});
export type PropertiesChartEntry = z.infer<typeof PropertiesChartEntry>;

export const LegendEntry = z.object({
  ID: z.union([z.number(), z.string()]),
  color: Color,
  title: z.string(),
});
export type LegendEntry = z.infer<typeof LegendEntry>;
