// A point of a heat-map set.
import * as z from 'zod';
import { HeatMapWeight } from '../constants';

export const HeatMapPoint = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** 0 to 255. */
  weight: z.number().min(HeatMapWeight.minimum).max(HeatMapWeight.maximum),
});
export type HeatMapPoint = z.infer<typeof HeatMapPoint>;
