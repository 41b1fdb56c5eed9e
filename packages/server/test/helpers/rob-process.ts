// The server as a process of its own (`src/main.ts` as `npm start` runs it,
// through tsx), for tests that kill it, restart it, or take its database away.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves when the output matches; rejects when the process exits first or after timeoutMs. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGKILL, resolved once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), resolved once the process is gone. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();

export function spawnServer(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: serverDir,
    // Base scenarios are queued by themselves only where a test asks (AUTO_CALCULATE_BASE=true): the
    // fault tests write to the base, which a queued calculation makes read-only.
    env: { ...process.env, ENVIRONMENT: 'Test', DEMO_DATA: 'false', HOST: '127.0.0.1', AUTO_CALCULATE_BASE: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    text += d;
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      live.delete(child);
      resolve();
    }),
  );
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const signal = async (name: NodeJS.Signals) => {
    if (gone()) return;
    child.kill(name);
    await exited;
  };
  return {
    child,
    output: () => text,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (pattern.test(text)) done();
          else if (gone()) done(new Error(`the server exited (${child.exitCode ?? child.signalCode}) before ${pattern}:\n${text.slice(-3000)}`));
        };
        const timer = setTimeout(() => done(new Error(`timed out waiting for ${pattern}:\n${text.slice(-3000)}`)), timeoutMs);
        listeners.add(check);
        void exited.then(check);
        check();
      });
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/** Kills every server process a test left running. */
export async function killAllServers(): Promise<void> {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
