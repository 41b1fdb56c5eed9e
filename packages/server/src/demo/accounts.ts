// Demo accounts of the built-in identity provider: a global administrator, a
// model administrator of the turnover model and a planner with access to the
// turnover model only. The passwords are printed at start and in the README.
import type { Queryable } from '../db/database.js';
import { hashPassword } from '../identity/passwords.js';

export interface DemoAccount {
  role: 'globalAdmin' | 'modelAdmin' | 'planner';
  description: string;
  email: string;
  displayName: string;
  password: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'globalAdmin', description: 'global administrator', email: 'admin@example.com', displayName: 'Anna Admin', password: 'Demo-Admin-2026' },
  { role: 'modelAdmin', description: 'model administrator', email: 'modeladmin@example.com', displayName: 'Mark Modelbeheer', password: 'Demo-Model-2026' },
  { role: 'planner', description: 'planner', email: 'planner@example.com', displayName: 'Pieter Planner', password: 'Demo-Planner-2026' },
];

/** Creates the logins and app users; returns the app user id per role. */
export async function createDemoAccounts(tx: Queryable): Promise<Record<DemoAccount['role'], number>> {
  const ids = {} as Record<DemoAccount['role'], number>;
  // scrypt runs on the thread pool: hash the three at once.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  for (const [k, account] of DEMO_ACCOUNTS.entries()) {
    const hash = hashes[k]!;
    const login = (
      await tx.query<{ id: number }>('INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $3, $4) RETURNING id', [
        account.email,
        account.displayName,
        account.email,
        hash,
      ])
    ).rows[0]!;
    const user = (
      await tx.query<{ id: number }>('INSERT INTO app_user (subject, title, email, is_global_admin) VALUES ($1, $2, $3, $4) RETURNING id', [
        String(login.id),
        account.displayName,
        account.email,
        account.role === 'globalAdmin',
      ])
    ).rows[0]!;
    ids[account.role] = user.id;
  }
  return ids;
}
