// Entry point: `node packages/server/dist/main.js [--role all|api|worker] [--reset-data] [--exit]`.
// Opens the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL) and
// runs the migrations. Role all (the default) serves the API, the identity
// provider and the app on one HTTPS origin, fills an empty database with the
// demo data, and calculates scenarios in this process; role api only serves;
// role worker only calculates scenarios (several worker processes can share
// one PostgreSQL database).
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { createAppLog, type AppLog } from './log/app-log.js';
import { installProcessGuard } from './process-guard.js';
import type { ServerContext } from './context.js';
import { processingSettings, startProcessing, type ScenarioProcessor } from './processing/index.js';
import { waitForDatabase } from './db/wait.js';
import { createDataFolder } from './db/pglite-thread.js';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// An error nobody handled is logged and the process goes on (process-guard.ts) once it has started.
let appLog: AppLog | undefined;
const guard = installProcessGuard(() => appLog);

const started = performance.now();
const args = process.argv.slice(2);
const config = loadConfig(process.env, args);
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

// A new embedded data folder is filled (gazetteer, demo data) by a child process of this server that ends when
// it is done: the memory that work takes (the demo world in JavaScript, the database's grown WASM heap) goes
// with it, and this process starts as on a folder with data (docs/memory.md).
/** Whether a database without models gets the demo data (DEMO_DATA, on by default). */
const demoDataWanted = () => process.env.DEMO_DATA !== 'false';
/** The data folder was new and filled by the child just now: with the demo data, when they were wanted. */
let preparedDemo = false;
if (!config.databaseUrl && config.role !== 'worker' && !args.includes('--prepare-data') && !existsSync(join(config.dataDir, 'pgdata', 'PG_VERSION'))) {
  await prepareDataFolder();
  preparedDemo = demoDataWanted();
}

const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  // The embedded database's thread died: nothing can be read or written any more. The process ends, so that
  // whatever supervises it starts it again (PGlite recovers the data folder on start, as after a crash).
  onFailure(error) {
    console.error(`the embedded database stopped: ${error.message}; ending the server`);
    process.exit(1);
  },
});
// PostgreSQL not reachable (yet): wait and retry; a serving role answers meanwhile that it is not ready.
let waiting: { close(): Promise<void> } | undefined;
await waitForDatabase(db, {
  async onWaiting(error) {
    console.log(`database not reachable (${error.message}): waiting for it, retrying every 2 s`);
    if (config.role === 'worker') return;
    const { loadOrCreateTls } = await import('./identity/index.js');
    const { startWaitingServer } = await import('./http/waiting-server.js');
    const { appDirectory } = await import('./http/app-files.js');
    const tls = config.insecureHttp ? undefined : await loadOrCreateTls(config);
    waiting = await startWaitingServer(config, {
      tls: tls ? { key: tls.key, cert: tls.cert } : undefined,
      appDir: appDirectory(new URL('../../planner-app/dist/', import.meta.url)),
    });
    console.log(`${config.publicUrl}/api/system/status answers 0 (not ready) until the database answers`);
  },
});
if (waiting) {
  await waiting.close();
  console.log(`database reachable after ${seconds()} s`);
}
const applied = await migrate(db);
if (applied.length) console.log(`database: applied ${applied.join(', ')}`);
if (args.includes('--prepare-data')) {
  // The child of prepareDataFolder: the gazetteer and the demo data into the new folder, then end.
  await loadPlacesAndDemoData();
  await db.close();
  process.exit(0);
}
const ctx: ServerContext = { config, db, log: createAppLog(db), readiness: { ready: false, phase: 'starting' } };
appLog = ctx.log;

let processor: ScenarioProcessor | undefined;
let close = async () => {};

if (config.role === 'worker') {
  processor = startProcessing(ctx, processingSettings(process.env, config.workers));
  guard.started();
  await ctx.log.info(`worker ${processor.workerName} started (${config.workers} engine threads)`, null, 'scenario-processing');
  console.log(
    `Locus worker ${processor.workerName} calculating scenarios (${config.workers} engine threads, ${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}); ready in ${seconds()} s`,
  );
} else {
  // The web server's modules load only in a serving role, so a worker process stays small.
  const { buildApp } = await import('./app.js');
  const { loadOrCreateTls } = await import('./identity/index.js');
  const { DEMO_ACCOUNTS, formatCounts, resetDemoData } = await import('./demo/index.js');

  if (args.includes('--reset-data')) {
    console.log('Rebuilding the demo data ...');
    const counts = await resetDemoData(db, { seed: config.demoSeed, onProgress: (m: string) => console.log(`  ${m}`) });
    console.log(formatCounts(counts));
    if (args.includes('--exit')) {
      await db.close();
      process.exit(0);
    }
  }

  const tls = config.insecureHttp ? undefined : await loadOrCreateTls(config);
  const app = await buildApp(ctx, { tls: tls ? { key: tls.key, cert: tls.cert } : undefined });
  await app.listen({ port: config.port, host: config.host });
  close = async () => {
    await app.close();
  };
  console.log(
    `Locus ${process.env.LOCUS_VERSION ?? 'dev'} listening on ${config.publicUrl} (${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (tls?.selfSigned) console.log(`  self-signed certificate ${tls.certFile}: accept it once in the browser`);

  const seededHere = await loadPlacesAndDemoData((phase) => {
    ctx.readiness.phase = phase;
  });
  // Seeding grew the embedded database's WASM heap by hundreds of MB; a new thread starts small (docs/memory.md).
  if (seededHere && db.kind === 'pglite') await (await import('./db/pglite-thread.js')).recyclePgliteThreads();
  const seeded = seededHere || preparedDemo;
  ctx.readiness.ready = true;
  ctx.readiness.phase = 'ready';
  guard.started();
  if (config.role === 'all') processor = startProcessing(ctx, processingSettings(process.env, config.workers));
  if (config.autoCalculateBase) {
    // A base scenario not calculated (one reset while the server was down) is queued now, so every impact read
    // has its base without anyone asking. Demo data generated just now: its example scenarios too, so a first
    // look finds their impact and reports ready (docs/install.md).
    const { queueAllUncalculated, queueUncalculatedBases, wakeProcessors } = await import('./processing/index.js');
    const queued = await db.transaction((tx) => (seeded ? queueAllUncalculated(tx) : queueUncalculatedBases(tx)));
    if (queued.length) {
      await ctx.log.info(
        `${seeded ? 'demo scenarios' : 'base scenarios'} queued for calculation: ${queued.map((q) => `'${q.name}' (${q.id})`).join(', ')}`,
        null,
        'scenario-processing',
      );
      wakeProcessors();
    }
  }
  await ctx.log.info(`server started (${config.role})`);
  console.log(`Ready in ${seconds()} s at ${config.publicUrl}/${processor ? ` (calculating scenarios with ${config.workers} engine threads)` : ''}`);
  if (config.identity.mode === 'builtin') {
    console.log('Demo accounts (built-in sign-in):');
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.description.padEnd(22)} ${account.email.padEnd(28)} ${account.password}`);
  }
}

/**
 * Loads the gazetteer (places) and, into a database without them, the demo
 * data (unless DEMO_DATA=false). Answers whether the demo data were seeded.
 */
async function loadPlacesAndDemoData(onPhase?: (phase: string) => void): Promise<boolean> {
  const { countriesFromEnv, loadGazetteer } = await import('./places/gazetteer.js');
  const { formatCounts, isDemoSeeded, seedDemoData } = await import('./demo/index.js');
  onPhase?.('loading places');
  console.log(`places: ${await loadGazetteer(db, countriesFromEnv())} (GeoNames, ${countriesFromEnv().join(', ')})`);
  if ((await isDemoSeeded(db)) || !demoDataWanted()) return false;
  onPhase?.('loading demo data');
  console.log('Empty database: generating the demo data ...');
  console.log(formatCounts(await seedDemoData(db, { seed: config.demoSeed, onProgress: (m: string) => console.log(`  ${m}`) })));
  return true;
}

/**
 * Runs this server with --prepare-data in a child process on the new data
 * folder and waits for it; meanwhile the address answers that the server is
 * starting (status 0), as while it waits for a database.
 */
async function prepareDataFolder(): Promise<void> {
  // The database folder first (PGlite's initdb, a child process of its own), while this process is at its smallest.
  console.log(`New data folder ${config.dataDir}: creating the database ...`);
  await createDataFolder(join(config.dataDir, 'pgdata'));
  const { loadOrCreateTls } = await import('./identity/index.js');
  const { startWaitingServer } = await import('./http/waiting-server.js');
  const { appDirectory } = await import('./http/app-files.js');
  const tls = config.insecureHttp ? undefined : await loadOrCreateTls(config);
  const waiting =
    config.role === 'all' || config.role === 'api'
      ? await startWaitingServer(config, {
          tls: tls ? { key: tls.key, cert: tls.cert } : undefined,
          appDir: appDirectory(new URL('../../planner-app/dist/', import.meta.url)),
        })
      : undefined;
  console.log('Loading the gazetteer and the demo data in a child process ...');
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...args, '--prepare-data'], { stdio: 'inherit' });
  const stopChild = () => child.kill('SIGTERM');
  process.once('SIGINT', stopChild);
  process.once('SIGTERM', stopChild);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  process.off('SIGINT', stopChild);
  process.off('SIGTERM', stopChild);
  await waiting?.close();
  if (code !== 0) {
    console.error(`preparing the data folder failed (exit code ${code})`);
    process.exit(1);
  }
}

const stop = async () => {
  await close().catch(() => undefined);
  await processor?.stop().catch(() => undefined);
  await db.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
