// The real server for the browser suite: `node packages/server/dist/main.js`
// on a free port with its own embedded database (PGlite) and the demo data.
// Generating the demo data takes a while, so it is done once per test run into
// a template data folder by a server that is then stopped cleanly (the
// database closed); every test server starts on its own copy of that folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'packages/server/dist/main.js');
/** The built app's page (the server's APP_DIR when the suite runs with one). */
const APP_INDEX = join(process.env.APP_DIR ? resolve(process.env.APP_DIR) : join(ROOT, 'packages/planner-app/dist'), 'index.html');

export interface LocusServer {
  /** https://localhost:PORT (the PUBLIC_URL the sign-in redirects to). */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment variables of the server process. */
  env?: Record<string, string>;
  /** Start on an empty database without demo data (the template is not used). */
  empty?: boolean;
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

/** Why the suite cannot start a server, or null. */
export function missingBuild(): string | null {
  return missing();
}

/**
 * For the benches that drive the built app: builds it first (unless
 * BENCH_NO_BUILD=1 asks to use the build as it is), then fails when it is not there.
 */
export function buildForBench(): void {
  if (process.env.BENCH_NO_BUILD !== '1') {
    console.log('building ...');
    const build = spawnSync(process.execPath, [join(ROOT, 'build.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const problem = missing();
  if (problem) throw new Error(problem);
}

function missing(): string | null {
  if (!existsSync(MAIN)) return 'the server is not built (packages/server/dist/main.js): run node build.mjs';
  if (!existsSync(APP_INDEX)) return 'the app is not built (packages/planner-app/dist/index.html): run node build.mjs';
  return null;
}

const running = new Set<ChildProcess>();
const temporary = new Set<string>();

function cleanUp() {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
}
process.once('exit', cleanUp);

function spawnServer(dataDir: string, port: number, env: Record<string, string>): Promise<LocusServer> {
  const baseUrl = `https://localhost:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ENVIRONMENT: 'Demo',
      WORKERS: '1',
      // No test reaches the internet: the built-in basemap unless a test serves its own street tiles.
      BASEMAP: 'builtin',
      // Fastify's request log only for what goes wrong: the output is kept for the failure messages.
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const server: LocusServer = {
    baseUrl,
    port,
    dataDir,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          running.delete(child);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not get ready in 180 s:\n${output}`));
    }, 180_000);
    const onData = (d: Buffer) => {
      output += d;
      if (/Ready in/.test(output)) {
        clearTimeout(timer);
        resolve(server);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => {
      output += d;
    });
    child.once('exit', (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

let appCopy: string | null = null;

/**
 * A copy of the built app taken once per process and served through APP_DIR,
 * so a rebuild while the suite runs (which empties the dist folder first)
 * does not pull the files from under the browser. Source maps stay behind.
 */
async function appSnapshot(): Promise<string> {
  if (appCopy) return appCopy;
  // A build running beside the suite empties the folder first: give it time to finish.
  for (let waited = 0; !existsSync(APP_INDEX) && waited < 300_000; waited += 2_000) await new Promise((r) => setTimeout(r, 2_000));
  const dir = mkdtempSync(join(tmpdir(), 'locus-e2e-app-'));
  temporary.add(dir);
  cpSync(dirname(APP_INDEX), dir, { recursive: true, filter: (source) => !source.endsWith('.map') });
  if (!existsSync(join(dir, 'index.html'))) throw new Error('the app build disappeared while it was copied: run the suite again');
  appCopy = dir;
  return dir;
}

let template: Promise<string> | null = null;

/** The data folder with migrations and demo data applied, made once per process. */
function demoTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'locus-e2e-template-'));
    temporary.add(dir);
    // The template holds the demo data as a fresh install has it: nothing calculated yet.
    const server = await spawnServer(dir, await freePort(), { WORKERS: '1', AUTO_CALCULATE_BASE: 'false' });
    // A clean stop closes the database, so the folder can be copied.
    await server.stop();
    return dir;
  })();
  return template;
}

/** Starts a server with the demo data on a fresh copy of the template database. */
export async function startServer(options: StartOptions = {}): Promise<LocusServer> {
  if (!existsSync(MAIN)) throw new Error(missing()!);
  const app = await appSnapshot();
  const dataDir = mkdtempSync(join(tmpdir(), 'locus-e2e-data-'));
  temporary.add(dataDir);
  if (!options.empty) cpSync(await demoTemplate(), dataDir, { recursive: true });
  // The base scenarios are not calculated by themselves unless a test asks (AUTO_CALCULATE_BASE=true, the
  // server's default): each test then decides what is calculated and when, and its goldens do not depend on
  // how far a background calculation got.
  const server = await spawnServer(dataDir, await freePort(), {
    APP_DIR: app,
    AUTO_CALCULATE_BASE: 'false',
    ...(options.empty ? { DEMO_DATA: 'false' } : {}),
    ...options.env,
  });
  const stop = server.stop;
  server.stop = async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    temporary.delete(dataDir);
  };
  return server;
}
