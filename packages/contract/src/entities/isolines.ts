// Isoline parameters per isoline set, the post-processing actions, and the
// isoline features.
import * as z from 'zod';
import { Id, JsonText, jsonTextOf } from '../primitives';
import { featureCollectionOf, featureOf } from './geojson';

/** Actions applied to a computed isoline polygon, in order. */
export const PostProcessingAction = z.discriminatedUnion('type', [
  /** Chaikin smoothing (turf polygonSmooth) with N iterations. */
  z.object({ type: z.literal('smoothing'), iterations: z.number().int().min(1).max(10) }),
  /** Buffering (turf buffer) by a distance in degrees. */
  z.object({ type: z.literal('buffering'), distance: z.number() }),
]);
export type PostProcessingAction = z.infer<typeof PostProcessingAction>;
export const PostProcessingActions = z.array(PostProcessingAction);
/** Reader of the postProcessingActions JSON text. */
export const PostProcessingActionsText = jsonTextOf(PostProcessingActions, 'postProcessingActions');

export const IsolineParameter = z.object({
  /** Travel profile, e.g. 'car' or 'pedestrian'. */
  profile: z.string(),
  /** Provider-specific parameters as JSON text. */
  parameters: JsonText,
  /** JSON text of a PostProcessingAction list. */
  postProcessingActions: JsonText,
  minutes: z.number().int().min(0),
  isoLineSetId: Id,
  /** The routing service's address; empty for the built-in estimator. */
  baseUrl: z.string(),
  maximumMinutes: z.number().int().positive(),
  /** Routing provider code: 0 the built-in estimator; 1 and 4 link to external help. */
  provider: z.number().int().min(0),
});
export type IsolineParameter = z.infer<typeof IsolineParameter>;

export const IsolineFeatureProperties = z.object({
  minutes: z.number().min(0),
  /** The isoline set's name. */
  isoLineSet: z.string(),
});
export const IsolineFeature = featureOf(IsolineFeatureProperties);
export type IsolineFeature = z.infer<typeof IsolineFeature>;
export const IsolineFeatureCollection = featureCollectionOf(IsolineFeatureProperties);
export type IsolineFeatureCollection = z.infer<typeof IsolineFeatureCollection>;
