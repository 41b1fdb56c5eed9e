// Users (app_user), their model access (model_user) and what the API reads of
// the built-in provider's logins.
import type { Language, ModelUser, UserModelAccess } from '@locus/contract';
import type { Database, Queryable } from '../db/database.js';

export interface UserRecord {
  id: number;
  subject: string;
  title: string;
  email: string | null;
  isGlobalAdmin: boolean;
}

interface UserRow {
  id: number;
  subject: string;
  title: string;
  email: string | null;
  is_global_admin: boolean;
}

const record = (row: UserRow): UserRecord => ({ id: row.id, subject: row.subject, title: row.title, email: row.email, isGlobalAdmin: row.is_global_admin });

/** When a built-in login's password was last set; undefined when there is no such login. */
export async function loginPasswordChanged(db: Queryable, loginId: number): Promise<Date | undefined> {
  return (await db.query<{ password_changed: Date }>('SELECT password_changed FROM login WHERE id = $1', [loginId])).rows[0]?.password_changed;
}

export async function userBySubject(db: Queryable, subject: string): Promise<UserRecord | undefined> {
  const row = (await db.query<UserRow>('SELECT id, subject, title, email, is_global_admin FROM app_user WHERE subject = $1', [subject])).rows[0];
  return row && record(row);
}

/** The user of a first sign-in; one created meanwhile by a parallel request keeps its title. */
export async function createUser(db: Queryable, user: { subject: string; title: string; email: string | null }): Promise<UserRecord> {
  const row = (
    await db.query<UserRow>(
      `INSERT INTO app_user (subject, title, email) VALUES ($1, $2, $3)
       ON CONFLICT (subject) DO UPDATE SET title = app_user.title
       RETURNING id, subject, title, email, is_global_admin`,
      [user.subject, user.title, user.email],
    )
  ).rows[0]!;
  return record(row);
}

/** The user of a subject with this title, created when new; the e-mail address is kept when none is given. */
export async function upsertUser(db: Queryable, user: { subject: string; title: string; email: string | null }): Promise<void> {
  await db.query(
    `INSERT INTO app_user (subject, title, email) VALUES ($1, $2, $3)
     ON CONFLICT (subject) DO UPDATE SET title = EXCLUDED.title, email = COALESCE(EXCLUDED.email, app_user.email)`,
    [user.subject, user.title, user.email],
  );
}

/** modelId → isAdmin for every model the user has access to. */
export async function modelAccessOf(db: Queryable, userId: number): Promise<Map<number, boolean>> {
  const { rows } = await db.query<{ model_id: number; is_admin: boolean }>('SELECT model_id, is_admin FROM model_user WHERE user_id = $1', [userId]);
  return new Map(rows.map((r) => [r.model_id, r.is_admin]));
}

/** Which models a user reaches now (all for a global administrator); undefined when the user is gone. */
export async function currentModelAccess(db: Queryable, userId: number): Promise<{ all: boolean; models: Set<number> } | undefined> {
  const { rows } = await db.query<{ is_global_admin: boolean; models: number[] | null }>(
    'SELECT u.is_global_admin, ARRAY(SELECT m.model_id FROM model_user m WHERE m.user_id = u.id) AS models FROM app_user u WHERE u.id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { all: row.is_global_admin, models: new Set(row.models ?? []) } : undefined;
}

/** A user's display name; undefined when there is no such user. */
export async function userTitle(db: Queryable, userId: number): Promise<string | undefined> {
  return (await db.query<{ title: string }>('SELECT title FROM app_user WHERE id = $1', [userId])).rows[0]?.title;
}

/** Every user by title (the administrator's user list). */
export async function userTitles(db: Queryable): Promise<{ id: number; title: string }[]> {
  return (await db.query<{ id: number; title: string }>('SELECT id, title FROM app_user ORDER BY title, id')).rows;
}

export async function userExists(db: Queryable, userId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM app_user WHERE id = $1', [userId])).rows.length > 0;
}

/** The first of the ids that names no user; undefined when every one does. */
export async function missingUser(db: Queryable, ids: number[]): Promise<number | undefined> {
  const found = new Set((await db.query<{ id: number }>('SELECT id FROM app_user WHERE id = ANY($1::int[])', [ids])).rows.map((r) => r.id));
  return ids.find((id) => !found.has(id));
}

/** Every model with whether the user has access and is its administrator. */
export async function userModels(db: Queryable, userId: number): Promise<UserModelAccess[]> {
  const { rows } = await db.query<{ id: number; name: string; has_access: boolean; is_admin: boolean | null }>(
    `SELECT m.id, m.name, mu.user_id IS NOT NULL AS has_access, mu.is_admin
       FROM model m LEFT JOIN model_user mu ON mu.model_id = m.id AND mu.user_id = $1 ORDER BY m.name, m.id`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, hasAccess: r.has_access, isAdmin: r.is_admin === true }));
}

/** Every user with whether he has access to the model and is its administrator. */
export async function modelUsers(db: Queryable, modelId: number): Promise<ModelUser[]> {
  const { rows } = await db.query<{ id: number; title: string; has_access: boolean; is_admin: boolean | null; deleted: boolean }>(
    `SELECT u.id, u.title, mu.model_id IS NOT NULL AS has_access, mu.is_admin, u.deleted_from_directory AS deleted
       FROM app_user u LEFT JOIN model_user mu ON mu.user_id = u.id AND mu.model_id = $1 ORDER BY u.title, u.id`,
    [modelId],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, hasAccess: r.has_access, isAdmin: r.is_admin === true, deletedFromAzureAd: r.deleted ? 1 : 0 }));
}

/** Gives users access to models (as their administrators or not), or takes it away, in one transaction. */
export async function saveModelAccess(db: Database, changes: { modelId: number; userId: number; hasAccess: boolean; isAdmin: boolean }[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const access of changes) {
      if (access.hasAccess) {
        await tx.query(
          `INSERT INTO model_user (model_id, user_id, is_admin) VALUES ($1, $2, $3)
                        ON CONFLICT (model_id, user_id) DO UPDATE SET is_admin = EXCLUDED.is_admin`,
          [access.modelId, access.userId, access.isAdmin],
        );
      } else {
        await tx.query('DELETE FROM model_user WHERE model_id = $1 AND user_id = $2', [access.modelId, access.userId]);
      }
    }
  });
}

/** The login subjects of the global administrators who can still sign in with the built-in provider. */
export async function globalAdministratorLogins(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ subject: string }>(
    `SELECT u.subject FROM app_user u WHERE u.is_global_admin AND NOT u.deleted_from_directory
      AND EXISTS (SELECT 1 FROM login l WHERE l.id::text = u.subject)`,
  );
  return rows.map((r) => r.subject);
}

/**
 * The users as the directory has them, in one transaction: each person added or
 * updated (and no longer marked deleted), every other user marked deleted.
 */
export async function syncUsers(
  db: Database,
  people: { subject: string; displayName: string; email: string }[],
): Promise<{ added: number; updated: number; markedDeleted: number }> {
  return db.transaction(async (tx) => {
    let added = 0,
      updated = 0;
    for (const p of people) {
      const { rows } = await tx.query<{ inserted: boolean }>(
        `INSERT INTO app_user (subject, title, email) VALUES ($1, $2, $3)
         ON CONFLICT (subject) DO UPDATE SET title = EXCLUDED.title, email = EXCLUDED.email, deleted_from_directory = false
         RETURNING (xmax = 0) AS inserted`,
        [p.subject, p.displayName, p.email],
      );
      if (rows[0]?.inserted) added++;
      else updated++;
    }
    const marked = await tx.query(`UPDATE app_user SET deleted_from_directory = true WHERE NOT (subject = ANY($1)) AND NOT deleted_from_directory`, [
      people.map((p) => p.subject),
    ]);
    return { added, updated, markedDeleted: marked.rowCount };
  });
}

/** The interface language a user chose (null: none). */
export async function userLanguage(db: Queryable, userId: number): Promise<Language | null> {
  return (await db.query<{ language: Language | null }>('SELECT language FROM app_user WHERE id = $1', [userId])).rows[0]?.language ?? null;
}

export async function setUserLanguage(db: Queryable, userId: number, language: Language | null): Promise<void> {
  await db.query('UPDATE app_user SET language = $2 WHERE id = $1', [userId, language]);
}
