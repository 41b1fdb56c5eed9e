// Finds and reads the published reference cases. They live outside the
// package (../shared/reference-cases/huff relative to the repository root);
// REFERENCE_CASES_DIR overrides. A missing folder is an error, not a skip.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

export function referenceCasesDir(): string {
  const dir = process.env.REFERENCE_CASES_DIR ? resolve(process.env.REFERENCE_CASES_DIR) : resolve(here, '../../../../shared/reference-cases/huff');
  if (!existsSync(dir)) {
    throw new Error(
      `The Huff reference cases are missing: looked for ${dir}. ` +
        'They belong next to the repository (../shared/reference-cases/huff); set REFERENCE_CASES_DIR to their folder.',
    );
  }
  return dir;
}

export function caseFile(caseName: string, file: string): string {
  const path = join(referenceCasesDir(), caseName, file);
  if (!existsSync(path)) throw new Error(`reference case file missing: ${path}`);
  return readFileSync(path, 'utf8');
}

/** Rows of a simple CSV (no quoted commas in these files) as records of strings. */
export function readCsv(caseName: string, file: string): Array<Record<string, string>> {
  const lines = caseFile(caseName, file).trim().split(/\r?\n/);
  const header = lines[0].split(',');
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((h, k) => [h, cells[k]]));
  });
}

export function readJson<T>(caseName: string, file: string): T {
  return JSON.parse(caseFile(caseName, file)) as T;
}
