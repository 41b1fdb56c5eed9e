// Every domain's handlers, keyed by the contract's route names: one handler for
// each route of the contract, checked by the typecheck (RouteHandlers).
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { adminHandlers } from './admin.js';
import { calibrationHandlers } from './calibration.js';
import { helpHandlers } from './help.js';
import { modelHandlers } from './models.js';
import { downloadHandlers } from './downloads.js';
import { eventHandlers } from './events.js';
import { functionHandlers } from './functions.js';
import { isolineHandlers } from './isolines.js';
import { outputHandlers } from './outputs.js';
import { processingHandlers } from './processing.js';
import { propertyRangeHandlers } from './property-ranges.js';
import { referenceHandlers } from './reference.js';
import { scenarioHandlers } from './scenarios.js';
import { scenarioWriteHandlers } from './scenario-writes.js';
import { searchHandlers } from './search.js';
import { systemHandlers } from './system.js';
import { tileHandlers } from './tiles.js';
import { createEventStreams, type EventStreams } from '../events/streams.js';

export interface HandlerHooks {
  /** Called after an administrator changed model access, so cached users reload. */
  onAccessChanged(): void;
  /** The event streams of the app (GET /api/events); made here when not given. */
  events?: EventStreams;
}

export function allHandlers(ctx: ServerContext, hooks: HandlerHooks): RouteHandlers {
  return {
    ...systemHandlers(ctx),
    ...helpHandlers(ctx),
    ...modelHandlers(ctx),
    ...referenceHandlers(ctx),
    ...scenarioHandlers(ctx),
    ...scenarioWriteHandlers(ctx),
    ...searchHandlers(ctx),
    ...tileHandlers(ctx),
    ...adminHandlers(ctx, undefined, hooks.onAccessChanged),
    ...processingHandlers(ctx),
    ...outputHandlers(ctx),
    ...functionHandlers(ctx),
    ...propertyRangeHandlers(ctx),
    ...downloadHandlers(ctx),
    ...isolineHandlers(ctx),
    ...calibrationHandlers(ctx),
    ...eventHandlers(hooks.events ?? createEventStreams(ctx)),
  };
}
