// Figures of the spine (issue: cold / warm start and the location list under load).
//  1. Cold start: an empty data folder (migrations, gazetteer, demo data generated) to "Ready".
//  2. Warm start: the same folder again.
//  3. GET /api/models/scenarios/{sid}/locations of the largest model under 20 concurrent
//     connections (autocannon): latency p50 / p99 and requests per second, beside the time
//     JSON.stringify takes for the same payload in the same run.
// Run: npm run bench -w packages/server   (builds the server bundle first)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, request } from '../test/helpers/server.js';
import { signIn } from '../test/helpers/sign-in.js';
import { DEMO_ACCOUNTS } from '../src/demo/index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'packages/server/dist/main.js');

function start(dataDir: string, port: number): Promise<{ child: ChildProcess; seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `https://127.0.0.1:${port}`, ENVIRONMENT: 'Bench' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d;
      if (/Ready in/.test(output)) resolve({ child, seconds: (performance.now() - started) / 1000, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => {
      output += d;
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before ready:\n${output}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

console.log('building the server bundle ...');
const build = spawnSync(process.execPath, [join(root, 'build.mjs'), '--only', 'server'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(join(tmpdir(), 'locus-bench-'));
const port = await freePort();
try {
  const cold = await start(dataDir, port);
  await stop(cold.child);
  const warm = await start(dataDir, port);
  console.log(`cold start (empty data folder, demo data generated) to ready: ${cold.seconds.toFixed(2)} s   (aim < 20 s)`);
  console.log(`warm start to ready:                                         ${warm.seconds.toFixed(2)} s   (aim < 3 s)`);

  const baseUrl = `https://127.0.0.1:${port}`;
  const planner = DEMO_ACCOUNTS.find((a) => a.role === 'globalAdmin')!;
  const token = (await signIn(baseUrl, planner.email, planner.password)).accessToken;
  const models = (await request(baseUrl, '/api/models', { token })).json<{ id: number }[]>();
  let largest = { sid: 0, count: 0, body: '' };
  for (const m of models) {
    const scenarios = (await request(baseUrl, `/api/models/${m.id}/scenarios`, { token })).json<{ id: number; parentScenarioId: number | null }[]>();
    const base = scenarios.find((s) => s.parentScenarioId === null)!;
    const r = await request(baseUrl, `/api/models/scenarios/${base.id}/locations`, { token });
    const list = r.json<unknown[]>();
    if (list.length > largest.count) largest = { sid: base.id, count: list.length, body: r.text() };
  }
  const payload = JSON.parse(largest.body);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    JSON.stringify(payload);
    times.push(performance.now() - t);
  }
  const stringify = median(times);
  const path = `/api/models/scenarios/${largest.sid}/locations`;
  console.log(`GET ${path}: ${largest.count} locations, ${(largest.body.length / 1024).toFixed(0)} KiB`);
  console.log(`  JSON.stringify of the same payload (median of 50): ${stringify.toFixed(2)} ms`);
  // As browsers ask (gzip), and without compression.
  const cpuTicks = () => {
    // utime + stime of the server process, in clock ticks (100 per second on Linux).
    const fields = readFileSync(`/proc/${warm.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  for (const encoding of ['gzip', 'identity']) {
    const ticks = cpuTicks();
    const result = await autocannon({
      url: `${baseUrl}${path}`,
      connections: 20,
      duration: 10,
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': encoding },
    });
    const busy = (cpuTicks() - ticks) / (result.duration * 100);
    console.log(
      `  20 connections, 10 s, ${encoding.padEnd(8)}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)} requests/s, ${(result.throughput.average / 1048576).toFixed(0)} MiB/s, errors ${result.errors + result.non2xx}; p50 / stringify = ${(result.latency.p50 / stringify).toFixed(2)}x   (aim within 2x); server busy ${(busy * 100).toFixed(0)}% of one core`,
    );
  }
  const single = await autocannon({
    url: `${baseUrl}${path}`,
    connections: 1,
    duration: 5,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'gzip' },
  });
  console.log(
    `  1 connection, 5 s, gzip      : p50 ${single.latency.p50} ms, p99 ${single.latency.p99} ms, ${single.requests.average.toFixed(0)} requests/s; p50 / stringify = ${(single.latency.p50 / stringify).toFixed(2)}x`,
  );
  const etag = (await request(baseUrl, path, { token })).headers.etag as string;
  const conditional = await autocannon({
    url: `${baseUrl}${path}`,
    connections: 20,
    duration: 5,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'If-None-Match': etag },
  });
  console.log(
    `  with If-None-Match (304): p50 ${conditional.latency.p50} ms, p99 ${conditional.latency.p99} ms, ${conditional.requests.average.toFixed(0)} requests/s`,
  );
  await stop(warm.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
