// Points of interest of a POI set, and the POIs in range of a location.
import * as z from 'zod';
import { Id } from '../primitives';

export const Poi = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  name: z.string(),
  poiSetId: Id,
  /** Cache key of the set's logo (?r= of the logo call). */
  logoHash: z.string(),
});
export type Poi = z.infer<typeof Poi>;

export const PoiInRange = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: z.string(),
});
export type PoiInRange = z.infer<typeof PoiInRange>;

/** The POIs of one set within range of a location (autoCalculateType 6 properties). */
export const PoiSetInRange = z.object({ id: Id, name: z.string(), pois: z.array(PoiInRange) });
export type PoiSetInRange = z.infer<typeof PoiSetInRange>;
