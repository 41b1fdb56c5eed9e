// The isoline tool: an isoline for any point and minutes (global
// administrators only).
import * as z from 'zod';
import { IsolineFeatureCollection, PostProcessingActionsText } from '../entities/isolines';
import { idParam, intParam, jsonTextOf, latitudeParam, limitedText, longitudeParam, TextLimit } from '../primitives';
import { defineRoute } from './define';

export const isoline = defineRoute({
  name: 'isoline',
  method: 'GET',
  path: '/api/isoline/:isoLineSetId',
  specPath: 'GET /api/isoline/{isoLineSetId}',
  params: z.object({ isoLineSetId: idParam('isoLineSetId') }),
  query: z.object({
    longitude: longitudeParam(),
    latitude: latitudeParam(),
    /** The tool starts at 1; at most the set's maximumMinutes (checked by the server). */
    minutes: intParam('minutes', 1, 240),
    profile: limitedText('profile', TextLimit.name).min(1, { error: 'profile is required' }),
    /** Empty for the built-in estimator. */
    baseUrl: limitedText('baseUrl', TextLimit.param).optional().default(''),
    /** Provider-specific parameters, JSON text. */
    parameters: limitedText('parameters', TextLimit.jsonParam)
      .pipe(jsonTextOf(z.record(z.string(), z.unknown()), 'parameters'))
      .optional(),
    /** JSON text of the post-processing actions. */
    postProcessingActions: limitedText('postProcessingActions', TextLimit.jsonParam).pipe(PostProcessingActionsText).optional(),
  }),
  response: IsolineFeatureCollection,
  produces: 'json',
  role: 'globalAdmin',
  description: 'Computes the isoline of the given minutes around a point with the set parameters and post-processing.',
});
