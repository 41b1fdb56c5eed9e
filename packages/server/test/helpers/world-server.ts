// The real server on the test world, with a processing loop in the same
// process (as `npm start` runs it), and the three accounts signed in through
// the built-in provider.
import type { Database } from '../../src/db/database.js';
import { requestProcessing, startProcessing, type ScenarioProcessor } from '../../src/processing/index.js';
import { processingSettings, type ProcessingSettings } from '../../src/processing/settings.js';
import { startTestServer, type RequestOptions, type TestResponse, type TestServer } from './server.js';
import { signIn } from './sign-in.js';
import { buildWorld, type World } from './world.js';

export interface WorldServer {
  server: TestServer;
  world: World;
  /** The processing loop in the server's process; absent when started without one. */
  processor?: ScenarioProcessor;
  tokens: { planner: string; modelAdmin: string; globalAdmin: string };
  call(path: string, token: string, init?: RequestOptions): Promise<TestResponse>;
  /** Asks for the scenario's calculation, wakes the processing loop and waits for the status 9 (throws on 10). */
  calculate(scenarioId: number): Promise<void>;
  close(): Promise<void>;
}

/** Quick settings for tests: a short poll, heartbeat and claim timeout. */
export function testProcessingSettings(overrides: Partial<ProcessingSettings> = {}): ProcessingSettings {
  return { ...processingSettings({}), pollMs: 50, heartbeatMs: 200, claimTimeoutMs: 1_500, ...overrides };
}

/** `databaseOnDisk`: PGlite in a data folder, as the server runs it (result blocks in files: processing/block-files.ts). */
export async function startWorldServer(
  settings: Partial<ProcessingSettings> = {},
  options: { processing?: boolean; databaseOnDisk?: boolean; env?: Record<string, string> } = {},
): Promise<WorldServer> {
  const server = await startTestServer({
    fill: buildWorld,
    databaseOnDisk: options.databaseOnDisk,
    env: options.env,
  });
  const processor = options.processing === false ? undefined : startProcessing(server.ctx, testProcessingSettings(settings));
  const world = server.filled as World;
  const { planner, modelAdmin, globalAdmin } = world.accounts;
  const tokens = {
    planner: (await signIn(server.baseUrl, planner.email, planner.password)).accessToken,
    modelAdmin: (await signIn(server.baseUrl, modelAdmin.email, modelAdmin.password)).accessToken,
    globalAdmin: (await signIn(server.baseUrl, globalAdmin.email, globalAdmin.password)).accessToken,
  };
  return {
    server,
    world,
    processor,
    tokens,
    call: (path, token, init) => server.fetch(path, { ...init, token }),
    async calculate(scenarioId) {
      await requestProcessing(server.ctx.db, scenarioId, null);
      processor?.wake();
      const status = await waitForStatus(server.ctx.db, scenarioId);
      if (status !== 9) throw new Error(`scenario ${scenarioId} ended at status ${status}`);
      // Status 9 is committed before the blocks the result replaced are collected; the processor holds
      // the claim until that is done, so a test that looks at the blocks next sees them collected.
      for (const end = Date.now() + 30_000; processor?.claims().includes(scenarioId);) {
        if (Date.now() > end) throw new Error(`scenario ${scenarioId}: the processor still holds it after 30 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async close() {
      await processor?.stop();
      await server.close();
    },
  };
}

export async function statusOf(db: Database, scenarioId: number): Promise<number> {
  return (await db.query<{ status: number }>('SELECT status FROM scenario WHERE id = $1', [scenarioId])).rows[0]!.status;
}

/** Polls a scenario until its status is one of `until` (9 or 10 by default); throws after `timeoutMs`. */
export async function waitForStatus(db: Database, scenarioId: number, until: number[] = [9, 10], timeoutMs = 30_000): Promise<number> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const status = await statusOf(db, scenarioId);
    if (until.includes(status)) return status;
    if (Date.now() > end) throw new Error(`scenario ${scenarioId} stayed at status ${status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
