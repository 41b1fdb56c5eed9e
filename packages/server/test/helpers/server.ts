// Starts the real server for a test: a fresh migrated database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL), optionally the demo data, the built-in
// identity provider and HTTPS with a self-signed certificate on 127.0.0.1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { Agent, request as httpsRequest } from 'node:https';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from '../../src/config.js';
import { createAppLog } from '../../src/log/app-log.js';
import type { ServerContext } from '../../src/context.js';
import { buildApp, type AppOptions } from '../../src/app.js';
import { loadOrCreateTls } from '../../src/identity/index.js';
import { openTestDatabase, type Fill, type TestDatabase } from './test-db.js';

export interface TestServer {
  baseUrl: string;
  ctx: ServerContext;
  app: FastifyInstance;
  database: TestDatabase;
  /** What StartOptions.fill answered (this test's own copy). */
  filled: unknown;
  /** A request to the server (accepting its self-signed certificate). */
  fetch(path: string, init?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

/** An https agent that accepts the test server's self-signed certificate. */
export const insecureAgent = new Agent({ rejectUnauthorized: false, keepAlive: true });

export interface RequestOptions {
  method?: string;
  token?: string;
  headers?: Record<string, string>;
  /** A JSON body (sent with Content-Type application/json) or raw text. */
  body?: unknown;
}

export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text(): string;
  json<T = any>(): T;
}

export function request(baseUrl: string, path: string, init: RequestOptions = {}): Promise<TestResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let payload: string | undefined;
  if (init.body !== undefined) {
    payload = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['Content-Type'] ??= 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${baseUrl}${path}`, { method: init.method ?? 'GET', headers, agent: insecureAgent }, (res) => {
      const chunks: Buffer[] = [];
      const finish = () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          text: () => body.toString('utf8'),
          json: () => JSON.parse(body.toString('utf8')),
        });
      };
      // An event stream (GET /api/events) stays open: its first event is the answer, then the connection closes.
      const stream = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        if (stream && Buffer.concat(chunks).includes('\n\n')) {
          finish();
          req.destroy();
        }
      });
      res.on('end', finish);
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface StartOptions extends Omit<AppOptions, 'tls'> {
  /** Data the database starts with, made once per process on PGlite and copied (test-db.ts); before `seed`. */
  fill?: Fill<unknown>;
  /** Fills the database before starting (for each test: what fill cannot, data that depends on the test). */
  seed?: (ctx: ServerContext) => Promise<void>;
  env?: Record<string, string>;
  /** PGlite in a data folder (under the server's temporary folder), as the server runs it, instead of in memory. */
  databaseOnDisk?: boolean;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'locus-test-'));
  const config: ServerConfig = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `https://127.0.0.1:${port}`,
    ENVIRONMENT: 'Test',
    BASEMAP: 'builtin',
    // Fastify's request log stays quiet unless a run asks for it (LOG_LEVEL=info to watch the requests of a test).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  const database = await openTestDatabase({ dataDir: options.databaseOnDisk ? join(dataDir, 'database') : undefined, fill: options.fill });
  const ctx: ServerContext = { config, db: database.db, log: createAppLog(database.db), readiness: { ready: false, phase: 'test' } };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    if (options.seed) await options.seed(ctx);
    ctx.readiness.ready = true;
    const tls = await loadOrCreateTls(config);
    app = await buildApp(ctx, { ...options, tls: { key: tls.key, cert: tls.cert }, validateResponses: options.validateResponses ?? true });
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    // A start that fails (a test of a refused setting) leaves nothing open: on PostgreSQL the
    // database's change listener would otherwise keep the test process alive after the last test.
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const started = app;
  const baseUrl = config.publicUrl;
  return {
    baseUrl,
    ctx,
    app: started,
    database,
    filled: database.filled,
    fetch: (path, init) => request(baseUrl, path, init),
    async close() {
      await started.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
