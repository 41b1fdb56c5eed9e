// Demo accounts of the built-in identity provider: a global administrator, a
// model administrator of the turnover model and a planner with access to the
// turnover model only. The passwords are printed at start and in the README.
import type { Queryable } from '../db/database.js';
import { hashPassword } from '../identity/passwords.js';
import { insertAccount } from '../repo/demo-world.js';

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
    ids[account.role] = await insertAccount(tx, {
      email: account.email,
      displayName: account.displayName,
      passwordHash: hash,
      isGlobalAdmin: account.role === 'globalAdmin',
    });
  }
  return ids;
}
