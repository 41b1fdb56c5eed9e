// The isoline tool (global administrators): an isoline for any point and
// minutes with an isoline set's profile, routing service and post-processing,
// or those given in the call.
import { estimatorProvider, isolines, osrmProvider } from '@locus/engine';
import type { IsolineFeatureCollection } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { requireModelAccess } from '../domain/access.js';
import { invalid, notFound } from '../domain/errors.js';
import { profileOf } from '../processing/isolines.js';
import { isolineSet } from '../repo/isolines.js';

export function isolineHandlers(ctx: ServerContext) {
  const { db } = ctx;
  return {
    isoline: async ({ user, params, query }) => {
      const set = await isolineSet(db, params.isoLineSetId);
      if (!set) throw notFound(`isoline set ${params.isoLineSetId}`);
      requireModelAccess(user, set.model_id);
      if (query.minutes > set.maximum_minutes) throw invalid('minutes', `minutes must be at most ${set.maximum_minutes} for isoline set ${set.name}`);
      // The server only calls routing services an operator configured, never an address from the call.
      const allowed = [set.base_url, process.env.ROUTING_OSRM_URL].filter((u): u is string => !!u);
      if (query.baseUrl && !allowed.includes(query.baseUrl)) {
        throw invalid('baseUrl', 'baseUrl must be the routing service of the isoline set or the one the server is configured with');
      }
      const provider = query.baseUrl ? osrmProvider({ baseUrl: query.baseUrl }) : estimatorProvider();
      const collection = await isolines({
        latitude: query.latitude,
        longitude: query.longitude,
        profile: profileOf(query.profile),
        minutes: [query.minutes],
        provider,
        postProcessingActions: query.postProcessingActions ?? set.post_processing_actions ?? [],
      });
      return {
        type: 'FeatureCollection',
        features: collection.features.map((f) => ({
          type: 'Feature',
          geometry: f.geometry,
          properties: { minutes: f.properties.minutes, isoLineSet: set.name },
        })),
      } as IsolineFeatureCollection;
    },
  } satisfies Partial<RouteHandlers>;
}
