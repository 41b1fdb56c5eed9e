// Fastify's request log and reply validation as the configuration sets them:
// LOG_LEVEL (checked at start; silent under NODE_ENV=test), reply validation
// on in development and tests and off in production, and request ids: a new
// UUID per request, or the X-Request-Id of a trusted proxy when well-formed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { IncomingMessage } from 'node:http';
import { loadConfig } from '../src/config.js';
import Fastify from 'fastify';
import { loggingOptions, requestId } from '../src/http/logger.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const withHeader = (value?: string) => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage;

test('LOG_LEVEL sets the level of the request log; an unknown level stops the start naming the setting', () => {
  assert.is(loadConfig({ DATA_DIR: 'data' }).logLevel, 'info');
  assert.is(loadConfig({ DATA_DIR: 'data', NODE_ENV: 'test' }).logLevel, 'silent');
  assert.is(loadConfig({ DATA_DIR: 'data', LOG_LEVEL: 'warn' }).logLevel, 'warn');
  assert.is(loadConfig({ DATA_DIR: 'data', NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel, 'debug');
  assert.throws(
    () => loadConfig({ DATA_DIR: 'data', LOG_LEVEL: 'verbose' }),
    /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not 'verbose'/,
  );
  assert.equal(loggingOptions(loadConfig({ DATA_DIR: 'data', LOG_LEVEL: 'error' })).logger, { level: 'error' });
});

test('each answered request is one log line with its id, method, path, status and time', async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  const app = Fastify({ ...loggingOptions(loadConfig({ DATA_DIR: 'data', LOG_LEVEL: 'info' })), logger: { level: 'info', stream } });
  app.get('/api/thing', async () => ({ ok: true }));
  const answer = await app.inject({ method: 'GET', url: '/api/thing?x=1' });
  assert.is(answer.statusCode, 200);
  const requestLines = lines.filter((l) => l.reqId);
  assert.is(requestLines.length, 1, 'one line per request, not one when received and one when answered');
  const [line] = requestLines;
  assert.is(line!.msg, 'request answered');
  assert.is(line!.method, 'GET');
  assert.is(line!.url, '/api/thing?x=1');
  assert.is(line!.statusCode, 200);
  assert.type(line!.responseTime, 'number');
  assert.match(String(line!.reqId), UUID);
  await app.close();
});

test('replies are validated against the contract in development and tests, not in production', () => {
  assert.is(loadConfig({ DATA_DIR: 'data', NODE_ENV: 'development' }).validateResponses, true);
  assert.is(loadConfig({ DATA_DIR: 'data', NODE_ENV: 'test' }).validateResponses, true);
  assert.is(loadConfig({ DATA_DIR: 'data', NODE_ENV: 'production' }).validateResponses, false);
  assert.is(loadConfig({ DATA_DIR: 'data' }).validateResponses, false);
});

test('every request gets a new id; a client cannot choose it', () => {
  const config = loadConfig({ DATA_DIR: 'data' });
  const first = requestId(config, withHeader());
  assert.match(first, UUID);
  assert.is.not(requestId(config, withHeader()), first);
  assert.match(requestId(config, withHeader('chosen-by-the-client')), UUID);
});

test("behind a trusted proxy its X-Request-Id is the request's id, when it is well-formed", () => {
  const config = loadConfig({ DATA_DIR: 'data', TRUST_PROXY: 'true' });
  assert.is(requestId(config, withHeader('edge-7f3a:42')), 'edge-7f3a:42');
  assert.match(requestId(config, withHeader('two words')), UUID);
  assert.match(requestId(config, withHeader('x'.repeat(129))), UUID);
  assert.match(requestId(config, withHeader('')), UUID);
});

test.run();
