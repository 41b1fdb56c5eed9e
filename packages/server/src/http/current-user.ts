// The signed-in user of a request, loaded from the database (app_user and
// model_user) after the bearer token is verified. userIsAdmin and
// userIsGlobalAdmin come from here, never from the token.
import type { Queryable } from '../db/database.js';
import type { CurrentUser } from '../domain/user.js';
import { createUser, loginPasswordChanged, modelAccessOf, userBySubject } from '../repo/users.js';

/** A token whose login was deleted (built-in provider): the API refuses it at once, not when it expires. */
export class LoginGoneError extends Error {}

declare module 'fastify' {
  interface FastifyRequest {
    user?: CurrentUser;
  }
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
    const changed = /^\d{1,9}$/.test(token.subject) ? await loginPasswordChanged(db, Number(token.subject)) : undefined;
    if (!changed) throw new LoginGoneError(`the login ${token.subject} no longer exists`);
    passwordChangedAt = new Date(changed).getTime();
  }
  const row =
    (await userBySubject(db, token.subject)) ??
    (await createUser(db, { subject: token.subject, title: token.name || token.username || token.email || token.subject, email: token.email ?? null }));
  return {
    id: row.id,
    subject: row.subject,
    title: row.title,
    email: row.email,
    isGlobalAdmin: row.isGlobalAdmin,
    models: await modelAccessOf(db, row.id),
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
