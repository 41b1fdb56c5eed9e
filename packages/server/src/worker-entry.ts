// Where a worker thread's entry file lies: next to the calling module in the
// source (run by tsx, `.ts`), next to the bundle, or in the folder the build
// writes it to beside main.js (dist/<folder>/<name>.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The entry `name` of a worker, looked up from `base` (the caller's import.meta.url). */
export function workerEntry(base: string, name: string, folder: string): URL {
  const candidates = [
    new URL(`./${name}.ts`, base),
    new URL(`./${name}.js`, base),
    new URL(`./${folder}/${name}.js`, base),
  ];
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (!found) throw new Error(`${name} not found next to the server code`);
  return found;
}
