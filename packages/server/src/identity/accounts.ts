// Logins of the built-in provider (table login: the "directory") as accounts:
// finding them, checking a password, the claims their tokens carry, and the
// app_user row a first sign-in needs.
import type { Account, FindAccount } from 'oidc-provider';
import type { Queryable } from '../db/database.js';
import { loginById, loginByIdentityOrEmail, type LoginWithPassword } from '../repo/logins.js';
import { upsertUser } from '../repo/users.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface LoginRecord {
  id: number;
  identity: string;
  displayName: string;
  email: string;
}

const toRecord = (row: LoginWithPassword): LoginRecord => ({ id: row.id, identity: row.identity, displayName: row.display_name, email: row.email });

/** Sign-in names and e-mail addresses compare without case and surrounding blanks. */
export const normalizeIdentity = (value: string) => value.trim().toLowerCase();

export async function findLoginById(db: Queryable, id: number): Promise<LoginRecord | undefined> {
  const row = await loginById(db, id);
  return row && toRecord(row);
}

/** The login whose identity, or else whose e-mail address, is the given one. */
export async function findLoginByIdentityOrEmail(db: Queryable, value: string): Promise<LoginRecord | undefined> {
  const row = await findRow(db, value);
  return row && toRecord(row);
}

async function findRow(db: Queryable, value: string): Promise<LoginWithPassword | undefined> {
  const wanted = normalizeIdentity(value);
  if (!wanted) return undefined;
  return loginByIdentityOrEmail(db, wanted);
}

// Compared against when the name is unknown, so a wrong name costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

export type PasswordCheck = { ok: true; login: LoginRecord } | { ok: false; reason: 'unknown identity' | 'wrong password' };

export async function checkPassword(db: Queryable, identity: string, password: string): Promise<PasswordCheck> {
  const row = await findRow(db, identity);
  if (!row) {
    decoyHash ??= hashPassword('decoy password that never matches');
    await verifyPassword(password, await decoyHash);
    return { ok: false, reason: 'unknown identity' };
  }
  if (!(await verifyPassword(password, row.password_hash))) return { ok: false, reason: 'wrong password' };
  return { ok: true, login: toRecord(row) };
}

/** The claims of a login: sub = String(login.id), name, preferred_username, email. */
export function loginClaims(login: LoginRecord) {
  return { sub: String(login.id), name: login.displayName, preferred_username: login.identity, email: login.email };
}

/** oidc-provider's findAccount over table login. */
export function createFindAccount(db: Queryable): FindAccount {
  return async (_ctx, sub): Promise<Account | undefined> => {
    if (!/^\d{1,9}$/.test(sub)) return undefined;
    const login = await findLoginById(db, Number(sub));
    if (!login) return undefined;
    return { accountId: sub, claims: () => loginClaims(login) };
  };
}

/**
 * Makes sure the application knows the signed-in user: an app_user row for the
 * subject (title = display name). Access to models stays the administrator's
 * decision; this only keeps a first sign-in from failing.
 */
export async function ensureAppUser(db: Queryable, user: { subject: string; title: string; email?: string | null }): Promise<void> {
  await upsertUser(db, { subject: user.subject, title: user.title, email: user.email ?? null });
}
