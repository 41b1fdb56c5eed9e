// GET /api/events: the signed-in app's stream of scenario changes (Server-Sent
// Events). The stream itself, its feed and its timers are in events/.
import type { RouteHandlers } from '../http/register-routes.js';
import type { EventStreams } from '../events/streams.js';

export function eventHandlers(streams: EventStreams) {
  return {
    events: async ({ user, request, reply }) => {
      await streams.serve(user, request, reply);
      return undefined;
    },
  } satisfies Partial<RouteHandlers>;
}
