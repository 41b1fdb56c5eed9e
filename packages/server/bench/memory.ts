// Memory of the whole server with the demo data (issue: "under 600 MB maxRSS
// while calculating"). The real server (the bundle operators run) as a child
// process on a fresh data folder; its peak resident set (VmHWM, which counts
// every thread: the database's WASM heap, the engine thread, the JavaScript
// heap) and its resident set now (VmRSS) read from /proc at:
//   1. each step of seeding the demo data, and ready;
//   2. after the first base calculation (each model's base scenario);
//   3. after every other scenario of the demo data was calculated;
//   4. a second start on the same folder (data present): ready, after
//      calculating each model's base scenario again, and after every other scenario again;
//   5. the same started plainly (`node main.js`: without the allocator settings and Node.js options
//      `npm start` gives it).
// Steps 1-4 start the server as `npm start` does (server-process.ts, startCommand).
// Exits non-zero when a calculation fails; prints the aim met or not.
// Run: npm run bench:memory -w packages/server   (MEMORY_SOURCE=1: the source through tsx instead of the bundle)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, request } from '../test/helpers/server.js';
import { buildServer, calculate, descendantsOf, memoryOf, scenariosOf, signInAs, startCommand, startServer, type ServerProcess } from './server-process.js';

const AIM_MB = 600;
const started = startCommand();
const startLine = [...Object.entries(started.env).map(([k, v]) => `${k}=${v}`), 'node', ...started.nodeArgs].join(' ');
const source = process.env.MEMORY_SOURCE === '1';
if (!source) {
  console.log('building the server bundle ...');
  buildServer();
}

const rows: Array<{ label: string; peakMb: number; rssMb: number; note?: string }> = [];
const record = (server: ServerProcess, label: string, note?: string) => {
  const m = memoryOf(server.child.pid!);
  rows.push({ label, ...m, note });
  console.log(`  ${label.padEnd(58)} peak ${m.peakMb.toFixed(0).padStart(5)} MB   now ${m.rssMb.toFixed(0).padStart(5)} MB${note ? `   ${note}` : ''}`);
  return m;
};

async function modelsAndScenarios(server: ServerProcess, token: string) {
  const models = (await request(server.baseUrl, '/api/models', { token })).json<{ id: number; name: string }[]>();
  return Promise.all(models.map(async (m) => ({ model: m, scenarios: await scenariosOf(server.baseUrl, token, m.id) })));
}

const dataDir = mkdtempSync(join(tmpdir(), 'locus-memory-'));
let exitCode = 0;
let server: ServerProcess | undefined;
try {
  const port = await freePort();
  console.log(
    `server ${source ? 'source (tsx)' : 'bundle'} started as npm start does (${startLine} main.js), fresh data folder; peak = VmHWM (maximum resident set so far), now = VmRSS`,
  );
  // Seeding's steps as the server prints them, with the memory at each; and every 100 ms the processes the
  // server started meanwhile (a new data folder is prepared by a child process): each one's peak, and the
  // highest sum of all of them and the server at one time.
  const seeding: string[] = [];
  const helpers = new Map<number, number>();
  let treePeakMb = 0;
  let serverPid: number | undefined;
  const sampler = setInterval(() => {
    if (serverPid === undefined) return;
    let sum = 0;
    for (const pid of [serverPid, ...descendantsOf(serverPid)]) {
      try {
        const m = memoryOf(pid);
        // A process that is ending has no memory lines left (NaN): nothing to count.
        if (Number.isNaN(m.rssMb) || Number.isNaN(m.peakMb)) continue;
        sum += m.rssMb;
        if (pid !== serverPid) helpers.set(pid, Math.max(helpers.get(pid) ?? 0, m.peakMb));
      } catch {
        /* ended meanwhile */
      }
    }
    treePeakMb = Math.max(treePeakMb, sum);
  }, 100);
  server = await startServer(dataDir, port, {
    source,
    onLine(line, pid) {
      serverPid = pid;
      if (!/^\s{2}\S/.test(line) || /Demo data:|^\s{2}(models|accounts|location|scenarios|area|inhabitants|POI|heat|isoline|catchment|normalized)/.test(line))
        return;
      const m = memoryOf(pid);
      let children = 0;
      for (const c of descendantsOf(pid)) {
        try {
          children += memoryOf(c).rssMb || 0;
        } catch {
          /* ended */
        }
      }
      seeding.push(
        `   ${line.trim().slice(0, 54).padEnd(55)} peak ${m.peakMb.toFixed(0).padStart(5)} MB   now ${m.rssMb.toFixed(0).padStart(5)} MB   child processes now ${children.toFixed(0).padStart(4)} MB`,
      );
    },
  });
  clearInterval(sampler);
  for (const s of seeding) console.log(s);
  for (const [pid, peak] of helpers) console.log(`   child process ${pid} of the server (preparing the data folder): peak ${peak.toFixed(0)} MB`);
  console.log(`   the server and its child processes together, highest sum of resident sets (sampled every 100 ms): ${treePeakMb.toFixed(0)} MB`);
  const first = record(server, `1. ready after seeding (${server.readySeconds.toFixed(1)} s)`);
  const token = await signInAs(server.baseUrl);
  const all = await modelsAndScenarios(server, token);
  for (const { model, scenarios } of all) {
    const base = scenarios.find((s) => s.parentScenarioId === null)!;
    const ms = await calculate(server.baseUrl, token, model.id, base.id);
    record(server, `2. base scenario of "${model.name}" calculated`, `${ms.toFixed(0)} ms`);
  }
  let count = 0;
  for (const { model, scenarios } of all) {
    for (const s of scenarios.filter((x) => x.parentScenarioId !== null)) {
      await calculate(server.baseUrl, token, model.id, s.id);
      count++;
    }
  }
  const calculating = record(server, `3. after ${count} more scenarios calculated`);
  await server.stop();
  server = undefined;

  server = await startServer(dataDir, port, { source });
  const second = record(server, `4. second start, data present: ready (${server.readySeconds.toFixed(1)} s)`);
  const token2 = await signInAs(server.baseUrl);
  for (const { model, scenarios } of await modelsAndScenarios(server, token2)) {
    const base = scenarios.find((s) => s.parentScenarioId === null)!;
    const ms = await calculate(server.baseUrl, token2, model.id, base.id);
    record(server, `   base scenario of "${model.name}" calculated again`, `${ms.toFixed(0)} ms`);
  }
  let again = 0;
  for (const { model, scenarios } of await modelsAndScenarios(server, token2)) {
    for (const s of scenarios.filter((x) => x.parentScenarioId !== null)) {
      await calculate(server.baseUrl, token2, model.id, s.id);
      again++;
    }
  }
  record(server, `   after ${again} more scenarios calculated again`);
  const secondPeak = memoryOf(server.child.pid!).peakMb;
  await server.stop();
  server = undefined;

  // Without what npm start sets: glibc's allocator then keeps more freed memory in each thread's arenas, and the
  // main thread's young generation grows to V8's default (docs/memory.md).
  server = await startServer(dataDir, port, { source, plain: true });
  record(server, '5. as 4, started plainly (node main.js): ready');
  const token3 = await signInAs(server.baseUrl);
  let all3 = 0;
  for (const { model, scenarios } of await modelsAndScenarios(server, token3)) {
    for (const s of [...scenarios].sort((a, b) => Number(a.parentScenarioId !== null) - Number(b.parentScenarioId !== null))) {
      await calculate(server.baseUrl, token3, model.id, s.id);
      all3++;
    }
  }
  const plain = record(server, `   after ${all3} scenarios calculated again`);
  await server.stop();
  server = undefined;

  const worst = Math.max(calculating.peakMb, secondPeak);
  console.log(
    `\nfirst start: the server's peak to ready ${first.peakMb.toFixed(0)} MB, its child processes' ${Math.max(0, ...helpers.values()).toFixed(0)} MB, together at most ${treePeakMb.toFixed(0)} MB; peak while calculating: first start ${calculating.peakMb.toFixed(0)} MB, second start ${secondPeak.toFixed(0)} MB; after the second start's ready ${second.rssMb.toFixed(0)} MB resident`,
  );
  const overall = Math.max(first.peakMb, worst);
  console.log(
    `aim: the whole server under ${AIM_MB} MB maxRSS while calculating — ${overall < AIM_MB ? 'met' : 'NOT met'} (highest peak ${overall.toFixed(0)} MB); started as npm start does (${startLine}); started plainly (5): ${plain.peakMb < AIM_MB ? 'met' : 'NOT met'} (${plain.peakMb.toFixed(0)} MB)`,
  );
} catch (error) {
  console.error((error as Error).message);
  exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
