// The route registration on its own: validation names the field, roles are
// checked, and a call whose handler is missing answers 501 with a JSON message.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Fastify from 'fastify';
import { registerRoutes, type RouteHandlers } from '../src/http/register-routes.js';
import { registerErrorHandling } from '../src/http/errors.js';
import { unauthenticated } from '../src/domain/errors.js';
import type { ServerContext } from '../src/context.js';
import type { CurrentUser } from '../src/domain/user.js';

const logged: { eventType: number; message: string }[] = [];
const ctx = {
  readiness: { ready: true, phase: 'ready' },
  log: {
    write: async (e: { eventType: number; message: string }) => {
      logged.push(e);
    },
    info: async (message: string) => {
      logged.push({ eventType: 8, message });
    },
    warn: async (message: string) => {
      logged.push({ eventType: 4, message });
    },
    error: async (message: string) => {
      logged.push({ eventType: 2, message });
    },
    warnRepeated: async (_kind: string, message: string) => {
      logged.push({ eventType: 4, message });
    },
    flushRepeated: async () => {},
  },
} as unknown as ServerContext;

const planner: CurrentUser = { id: 1, subject: '1', title: 'Planner', email: null, isGlobalAdmin: false, models: new Map([[7, false]]) };

async function app(handlers: Parameters<typeof registerRoutes>[2], options: { validateResponses?: boolean } = {}) {
  const fastify = Fastify();
  registerErrorHandling(fastify, ctx);
  registerRoutes(fastify, ctx, handlers, {
    ...options,
    async authenticate(request) {
      if (request.headers.authorization !== 'Bearer planner') throw unauthenticated();
      request.user = planner;
      return planner;
    },
  });
  await fastify.ready();
  return fastify;
}

test('a call without a handler answers 501 with a JSON message naming the call', async () => {
  const fastify = await app({});
  const r = await fastify.inject({ method: 'GET', url: '/api/system/environment' });
  assert.is(r.statusCode, 501);
  assert.match(r.json().message, /GET \/api\/system\/environment is not available yet/);
  await fastify.close();
});

test('a handler answers; a bad parameter is 400 naming the field; no token is 401; a global-admin call is 403 for a planner', async () => {
  const fastify = await app({
    scenarios: async ({ params }) => [
      {
        id: params.modelId * 10,
        name: 'Base',
        status: 9,
        parentScenarioId: null,
        isTop: false,
        competition: false,
        changeCount: 0,
        created: '2026-01-05T09:00:00.000Z',
        modified: '2026-01-05T09:00:00.000Z',
        changes: [],
        parents: [],
        version: 1,
      },
    ],
    adminUsers: async () => [],
  });
  assert.is((await fastify.inject({ method: 'GET', url: '/api/models/7/scenarios', headers: { authorization: 'Bearer planner' } })).statusCode, 200);
  const bad = await fastify.inject({ method: 'GET', url: '/api/models/x7/scenarios', headers: { authorization: 'Bearer planner' } });
  assert.is(bad.statusCode, 400);
  assert.is(bad.json().field, 'modelId');
  assert.is((await fastify.inject({ method: 'GET', url: '/api/models/7/scenarios' })).statusCode, 401);
  assert.is((await fastify.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: 'Bearer planner' } })).statusCode, 403);
  assert.ok(
    logged.some((e) => e.eventType === 4 && /403/.test(e.message)),
    'refusals are logged as warnings',
  );
  await fastify.close();
});

test('an unexpected error is 500 with a generic message and no stack trace, logged as an error', async () => {
  const fastify = await app({
    systemEnvironment: async () => {
      throw new Error('disk on fire at /secret/path.ts:12');
    },
  });
  const r = await fastify.inject({ method: 'GET', url: '/api/system/environment' });
  assert.is(r.statusCode, 500);
  assert.is(r.json().message, 'an unexpected error occurred');
  assert.not.match(r.body, /secret|fire/);
  assert.ok(logged.some((e) => e.eventType === 2 && /disk on fire/.test(e.message)));
  await fastify.close();
});

test("the log line of a 500 names the request's id, which leads to the stack in Fastify's log", async () => {
  const fastify = await app({
    systemVersion: async () => {
      throw new Error('version file unreadable');
    },
  });
  const r = await fastify.inject({ method: 'GET', url: '/api/system/version' });
  assert.is(r.statusCode, 500);
  const line = logged.find((e) => e.eventType === 2 && /version file unreadable/.test(e.message));
  assert.ok(line, 'the error is logged');
  assert.match(line!.message, /\(request req-[0-9a-z]+\)$/);
  await fastify.close();
});

test('with reply validation on, an answer the contract does not allow is a 500 naming the route; off, it goes out', async () => {
  const handlers = {
    // A handler typed otherwise than its route would fail the typecheck: this one lies about its answer.
    systemStreetViewKey: async () => ({ key: 42 }) as unknown as { key: string },
  };
  const checked = await app(handlers, { validateResponses: true });
  const r = await checked.inject({ method: 'GET', url: '/api/system/street-view-key', headers: { authorization: 'Bearer planner' } });
  assert.is(r.statusCode, 500);
  assert.is(r.json().message, 'an unexpected error occurred');
  assert.ok(logged.some((e) => e.eventType === 2 && /response of systemStreetViewKey does not match the contract: key:/.test(e.message)));
  await checked.close();
  const unchecked = await app(handlers, { validateResponses: false });
  const answer = await unchecked.inject({ method: 'GET', url: '/api/system/street-view-key', headers: { authorization: 'Bearer planner' } });
  assert.is(answer.statusCode, 200);
  assert.equal(answer.json(), { key: 42 });
  await unchecked.close();
});

test('a body with the NUL character in a text is 400 naming the field, and the handler is not called', async () => {
  let called = false;
  const fastify = await app({
    scenarioCreate: async () => {
      called = true;
      return { id: 1 };
    },
  });
  const r = await fastify.inject({
    method: 'POST',
    url: '/api/models/7/scenarios',
    headers: { authorization: 'Bearer planner', 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'North\u0000', parentScenarioId: 3 }),
  });
  assert.is(r.statusCode, 400, r.body);
  assert.is(r.json().field, 'body.name');
  assert.match(r.json().reason, /NUL/);
  assert.not.ok(called);
  await fastify.close();
});

test('registering a handler for a call the contract does not have is refused', async () => {
  try {
    // @ts-expect-error a name the contract does not have fails the typecheck, and registration at run time
    await app({ notACall: async () => null });
    assert.unreachable('should refuse');
  } catch (error) {
    assert.match(String(error), /not in the contract: notACall/);
  }
});

test('a handler whose answer does not have the shape of its route fails the typecheck', () => {
  const wrong: Partial<RouteHandlers> = {
    // @ts-expect-error scenarios answers a list of scenarios, not of { modelId }
    scenarios: async ({ params }) => [{ modelId: params.modelId }],
    // @ts-expect-error params of adminUserModels hold userId, not modelId
    adminUserModels: async ({ params }) => [{ id: params.modelId, name: 'North', hasAccess: true, isAdmin: false }],
  };
  assert.ok(wrong);
});

test.run();
