// GET /api/events: one Server-Sent Events stream per signed-in app. The
// route is an ordinary bearer-token call (the app reads it with fetch, which
// sends the Authorization header; a token never goes into an address). Each
// stream sends:
//   retry: the reconnection delay the client should use;
//   event: ready   first, { resumed, heartbeatMs };
//   event: scenario   a ScenarioEvent, with its id (the client's Last-Event-ID);
//   ": heartbeat" comment lines every heartbeatMs, so proxies keep the
//   connection and the client can tell a dead one;
// and ends after maxStreamMs, when the client reconnects with a fresh token
// and its Last-Event-ID (nothing is lost; model access is checked again).
// Only scenarios of models the user may reach are sent; the user's access is
// read again every accessCheckMs while the stream is open.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EventStreamEvents, type EventStreamReady } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { CurrentUser } from '../domain/user.js';
import { currentModelAccess } from '../repo/users.js';
import {
  comparePositions,
  createChangeFeed,
  formatPosition,
  parsePosition,
  type ChangeFeed,
  type FeedEvent,
  type FeedOptions,
  type FeedPosition,
} from './feed.js';

export interface EventStreamOptions extends FeedOptions {
  /** Between two heartbeat comments (ms); default 15 s. */
  heartbeatMs?: number;
  /** A stream ends after this long and the client reconnects (ms); default 10 minutes. */
  maxStreamMs?: number;
  /** How often an open stream reads the user's model access again (ms); default 30 s. */
  accessCheckMs?: number;
  /** The reconnection delay told to clients (ms); default 2 s. */
  retryMs?: number;
}

export interface EventStreams {
  /** Takes the request's connection over and streams to it until it closes or ends (routes/events.ts). */
  serve(user: CurrentUser, request: FastifyRequest, reply: FastifyReply): Promise<void>;
  feed: ChangeFeed;
  /** Open streams (tests, the operator's figures). */
  open(): number;
  /** Ends every stream (before the server closes: open streams would hold it). */
  close(): Promise<void>;
}

export function createEventStreams(ctx: ServerContext, options: EventStreamOptions = {}): EventStreams {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxStreamMs = options.maxStreamMs ?? 10 * 60_000;
  const accessCheckMs = options.accessCheckMs ?? 30_000;
  const retryMs = options.retryMs ?? 2000;
  const feed = createChangeFeed(ctx.db, options);
  const streams = new Set<() => void>();

  async function openStream(user: CurrentUser, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let access = { all: user.isGlobalAdmin, models: new Set(user.models.keys()) };
    const visible = (event: FeedEvent) => access.all || access.models.has(event.data.modelId);
    const lastSeen = parsePosition(header(request, 'last-event-id'));

    // Events read while the missed ones are fetched wait here, so the order holds.
    let held: FeedEvent[] | null = [];
    let ended = false;
    const raw = reply.raw;
    const write = (text: string) => {
      if (!ended) raw.write(text);
    };
    const send = (events: readonly FeedEvent[]) => {
      let text = '';
      for (const event of events) {
        if (lastSeen && comparePositions(event.position, lastSeen) <= 0) continue;
        if (!visible(event)) continue;
        text += `id: ${formatPosition(event.position)}\nevent: ${EventStreamEvents.scenario}\ndata: ${JSON.stringify(event.data)}\n\n`;
      }
      if (text) write(text);
    };
    const subscription = await feed.subscribe((events) => {
      if (held) held.push(...events);
      else send(events);
    });

    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      // Proxies that buffer answers (nginx) pass this one through as it comes.
      'X-Accel-Buffering': 'no',
    });
    request.raw.socket.setNoDelay(true);
    request.raw.socket.setTimeout(0);

    const timers: NodeJS.Timeout[] = [];
    const end = () => {
      if (ended) return;
      ended = true;
      subscription.unsubscribe();
      for (const timer of timers) clearInterval(timer);
      streams.delete(end);
      raw.end();
    };
    streams.add(end);
    raw.on('close', end);
    if (raw.destroyed || request.raw.destroyed) end();

    let resumed = false;
    let missed: FeedEvent[] = [];
    if (lastSeen) {
      const found = await feed.between(lastSeen, subscription.position).catch(() => 'gone' as const);
      if (found !== 'gone') {
        resumed = true;
        missed = found;
      }
    }
    const ready: EventStreamReady = { resumed, heartbeatMs };
    write(`retry: ${retryMs}\nevent: ${EventStreamEvents.ready}\ndata: ${JSON.stringify(ready)}\n\n`);
    send(missed);
    const waiting = held;
    held = null;
    send(waiting);

    timers.push(setInterval(() => write(`: heartbeat ${new Date().toISOString()}\n\n`), heartbeatMs));
    timers.push(setTimeout(end, maxStreamMs));
    timers.push(
      setInterval(() => {
        currentModelAccess(ctx.db, user.id)
          .then((now) => {
            if (now) access = now;
            else end();
          })
          .catch(() => undefined);
      }, accessCheckMs),
    );
    for (const timer of timers) timer.unref();
  }

  return {
    feed,
    serve: openStream,
    open: () => streams.size,
    async close() {
      for (const end of [...streams]) end();
      await feed.close();
    },
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export type { FeedPosition };
