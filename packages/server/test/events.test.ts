// The app's event stream (GET /api/events) on the real server and database:
// refused without a valid token; a scenario change of a model the user may
// see arrives as a `scenario` event with its status, one of a model he may
// not see never does (a global administrator gets it); heartbeats come as
// comment lines; a client that reconnects with Last-Event-ID gets the events
// it missed, in order, and one whose events are no longer kept is told to read
// afresh; a calculation's steps up to 9 arrive as they commit; on PostgreSQL
// a change written by another process (its own connection) arrives too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { openDatabase } from '../src/db/database.js';
import { requestProcessing, startProcessing, type ScenarioProcessor } from '../src/processing/index.js';
import { insecureAgent, startTestServer, type TestServer } from './helpers/server.js';
import { signIn } from './helpers/sign-in.js';
import { testDatabaseKind } from './helpers/test-db.js';
import { buildWorld, type World } from './helpers/world.js';
import { testProcessingSettings } from './helpers/world-server.js';

const HEARTBEAT_MS = 300;

let server: TestServer;
let world: World;
let processor: ScenarioProcessor;
let planner: string;
let globalAdmin: string;
let hiddenScenarioId: number;

interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

/** An open event stream, parsed as an EventSource would (comments kept apart). */
interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  events: StreamEvent[];
  comments: string[];
  /** Waits for an event that matches, failing after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, what: string, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

function openStream(token: string | undefined, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      `${server.baseUrl}/api/events`,
      {
        headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
        agent: insecureAgent,
      },
      (res) => {
        const events: StreamEvent[] = [];
        const comments: string[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: StreamEvent = { event: 'message', data: '' };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('data: ')) event.data = line.slice(6);
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              isEvent ||= /^(event|data): /.test(line);
            }
            if (isEvent) events.push(event);
          }
          for (const wake of [...waiters]) wake();
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          comments,
          next(match, what, timeoutMs = 10_000) {
            return new Promise((done, fail) => {
              const look = () => {
                const found = events.find(match);
                if (!found) return false;
                waiters.delete(look);
                clearTimeout(timer);
                done(found);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(look);
                fail(new Error(`no ${what} within ${timeoutMs} ms; events: ${events.map((e) => `${e.event} ${e.data}`).join(' | ')}`));
              }, timeoutMs);
              if (!look()) waiters.add(look);
            });
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

const scenarioEvent = (scenarioId: number, status?: number) => (e: StreamEvent) =>
  e.event === 'scenario' && JSON.parse(e.data).scenarioId === scenarioId && (status === undefined || JSON.parse(e.data).status === status);

const touch = (scenarioId: number, status: number) => server.ctx.db.query('UPDATE scenario SET status = $2 WHERE id = $1', [scenarioId, status]);

test.before(async () => {
  server = await startTestServer({
    seed: async (ctx) => {
      world = await buildWorld(ctx.db);
    },
    events: { heartbeatMs: HEARTBEAT_MS, checkMs: 20 },
  });
  processor = startProcessing(server.ctx, testProcessingSettings());
  const { rows } = await server.ctx.db.query<{ id: number }>(
    `WITH m AS (INSERT INTO model (name, locations_type, areas_type, output_type) VALUES ('Hidden', 'Stores', 'Cells', 1) RETURNING id)
     INSERT INTO scenario (model_id, name) SELECT id, 'Hidden base' FROM m RETURNING id`,
  );
  hiddenScenarioId = rows[0]!.id;
  planner = (await signIn(server.baseUrl, world.accounts.planner.email, world.accounts.planner.password)).accessToken;
  globalAdmin = (await signIn(server.baseUrl, world.accounts.globalAdmin.email, world.accounts.globalAdmin.password)).accessToken;
});

test.after(async () => {
  await processor?.stop();
  await server?.close();
});

test('without a valid access token the stream is refused with 401', async () => {
  for (const token of [undefined, 'not-a-token']) {
    const response = await server.fetch('/api/events', { token, headers: { Accept: 'text/event-stream' } });
    assert.is(response.status, 401, response.text());
  }
});

test('a change of a visible scenario arrives with its status; one of a model without access does not', async () => {
  const plannerStream = await openStream(planner);
  const adminStream = await openStream(globalAdmin);
  try {
    assert.is(plannerStream.status, 200);
    assert.match(String(plannerStream.headers['content-type']), /^text\/event-stream/);
    assert.match(String(plannerStream.headers['cache-control']), /no-store/);
    // The security headers of every answer come with the stream too.
    assert.is(plannerStream.headers['x-content-type-options'], 'nosniff');
    assert.ok(plannerStream.headers['content-security-policy'], 'a Content-Security-Policy header');
    const ready = await plannerStream.next((e) => e.event === 'ready', 'ready event');
    assert.equal(JSON.parse(ready.data), { resumed: false, heartbeatMs: HEARTBEAT_MS });
    await adminStream.next((e) => e.event === 'ready', 'ready event');

    // Statuses the processing loop leaves alone (it claims 1 and stale 2 to 8).
    await touch(hiddenScenarioId, 10);
    await touch(world.baseScenarioId, 10);
    const seen = await plannerStream.next(scenarioEvent(world.baseScenarioId, 10), 'the base scenario at status 10');
    assert.match(seen.id ?? '', /^\d+\.\d+$/);
    assert.equal(JSON.parse(seen.data).modelId, world.modelId);
    assert.is(JSON.parse(seen.data).kind, 'changed');
    // The global administrator reaches every model: the hidden change comes to him, before the other.
    await adminStream.next(scenarioEvent(hiddenScenarioId, 10), "the hidden model's change (global administrator)");
    await adminStream.next(scenarioEvent(world.baseScenarioId, 10), 'the base scenario (global administrator)');
    assert.not.ok(plannerStream.events.some(scenarioEvent(hiddenScenarioId)), 'the planner saw a scenario of a model he has no access to');
    // Pure processing heartbeats are no news.
    await server.ctx.db.query('UPDATE scenario SET heartbeat_at = now() WHERE id = $1', [world.baseScenarioId]);
    await touch(world.baseScenarioId, 0);
    await plannerStream.next(scenarioEvent(world.baseScenarioId, 0), 'the base scenario back at 0');
    assert.is(plannerStream.events.filter(scenarioEvent(world.baseScenarioId)).length, 2);
  } finally {
    plannerStream.close();
    adminStream.close();
  }
});

test('heartbeats arrive as comment lines while nothing changes', async () => {
  const stream = await openStream(planner);
  try {
    await stream.next((e) => e.event === 'ready', 'ready event');
    const started = Date.now();
    while (stream.comments.filter((c) => c.startsWith('heartbeat')).length < 2) {
      if (Date.now() - started > HEARTBEAT_MS * 10) assert.unreachable(`heartbeats: ${stream.comments.join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    stream.close();
  }
});

test('a reconnect with Last-Event-ID gets the missed events in order; one no longer kept is told to read afresh', async () => {
  const first = await openStream(planner);
  await first.next((e) => e.event === 'ready', 'ready event');
  await touch(world.baseScenarioId, 10);
  const last = await first.next(scenarioEvent(world.baseScenarioId, 10), 'status 10');
  first.close();

  // Missed while away: three changes, one of them in the hidden model.
  await touch(world.baseScenarioId, 9);
  await touch(hiddenScenarioId, 9);
  await touch(world.baseScenarioId, 10);

  const again = await openStream(planner, { 'Last-Event-ID': last.id! });
  try {
    const ready = await again.next((e) => e.event === 'ready', 'ready event');
    assert.is(JSON.parse(ready.data).resumed, true);
    await again.next(scenarioEvent(world.baseScenarioId, 10), 'status 10');
    const statuses = again.events.filter(scenarioEvent(world.baseScenarioId)).map((e) => JSON.parse(e.data).status);
    assert.equal(statuses, [9, 10]);
    assert.not.ok(again.events.some(scenarioEvent(hiddenScenarioId)));
    // Live events follow the resumed ones.
    await touch(world.baseScenarioId, 0);
    await again.next(scenarioEvent(world.baseScenarioId, 0), 'status 0 after the resume');
  } finally {
    again.close();
  }

  const gone = await openStream(planner, { 'Last-Event-ID': '1.999999999' });
  try {
    const ready = await gone.next((e) => e.event === 'ready', 'ready event');
    assert.is(JSON.parse(ready.data).resumed, false);
  } finally {
    gone.close();
  }
});

test("a calculation's steps reach the stream as they commit, up to 9", async () => {
  const stream = await openStream(planner);
  try {
    await stream.next((e) => e.event === 'ready', 'ready event');
    await requestProcessing(server.ctx.db, world.baseScenarioId, null);
    processor.wake();
    await stream.next(scenarioEvent(world.baseScenarioId, 9), 'status 9', 60_000);
    const statuses = stream.events.filter(scenarioEvent(world.baseScenarioId)).map((e) => JSON.parse(e.data).status as number);
    assert.is(statuses[0], 1);
    assert.ok(
      statuses.some((s) => s >= 2 && s <= 8),
      `steps: ${statuses.join(', ')}`,
    );
    assert.equal(
      statuses,
      [...statuses].sort((a, b) => a - b),
      `in order: ${statuses.join(', ')}`,
    );
  } finally {
    stream.close();
  }
});

test('on PostgreSQL, a change committed by another process arrives through the shared database', async () => {
  if (testDatabaseKind !== 'postgres') return;
  const stream = await openStream(planner);
  const other = await openDatabase({ databaseUrl: server.database.url! });
  try {
    await stream.next((e) => e.event === 'ready', 'ready event');
    await other.query('UPDATE scenario SET status = 10 WHERE id = $1', [world.baseScenarioId]);
    await stream.next(scenarioEvent(world.baseScenarioId, 10), "the other process's change", 5000);
  } finally {
    stream.close();
    await other.close();
  }
});

test('the server closes with streams open', async () => {
  const stream = await openStream(planner);
  await stream.next((e) => e.event === 'ready', 'ready event');
  // test.after closes the server; an open stream would hold it (the suite would not end).
});

test.run();
