// Where a worker thread's entry file lies: next to the calling module in the
// source (run by tsx, `.ts`), next to the bundle, or in the folder the build
// writes it to beside main.js (dist/<folder>/<name>.js).
import { existsSync } from 'node:fs';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

/** The entry `name` of a worker, looked up from `base` (the caller's import.meta.url). */
export function workerEntry(base: string, name: string, folder: string): URL {
  const candidates = [new URL(`./${name}.ts`, base), new URL(`./${name}.js`, base), new URL(`./${folder}/${name}.js`, base)];
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (!found) throw new Error(`${name} not found next to the server code`);
  return found;
}

/**
 * The young generation of the long-lived threads (engine, database), in MB:
 * V8's default lets each grow to some 50 MB, which stays resident once used;
 * their bulk lives outside the JavaScript heap (typed arrays, WebAssembly).
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * A worker thread on an entry found by workerEntry. From the TypeScript
 * source (tests, tsx) the thread first registers tsx, as the main thread did.
 */
export function startWorker(url: URL, options: WorkerOptions = {}): Worker {
  return url.pathname.endsWith('.ts')
    ? new Worker(`import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(url.href)});`, { ...options, eval: true })
    : new Worker(url, options);
}
