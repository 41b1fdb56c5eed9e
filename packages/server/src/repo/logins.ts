// Logins of the built-in provider (table login: the "directory"): found by id
// or by sign-in name or e-mail address, listed, created, changed, removed.
import type { Database, Queryable } from '../db/database.js';
import { endSessionsOf } from './oidc-payloads.js';

export interface LoginRow {
  id: number;
  identity: string;
  display_name: string;
  email: string;
  mfa: boolean;
}

/** A login with its password hash (signing in). */
export type LoginWithPassword = Omit<LoginRow, 'mfa'> & { password_hash: string };

const WITH_PASSWORD = 'id, identity, display_name, email, password_hash';
const LISTED = 'id, identity, display_name, email, mfa';

export async function loginById(db: Queryable, id: number): Promise<LoginWithPassword | undefined> {
  return (await db.query<LoginWithPassword>(`SELECT ${WITH_PASSWORD} FROM login WHERE id = $1`, [id])).rows[0];
}

/** The login whose identity, or else whose e-mail address, is the given one (already in lower case). */
export async function loginByIdentityOrEmail(db: Queryable, wanted: string): Promise<LoginWithPassword | undefined> {
  return (
    await db.query<LoginWithPassword>(
      `SELECT ${WITH_PASSWORD} FROM login WHERE lower(identity) = $1 OR lower(email) = $1 ORDER BY (lower(identity) = $1) DESC, id LIMIT 1`,
      [wanted],
    )
  ).rows[0];
}

/** Every login, by id or by display name. */
export async function allLogins(db: Queryable, order: 'id' | 'displayName'): Promise<LoginRow[]> {
  return (await db.query<LoginRow>(`SELECT ${LISTED} FROM login ORDER BY ${order === 'id' ? 'id' : 'display_name, id'}`)).rows;
}

/** A new login; undefined when one with this identity exists already. */
export async function insertLogin(
  db: Queryable,
  login: { identity: string; displayName: string; email: string; passwordHash: string },
): Promise<LoginRow | undefined> {
  return (
    await db.query<LoginRow>(
      `INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (identity) DO NOTHING RETURNING ${LISTED}`,
      [login.identity, login.displayName, login.email, login.passwordHash],
    )
  ).rows[0];
}

/** Changes a login's display name and e-mail address; undefined when there is no such login. */
export async function updateLogin(db: Queryable, id: number, values: { displayName: string; email: string }): Promise<LoginRow | undefined> {
  return (await db.query<LoginRow>(`UPDATE login SET display_name = $2, email = $3 WHERE id = $1 RETURNING ${LISTED}`, [id, values.displayName, values.email]))
    .rows[0];
}

/** Removes a login (its id as the directory names it) and ends its sessions and tokens, in one transaction; false when there was no such login. */
export async function deleteLogin(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rowCount } = await tx.query('DELETE FROM login WHERE id = $1', [Number(id)]);
    await endSessionsOf(tx, id);
    return rowCount > 0;
  });
}

/** Sets a login's password (its hash) and when it changed. */
export async function setLoginPassword(q: Queryable, id: number, passwordHash: string): Promise<void> {
  await q.query('UPDATE login SET password_hash = $2, password_changed = now() WHERE id = $1', [id, passwordHash]);
}
