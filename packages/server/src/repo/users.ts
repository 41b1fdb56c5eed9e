// Users (app_user), their model access (model_user) and what the API reads of
// the built-in provider's logins.
import type { Queryable } from '../db/database.js';

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
