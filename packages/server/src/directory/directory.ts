// The corporate directory behind the admin pages (logins, user sync). The
// built-in directory is the login table of the server's own identity
// provider; an organisation using Microsoft Entra ID plugs in an adapter with
// the same interface (Microsoft Graph), chosen by configuration.
import type { Login } from '@locus/contract';
import type { Database } from '../db/database.js';
import { generatePassword, hashPassword } from '../identity/passwords.js';
import { allLogins, deleteLogin, insertLogin, updateLogin, type LoginRow } from '../repo/logins.js';

export interface DirectoryUser {
  subject: string;
  displayName: string;
  email: string;
}

export interface Directory {
  /** Every account of the directory, for the user sync. */
  users(): Promise<DirectoryUser[]>;
  logins(): Promise<Login[]>;
  /** Creates a login with a generated password, returned once. */
  createLogin(input: { displayName: string; email: string }): Promise<Login & { password: string }>;
  updateLogin(input: { id: string; displayName: string; email: string }): Promise<Login | undefined>;
  /** Removes the login; the person can no longer sign in. */
  deleteLogin(id: string): Promise<boolean>;
}

const toLogin = (r: LoginRow): Login => ({ id: String(r.id), displayName: r.display_name, identity: r.identity, mfa: r.mfa, email: r.email, password: null });

export class LoginExistsError extends Error {}

export function builtinDirectory(db: Database): Directory {
  return {
    async users() {
      return (await allLogins(db, 'id')).map((r) => ({ subject: String(r.id), displayName: r.display_name, email: r.email }));
    },
    async logins() {
      return (await allLogins(db, 'displayName')).map(toLogin);
    },
    async createLogin({ displayName, email }) {
      const identity = email.trim().toLowerCase();
      const password = generatePassword();
      const hash = await hashPassword(password);
      const row = await insertLogin(db, { identity, displayName: displayName.trim(), email: email.trim(), passwordHash: hash });
      if (!row) throw new LoginExistsError(`a login for ${identity} exists already`);
      return { ...toLogin(row), password };
    },
    async updateLogin({ id, displayName, email }) {
      if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return undefined;
      const row = await updateLogin(db, Number(id), { displayName: displayName.trim(), email: email.trim() });
      return row ? toLogin(row) : undefined;
    },
    async deleteLogin(id) {
      if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return false;
      // The person's sessions and tokens in the identity provider end with the login.
      return deleteLogin(db, id);
    },
  };
}
