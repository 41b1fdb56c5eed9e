// The product's own version and build date (decisions doc): set by build.mjs;
// a run from source reads package.json and takes the source's latest change.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let cached: { version: string; buildDate: string } | undefined;

export function productVersion(): { version: string; buildDate: string } {
  if (cached) return cached;
  let version = process.env.LOCUS_VERSION;
  let buildDate = process.env.LOCUS_BUILD_DATE;
  if (!version || !buildDate) {
    const packageJson = fileURLToPath(new URL('../../../package.json', import.meta.url));
    version ??= (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
    buildDate ??= statSync(fileURLToPath(import.meta.url))
      .mtime.toISOString()
      .slice(0, 10);
  }
  cached = { version, buildDate };
  return cached;
}
