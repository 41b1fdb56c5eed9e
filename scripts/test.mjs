// Runs every test suite of the repository and ends with one summary line of
// the whole run: "N passed, N failed" (uvu prints its own totals per suite).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** Into how many processes the browser suite's files are dealt. */
const E2E_PARTS = 3;
const uvu = join(root, 'node_modules/uvu/bin.js');

/** A suite is a folder of *.test.ts files run by uvu in one process. */
function suites() {
  const list = [];
  for (const pkg of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', pkg, 'test');
    if (!existsSync(dir)) continue;
    // The server suite runs on embedded PGlite, and again on PostgreSQL when
    // TEST_DATABASE_URL names a server (CI starts one).
    const env = pkg === 'server' ? { TEST_DATABASE_URL: '' } : {};
    list.push({ name: pkg, cwd: join(root, 'packages', pkg), dir: 'test', env });
    if (pkg === 'server' && process.env.TEST_DATABASE_URL) {
      list.push({ name: 'server (postgresql)', cwd: join(root, 'packages', pkg), dir: 'test', env: {} });
    }
  }
  const e2e = join(root, 'tests');
  for (const sub of existsSync(e2e) ? readdirSync(e2e).sort() : []) {
    const files = existsSync(join(e2e, sub))
      ? readdirSync(join(e2e, sub))
          .filter((f) => f.endsWith('.test.ts'))
          .sort()
      : [];
    // The browser suite is the longest: its files are dealt into parts (one process each) so
    // that the two lanes can share it.
    const parts = Math.max(1, Math.min(E2E_PARTS, files.length));
    for (let part = 0; part < parts; part++) {
      const mine = files.filter((_, i) => i % parts === part).map((f) => f.replace(/[.]/g, '\\.'));
      const name = parts === 1 ? `tests/${sub}` : `tests/${sub} (${part + 1}/${parts})`;
      list.push({ name, cwd: root, dir: join('tests', sub), pattern: `^(${mine.join('|')})$` });
    }
  }
  const only = process.argv.slice(2);
  return only.length ? list.filter((s) => only.some((o) => s.name.includes(o))) : list;
}

/** The newest modification time of the files under `dir` (0 when there is none). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

/**
 * The browser suites run the built server and app: build them first when a
 * bundle is missing or older than the sources it is made from.
 */
function buildIfStale() {
  // The bundle of each browser-facing package that exists in this checkout.
  const outputs = ['packages/server/dist/main.js', 'packages/planner-app/dist/index.html', 'packages/embed/dist/locus-embed.js']
    .filter((p) => existsSync(join(root, p.split('/dist/')[0], 'src')))
    .map((p) => join(root, p));
  const sources = Math.max(
    statSync(join(root, 'build.mjs')).mtimeMs,
    ...readdirSync(join(root, 'packages')).map((pkg) => newest(join(root, 'packages', pkg, 'src'))),
  );
  const stale = outputs.filter((file) => !existsSync(file) || statSync(file).mtimeMs < sources);
  if (!stale.length) return true;
  console.log(`building (${stale.map((f) => f.slice(root.length)).join(', ')} missing or older than the sources) ...`);
  const r = spawnSync(process.execPath, [join(root, 'build.mjs')], { cwd: root, stdio: 'inherit' });
  return r.status === 0;
}

/** The environment without FORCE_COLOR, which would override NO_COLOR (with a warning per process). */
function withoutForceColor(env) {
  const { FORCE_COLOR: _ignored, ...rest } = env;
  return rest;
}

/**
 * Runs one suite. With `live` its output streams as it comes; otherwise it is
 * kept and printed whole when the suite ends, so suites running side by side
 * do not interleave their lines.
 */
function run(suite, live) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', join(root, 'scripts/test-loaders.mjs'), uvu, suite.dir, suite.pattern ?? '\\.test\\.tsx?$'],
      {
        cwd: suite.cwd,
        env: { ...withoutForceColor(process.env), NO_COLOR: '1', ...suite.env },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const started = Date.now();
    // A suite that hangs must not take the whole CI run with it: past its time
    // limit its process group is ended and the suite counts as failed, with
    // what it printed so far.
    /** Ends the suite's process and everything it started (servers, browsers). */
    const stopKill = (pid) => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      out += `\nthe suite ran longer than ${SUITE_LIMIT_MIN} min (SUITE_TIMEOUT_MIN) and was stopped\n`;
      stopKill(child.pid);
    }, SUITE_LIMIT_MIN * 60_000);
    // uvu prints its totals when the last test has run; a process still alive well after that
    // only waits on a handle a test left open (a socket, a timer): it is ended, and said so.
    let lingering;
    let lingered = false;
    child.stdout.on('data', (d) => {
      out += d;
      if (live) process.stdout.write(d);
      if (!lingering && /\n\s*Duration:/.test(out)) {
        lingering = setTimeout(() => {
          lingered = true;
          out += `\n(the suite's process was still running ${LINGER_S} s after its last test, held by a handle a test left open; it was stopped)\n`;
          stopKill(child.pid);
        }, LINGER_S * 1000);
      }
    });
    child.stderr.on('data', (d) => {
      out += d;
      if (live) process.stderr.write(d);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      clearTimeout(lingering);
      if (!live) process.stdout.write(`\n=== ${suite.name} ===\n${out}`);
      console.log(`(${suite.name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      const num = (label) => {
        const m = [...plain.matchAll(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'gm'))];
        return m.length ? Number(m[m.length - 1][1]) : null;
      };
      const total = num('Total');
      const passed = num('Passed');
      const skipped = num('Skipped') ?? 0;
      // Stopped after its last test: its tests' outcome is what uvu counted.
      const code = lingered && total !== null && passed !== null ? Number(total - passed - skipped > 0) : exitCode;
      if (timedOut || total === null || passed === null) {
        // The suite died before uvu could count: count it as one failure.
        resolve({ passed: 0, failed: 1, skipped: 0, code });
      } else {
        const failed = Math.max(total - passed - skipped, code === 0 ? 0 : 1);
        resolve({ passed, failed, skipped, code });
      }
    });
  });
}

/** Minutes one suite may run before it is stopped as hung. */
const SUITE_LIMIT_MIN = Number(process.env.SUITE_TIMEOUT_MIN ?? 30);
/** Seconds a suite's process may go on after its last test before it is stopped. */
const LINGER_S = 30;

let passed = 0,
  failed = 0,
  skipped = 0;
const selected = suites();
if (selected.some((s) => s.name.startsWith('tests/')) && !buildIfStale()) {
  console.log('the build failed: the browser suites cannot run');
  failed++;
}
// Two lanes side by side on a machine with two or more cores (TEST_LANES=1 runs everything one
// after another, with its output as it comes): each lane takes the next suite from one queue,
// the longest first, so the lanes end close together.
const lanes = Math.max(1, Math.min(2, Number(process.env.TEST_LANES ?? (availableParallelism() > 1 ? 2 : 1))));
const weight = (s) => (s.name === 'server (postgresql)' ? 4 : s.name === 'server' ? 3 : s.name.startsWith('tests/') ? 2 : 1);
const queue = lanes === 1 ? [...selected] : [...selected].sort((a, b) => weight(b) - weight(a));
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let suite = queue.shift(); suite; suite = queue.shift()) {
      if (lanes === 1) console.log(`\n=== ${suite.name} ===`);
      const r = await run(suite, lanes === 1);
      passed += r.passed;
      failed += r.failed;
      skipped += r.skipped;
    }
  }),
);
console.log('');
if (skipped) console.log(`(${skipped} skipped)`);
// The last line of the run, alone on its line.
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
