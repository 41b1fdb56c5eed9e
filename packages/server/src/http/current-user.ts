// The signed-in user of a request, loaded from the database (app_user and
// model_user) after the bearer token is verified. userIsAdmin and
// userIsGlobalAdmin come from here, never from the token.
import type { Queryable } from '../db/database.js';

export interface CurrentUser {
  id: number;
  subject: string;
  title: string;
  email: string | null;
  isGlobalAdmin: boolean;
  /** modelId → isAdmin, for every model the user has access to. */
  models: Map<number, boolean>;
  /**
   * With the built-in provider: when the login's password was last set (ms
   * since 1970); tokens issued before it are refused. Undefined with an
   * external provider.
   */
  passwordChangedAt?: number;
}

/** A token whose login was deleted (built-in provider): the API refuses it at once, not when it expires. */
export class LoginGoneError extends Error {}

declare module 'fastify' {
  interface FastifyRequest {
    user?: CurrentUser;
  }
}

interface UserRow {
  id: number;
  subject: string;
  title: string;
  email: string | null;
  is_global_admin: boolean;
}

/** Loads the user for a token subject, creating the app_user on first sign-in. */
export async function loadCurrentUser(
  db: Queryable,
  token: { subject: string; name?: string; username?: string; email?: string },
  options: { builtinLogin?: boolean } = {},
): Promise<CurrentUser> {
  let passwordChangedAt: number | undefined;
  if (options.builtinLogin) {
    // The built-in provider's subject is the login id: a deleted login signs in no more.
    const login = /^\d{1,9}$/.test(token.subject)
      ? (await db.query<{ password_changed: Date }>('SELECT password_changed FROM login WHERE id = $1', [Number(token.subject)])).rows[0]
      : undefined;
    if (!login) throw new LoginGoneError(`the login ${token.subject} no longer exists`);
    passwordChangedAt = new Date(login.password_changed).getTime();
  }
  let row = (await db.query<UserRow>('SELECT id, subject, title, email, is_global_admin FROM app_user WHERE subject = $1', [token.subject])).rows[0];
  if (!row) {
    const title = token.name || token.username || token.email || token.subject;
    row = (
      await db.query<UserRow>(
        `INSERT INTO app_user (subject, title, email) VALUES ($1, $2, $3)
       ON CONFLICT (subject) DO UPDATE SET title = app_user.title
       RETURNING id, subject, title, email, is_global_admin`,
        [token.subject, title, token.email ?? null],
      )
    ).rows[0]!;
  }
  const access = await db.query<{ model_id: number; is_admin: boolean }>('SELECT model_id, is_admin FROM model_user WHERE user_id = $1', [row.id]);
  return {
    id: row.id,
    subject: row.subject,
    title: row.title,
    email: row.email,
    isGlobalAdmin: row.is_global_admin,
    models: new Map(access.rows.map((r) => [r.model_id, r.is_admin])),
    ...(passwordChangedAt !== undefined ? { passwordChangedAt } : {}),
  };
}

/** A short-lived cache of users by subject, so a burst of calls costs one lookup. */
export function createUserCache(ttlMs = 5000) {
  const entries = new Map<string, { user: Promise<CurrentUser>; expires: number }>();
  return {
    get(subject: string, load: () => Promise<CurrentUser>): Promise<CurrentUser> {
      const now = Date.now();
      const hit = entries.get(subject);
      if (hit && hit.expires > now) return hit.user;
      const user = load();
      user.catch(() => entries.delete(subject));
      entries.set(subject, { user, expires: now + ttlMs });
      if (entries.size > 10_000) entries.clear();
      return user;
    },
    /** Forget cached users (after an admin changes access). */
    clear() {
      entries.clear();
    },
  };
}
