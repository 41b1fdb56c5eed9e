// The app's event stream (GET /api/events, Server-Sent Events): what the
// server pushes about the scenarios of the models the user may see.
import * as z from 'zod';
import { ScenarioStatusCode } from '../codes';
import { DateTimeUtc, Id } from '../primitives';

/** created: a new scenario; changed: its status, content (modified), name, flags or parent; removed: deleted. */
export const ScenarioEventKind = z.enum(['created', 'changed', 'removed']);
export type ScenarioEventKind = z.infer<typeof ScenarioEventKind>;

/** The data of a `scenario` event: one scenario as it is after the change. */
export const ScenarioEvent = z.object({
  modelId: Id,
  scenarioId: Id,
  kind: ScenarioEventKind,
  status: ScenarioStatusCode,
  modified: DateTimeUtc,
});
export type ScenarioEvent = z.infer<typeof ScenarioEvent>;

/**
 * The data of the `ready` event, the first of every connection: `resumed`
 * when the events after the client's Last-Event-ID follow, false when the
 * client must read the state afresh (a new connection, or the events it
 * missed are no longer kept).
 */
export const EventStreamReady = z.object({
  resumed: z.boolean(),
  heartbeatMs: z.number().int().positive(),
});
export type EventStreamReady = z.infer<typeof EventStreamReady>;

/** The event names of the stream. */
export const EventStreamEvents = { ready: 'ready', scenario: 'scenario' } as const;
