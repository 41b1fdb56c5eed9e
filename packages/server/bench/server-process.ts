// The real server as a child process for the benches that measure it from
// outside: its memory from /proc (VmHWM: the peak resident set so far, VmRSS:
// now), sign-in as a demo account, and calculations asked for and awaited.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from '../test/helpers/server.js';
import { signIn } from '../test/helpers/sign-in.js';
import { DEMO_ACCOUNTS } from '../src/demo/index.js';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
const serverDir = join(root, 'packages/server');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Seconds from the spawn to "Ready in". */
  readySeconds: number;
  /** Everything it printed so far. */
  output(): string;
  /** Called for each line it prints from now on. */
  onLine(listener: (line: string) => void): void;
  stop(): Promise<void>;
}

/** Builds the server bundle (the benches measure what operators run). */
export function buildServer(): void {
  const build = spawnSync('flock', ['/tmp/build.lock', process.execPath, join(root, 'build.mjs'), '--only', 'server'], { stdio: 'inherit' });
  if (build.error || build.status !== 0) {
    // Without flock (another machine): build directly.
    const direct = spawnSync(process.execPath, [join(root, 'build.mjs'), '--only', 'server'], { stdio: 'inherit' });
    if (direct.status !== 0) throw new Error('the server bundle did not build');
  }
}

const withoutKeys = (env: NodeJS.ProcessEnv, keys: string[]) => Object.fromEntries(Object.entries(env).filter(([k]) => !keys.includes(k)));

/**
 * How `npm start` runs the server (the root package.json's start script): the
 * environment settings before `node` and the Node.js options after it, so a
 * bench measures what it runs.
 */
export function startCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const m = /((?:\b\w+=\S+\s+)*)\bnode((?:\s+--\S+)*)\s+packages\/server\/dist\/main\.js/.exec(script);
  const env = Object.fromEntries(
    (m?.[1] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  return { env, nodeArgs: (m?.[2] ?? '').split(/\s+/).filter(Boolean) };
}

/**
 * Starts the server (the bundle, or the source through tsx with `source`) on
 * a data folder and waits until it is ready: as `npm start` runs it (its
 * environment settings and Node.js options, startCommand), or with `plain`
 * as `node main.js` with neither.
 */
export function startServer(
  dataDir: string,
  port: number,
  options: { env?: Record<string, string>; source?: boolean; plain?: boolean; nodeArgs?: string[]; onLine?: (line: string, pid: number) => void } = {},
): Promise<ServerProcess> {
  const started = performance.now();
  const start = startCommand();
  const command = options.plain ? { env: {}, nodeArgs: [] } : start;
  const args = [...(options.nodeArgs ?? command.nodeArgs), ...(options.source ? ['--import', 'tsx', 'src/main.ts'] : [join(serverDir, 'dist/main.js')])];
  const baseUrl = `https://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...withoutKeys(process.env, options.plain ? Object.keys(start.env) : []),
      ...command.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ENVIRONMENT: 'Bench',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  const listeners: Array<(line: string) => void> = options.onLine ? [(line) => options.onLine!(line, child.pid!)] : [];
  const take = (d: Buffer) => {
    output += d;
    partial += d;
    const lines = partial.split('\n');
    partial = lines.pop()!;
    for (const line of lines) for (const l of listeners) l(line);
  };
  child.stderr!.on('data', take);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the server exited with ${code} before it was ready:\n${output.slice(-3000)}`));
    child.on('exit', onExit);
    child.stdout!.on('data', (d: Buffer) => {
      take(d);
      if (/Ready in/.test(output)) {
        child.off('exit', onExit);
        resolve({ child, baseUrl, readySeconds: (performance.now() - started) / 1000, output: () => output, onLine: (l) => listeners.push(l), stop });
      }
    });
  });
}

export interface Memory {
  /** Peak resident set so far (VmHWM), MB. */
  peakMb: number;
  /** Resident set now (VmRSS), MB. */
  rssMb: number;
}

/** The process's memory from /proc/<pid>/status. */
export function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

/** The processes a process started, and theirs (from /proc/<pid>/task/<tid>/children). */
export function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  const visit = (p: number) => {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      return;
    }
    for (const tid of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const c of children.split(' ').filter(Boolean).map(Number)) {
        found.push(c);
        visit(c);
      }
    }
  };
  visit(pid);
  return found;
}

/** The process's CPU time (user + system) in ms. */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function signInAs(baseUrl: string, role: 'globalAdmin' | 'planner' = 'globalAdmin'): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role)!;
  return (await signIn(baseUrl, account.email, account.password)).accessToken;
}

export interface ScenarioEntry {
  id: number;
  name: string;
  parentScenarioId: number | null;
  status: number;
}

export async function scenariosOf(baseUrl: string, token: string, modelId: number): Promise<ScenarioEntry[]> {
  const r = await request(baseUrl, `/api/models/${modelId}/scenarios`, { token });
  if (r.status !== 200) throw new Error(`scenarios of model ${modelId}: ${r.status} ${r.text().slice(0, 200)}`);
  return r.json<ScenarioEntry[]>();
}

/** Asks for a scenario's calculation and waits for status 9 (throws on 10 or after `timeoutMs`). */
export async function calculate(baseUrl: string, token: string, modelId: number, scenarioId: number, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  const queued = await request(baseUrl, `/api/models/scenarios/${scenarioId}/start-processing`, { method: 'PUT', token });
  if (queued.status !== 200) throw new Error(`start-processing of scenario ${scenarioId}: ${queued.status} ${queued.text().slice(0, 200)}`);
  for (;;) {
    const r = await request(baseUrl, `/api/models/${modelId}/scenarios/only-status`, { token });
    const status = r.json<{ id: number; status: number }[]>().find((s) => s.id === scenarioId)?.status;
    if (status === 9) return performance.now() - started;
    if (status === 10) throw new Error(`scenario ${scenarioId} failed to calculate (status 10)`);
    if (performance.now() - started > timeoutMs) throw new Error(`scenario ${scenarioId} not calculated after ${timeoutMs} ms (status ${status})`);
    await new Promise((r2) => setTimeout(r2, 50));
  }
}
