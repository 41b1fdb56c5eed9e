// Memory of the whole server with the demo data (issue: "under 600 MB maxRSS
// while calculating"). The real server (the bundle operators run) as a child
// process on a fresh data folder; its peak resident set (VmHWM, which counts
// every thread: the database's WASM heap, the engine thread, the JavaScript
// heap) and its resident set now (VmRSS) read from /proc at:
//   1. each step of seeding the demo data, and ready;
//   2. after the first base calculation (each model's base scenario);
//   3. after every other scenario of the demo data was calculated;
//   4. a second start on the same folder (data present): ready, and after
//      calculating each model's base scenario again.
// Exits non-zero when a calculation fails; prints the aim met or not.
// Run: npm run bench:memory -w packages/server   (MEMORY_SOURCE=1: the source through tsx instead of the bundle)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, request } from '../test/helpers/server.js';
import { buildServer, calculate, memoryOf, scenariosOf, signInAs, startServer, type ServerProcess } from './server-process.js';

const AIM_MB = 600;
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
  console.log(`server ${source ? 'source (tsx)' : 'bundle'}, fresh data folder; peak = VmHWM (maximum resident set so far), now = VmRSS`);
  // Seeding's steps as the server prints them, with the memory at each.
  const seeding: string[] = [];
  server = await startServer(dataDir, port, {
    source,
    onLine(line, pid) {
      if (!/^\s{2}\S/.test(line) || /Demo data:|^\s{2}(models|accounts|location|scenarios|area|inhabitants|POI|heat|isoline|catchment|normalized)/.test(line)) return;
      const m = memoryOf(pid);
      seeding.push(`   ${line.trim().slice(0, 54).padEnd(55)} peak ${m.peakMb.toFixed(0).padStart(5)} MB   now ${m.rssMb.toFixed(0).padStart(5)} MB`);
    },
  });
  for (const s of seeding) console.log(s);
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
  const secondPeak = memoryOf(server.child.pid!).peakMb;
  await server.stop();
  server = undefined;

  const worst = Math.max(calculating.peakMb, secondPeak);
  console.log(`\npeak while seeding (first start, to ready): ${first.peakMb.toFixed(0)} MB; peak while calculating: first start ${calculating.peakMb.toFixed(0)} MB, second start ${secondPeak.toFixed(0)} MB; after the second start's ready ${second.rssMb.toFixed(0)} MB resident`);
  const overall = Math.max(first.peakMb, worst);
  console.log(`aim: the whole server under ${AIM_MB} MB maxRSS while calculating — ${overall < AIM_MB ? 'met' : 'NOT met'} (highest peak ${overall.toFixed(0)} MB)`);
} catch (error) {
  console.error((error as Error).message);
  exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
