// Secrets the server makes once and every process shares (table
// server_secret): the provider's signing keys and cookie keys.
import type { Queryable } from '../db/database.js';

/** The stored value of a secret; undefined when none is stored. */
export async function storedSecret<T>(db: Queryable, name: string): Promise<{ value: T } | undefined> {
  return (await db.query<{ value: T }>('SELECT value FROM server_secret WHERE name = $1', [name])).rows[0];
}

/** Stores a secret unless one is stored under the name already. */
export async function storeSecretOnce(db: Queryable, name: string, value: unknown): Promise<void> {
  await db.query('INSERT INTO server_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, JSON.stringify(value)]);
}
