// Versioned migrations: every file NNN_name.sql in the migrations folder runs
// once, in order, each in its own transaction. Several processes starting at
// once on PostgreSQL take turns through an advisory lock.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const MIGRATION_LOCK = 727_001;

/** The migrations folder: next to this file in the source, next to the bundle in dist. */
export function migrationsDir(): string {
  const candidates = [new URL('./migrations/', import.meta.url), new URL('./db/migrations/', import.meta.url)];
  for (const url of candidates) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return path;
  }
  throw new Error('migrations folder not found next to the server code');
}

export async function migrate(db: Database): Promise<string[]> {
  const dir = migrationsDir();
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  if (db.kind === 'postgres') await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await db.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await db.query<{ version: number }>('SELECT version FROM schema_migration')).rows.map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      const version = Number(file.slice(0, 3));
      if (done.has(version)) continue;
      const sql = readFileSync(`${dir}/${file}`, 'utf8');
      await db.transaction(async (tx) => {
        for (const statement of splitStatements(sql)) await tx.query(statement);
        await tx.query('INSERT INTO schema_migration (version, name) VALUES ($1, $2)', [version, file]);
      });
      applied.push(file);
    }
    return applied;
  } finally {
    if (db.kind === 'postgres') await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

/**
 * Splits a migration script into statements on semicolons that end a line,
 * except inside dollar-quoted bodies ($$ ... $$ of functions); comment-only
 * chunks are dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    const code = line.replace(/--.*$/, '');
    if ((code.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    current += `${line}\n`;
    if (!inDollar && /;\s*$/.test(code)) {
      statements.push(current);
      current = '';
    }
  }
  statements.push(current);
  return statements
    .map((s) =>
      s
        .replace(/^\s*--.*$/gm, '')
        .trim()
        .replace(/;\s*$/, ''),
    )
    .filter((s) => s.length > 0);
}
