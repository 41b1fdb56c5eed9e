// The event stream of a signed-in app: scenario status and content changes,
// pushed as they are committed (docs/planner-app.md, "Live updates").
import * as z from 'zod';
import { defineRoute, NoParams } from './define';

export const events = defineRoute({
  name: 'events',
  method: 'GET',
  path: '/api/events',
  specPath: 'GET /api/events',
  params: NoParams,
  response: z.unknown(),
  produces: 'events',
  role: 'user',
  description:
    'Server-Sent Events (text/event-stream) of the scenarios of every model the user may see: `ready` first, then `scenario` events (ScenarioEvent) as changes commit, a comment line as heartbeat. Resumes after the Last-Event-ID header.',
});
