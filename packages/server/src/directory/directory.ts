// The corporate directory behind the admin pages (logins, user sync). The
// built-in directory is the login table of the server's own identity
// provider; an organisation using Microsoft Entra ID plugs in an adapter with
// the same interface (Microsoft Graph), chosen by configuration.
import type { Login } from '@locus/contract';
import type { Database } from '../db/database.js';
import { generatePassword, hashPassword } from '../identity/passwords.js';

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

interface LoginRow {
  id: number;
  identity: string;
  display_name: string;
  email: string;
  mfa: boolean;
}

const toLogin = (r: LoginRow): Login => ({ id: String(r.id), displayName: r.display_name, identity: r.identity, mfa: r.mfa, email: r.email, password: null });

export class LoginExistsError extends Error {}

export function builtinDirectory(db: Database): Directory {
  return {
    async users() {
      const { rows } = await db.query<LoginRow>('SELECT id, identity, display_name, email, mfa FROM login ORDER BY id');
      return rows.map((r) => ({ subject: String(r.id), displayName: r.display_name, email: r.email }));
    },
    async logins() {
      const { rows } = await db.query<LoginRow>('SELECT id, identity, display_name, email, mfa FROM login ORDER BY display_name, id');
      return rows.map(toLogin);
    },
    async createLogin({ displayName, email }) {
      const identity = email.trim().toLowerCase();
      const password = generatePassword();
      const hash = await hashPassword(password);
      const { rows } = await db.query<LoginRow>(
        `INSERT INTO login (identity, display_name, email, password_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (identity) DO NOTHING RETURNING id, identity, display_name, email, mfa`,
        [identity, displayName.trim(), email.trim(), hash],
      );
      if (!rows[0]) throw new LoginExistsError(`a login for ${identity} exists already`);
      return { ...toLogin(rows[0]), password };
    },
    async updateLogin({ id, displayName, email }) {
      if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return undefined;
      const { rows } = await db.query<LoginRow>(
        `UPDATE login SET display_name = $2, email = $3 WHERE id = $1 RETURNING id, identity, display_name, email, mfa`,
        [Number(id), displayName.trim(), email.trim()],
      );
      return rows[0] ? toLogin(rows[0]) : undefined;
    },
    async deleteLogin(id) {
      if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return false;
      return db.transaction(async (tx) => {
        const { rowCount } = await tx.query('DELETE FROM login WHERE id = $1', [Number(id)]);
        // End the person's sessions and tokens in the identity provider as well.
        await tx.query(`DELETE FROM oidc_payload WHERE payload->>'accountId' = $1`, [id]);
        return rowCount > 0;
      });
    },
  };
}
