// Administration (global administrators): the log, users and their model
// access, logins of the directory, the user sync and scenario status counts.
import type { LogEntry, ModelUser, ScenarioStatusEntry, UserModelAccess } from '@locus/contract';
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { conflict, DomainError, notFound } from '../domain/errors.js';
import { builtinDirectory, LoginExistsError, type Directory } from '../directory/directory.js';

export function adminHandlers(ctx: ServerContext, directory: Directory = builtinDirectory(ctx.db), onAccessChanged: () => void = () => {}) {
  const { db } = ctx;

  const userModels = async (userId: number): Promise<UserModelAccess[]> => {
    const { rows } = await db.query<{ id: number; name: string; has_access: boolean; is_admin: boolean | null }>(
      `SELECT m.id, m.name, mu.user_id IS NOT NULL AS has_access, mu.is_admin
         FROM model m LEFT JOIN model_user mu ON mu.model_id = m.id AND mu.user_id = $1 ORDER BY m.name, m.id`,
      [userId],
    );
    return rows.map((r) => ({ id: r.id, name: r.name, hasAccess: r.has_access, isAdmin: r.is_admin === true }));
  };
  const modelUsers = async (modelId: number): Promise<ModelUser[]> => {
    const { rows } = await db.query<{ id: number; title: string; has_access: boolean; is_admin: boolean | null; deleted: boolean }>(
      `SELECT u.id, u.title, mu.model_id IS NOT NULL AS has_access, mu.is_admin, u.deleted_from_directory AS deleted
         FROM app_user u LEFT JOIN model_user mu ON mu.user_id = u.id AND mu.model_id = $1 ORDER BY u.title, u.id`,
      [modelId],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, hasAccess: r.has_access, isAdmin: r.is_admin === true, deletedFromAzureAd: r.deleted ? 1 : 0 }));
  };
  const requireUserRow = async (id: number) => {
    if (!(await db.query('SELECT 1 FROM app_user WHERE id = $1', [id])).rows[0]) throw notFound(`user ${id}`);
  };
  const requireModelRow = async (id: number) => {
    if (!(await db.query('SELECT 1 FROM model WHERE id = $1', [id])).rows[0]) throw notFound(`model ${id}`);
  };
  /** Every id of the list names a row of the table (a missing one is a 404, not a foreign-key failure). */
  const requireRows = async (table: 'model' | 'app_user', ids: number[], what: string) => {
    const found = new Set((await db.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids])).rows.map((r) => r.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`${what} ${missing}`);
  };

  return {
    adminLog: async ({ query }) => {
      const { rows } = await db.query<{ date_time_utc: Date; user_name: string | null; source: string; event_type: number; message: string }>(
        `SELECT date_time_utc, user_name, source, event_type, message FROM log
          WHERE (event_type & $1) <> 0 AND ($2 = '' OR source = $2) ORDER BY id DESC LIMIT 100`,
        [query.eventType, query.source],
      );
      return rows.map((r): LogEntry => ({
        dateTimeUtc: r.date_time_utc.toISOString(),
        user: r.user_name ?? '',
        source: r.source,
        eventType: r.event_type as LogEntry['eventType'],
        message: r.message,
      }));
    },

    adminUsers: async () => (await db.query<{ id: number; title: string }>('SELECT id, title FROM app_user ORDER BY title, id')).rows,

    adminScenarioStatus: async () => {
      const { rows } = await db.query<ScenarioStatusEntry>(
        `SELECT m.id AS "modelId", m.name,
                count(s.id)::int AS total,
                count(s.id) FILTER (WHERE s.status = 0)::int AS unprocessed,
                count(s.id) FILTER (WHERE s.status BETWEEN 1 AND 8)::int AS processing,
                count(s.id) FILTER (WHERE s.status = 9)::int AS completed,
                count(s.id) FILTER (WHERE s.status = 10 OR s.status < 0 OR s.status > 10)::int AS failed
           FROM model m LEFT JOIN scenario s ON s.model_id = m.id GROUP BY m.id, m.name ORDER BY m.name`,
      );
      return rows;
    },

    adminLogins: async () => directory.logins(),
    adminModels: async () => (await db.query<{ id: number; name: string }>('SELECT id, name FROM model ORDER BY name, id')).rows,
    adminUserModels: async ({ params }) => {
      await requireUserRow(params.userId);
      return userModels(params.userId);
    },
    adminModelUsers: async ({ params }) => {
      await requireModelRow(params.modelId);
      return modelUsers(params.modelId);
    },

    adminLoginCreate: async ({ body }) => {
      try {
        const login = await directory.createLogin(body);
        return { ID: login.id, IsAdmin: false as const, DisplayName: login.displayName, Email: login.email, Password: login.password };
      } catch (error) {
        if (error instanceof LoginExistsError) throw new DomainError('conflict', 'loginExists', { field: 'email', reason: error.message });
        throw error;
      }
    },
    adminLoginUpdate: async ({ body }) => {
      const login = await directory.updateLogin(body);
      if (!login) throw notFound(`login ${body.id}`);
      return login;
    },
    adminLoginDelete: async ({ params, user }) => {
      // Nobody could administrate any more: an administrator's own login, and the login of the last global
      // administrator, are not deleted (409 with the reason; docs/security.md).
      if (user.subject === params.loginId) throw conflict('ownLoginNotDeletable', 'an administrator cannot delete their own login');
      const admins = (
        await db.query<{ subject: string }>(
          `SELECT u.subject FROM app_user u WHERE u.is_global_admin AND NOT u.deleted_from_directory
            AND EXISTS (SELECT 1 FROM login l WHERE l.id::text = u.subject)`,
        )
      ).rows.map((r) => r.subject);
      if (admins.includes(params.loginId) && admins.length <= 1) {
        throw conflict('lastGlobalAdministrator', 'this is the login of the last global administrator: nobody could administrate any more');
      }
      if (!(await directory.deleteLogin(params.loginId))) throw notFound(`login ${params.loginId}`);
      // Cached users of the deleted login must not outlive it.
      onAccessChanged();
      return { id: params.loginId, deleted: true as const };
    },

    adminUserModelsSave: async ({ body }) => {
      await requireUserRow(body.user.id);
      await requireRows(
        'model',
        body.models.map((m: { id: number }) => m.id),
        'model',
      );
      await db.transaction(async (tx) => {
        for (const m of body.models) {
          if (m.hasAccess) {
            await tx.query(
              `INSERT INTO model_user (model_id, user_id, is_admin) VALUES ($1, $2, $3)
                            ON CONFLICT (model_id, user_id) DO UPDATE SET is_admin = EXCLUDED.is_admin`,
              [m.id, body.user.id, m.isAdmin],
            );
          } else {
            await tx.query('DELETE FROM model_user WHERE model_id = $1 AND user_id = $2', [m.id, body.user.id]);
          }
        }
      });
      onAccessChanged();
      return userModels(body.user.id);
    },
    adminModelUsersSave: async ({ body }) => {
      await requireModelRow(body.model.id);
      await requireRows(
        'app_user',
        body.users.map((u: { id: number }) => u.id),
        'user',
      );
      await db.transaction(async (tx) => {
        for (const u of body.users) {
          if (u.hasAccess) {
            await tx.query(
              `INSERT INTO model_user (model_id, user_id, is_admin) VALUES ($1, $2, $3)
                            ON CONFLICT (model_id, user_id) DO UPDATE SET is_admin = EXCLUDED.is_admin`,
              [body.model.id, u.id, u.isAdmin],
            );
          } else {
            await tx.query('DELETE FROM model_user WHERE model_id = $1 AND user_id = $2', [body.model.id, u.id]);
          }
        }
      });
      onAccessChanged();
      return modelUsers(body.model.id);
    },

    adminUsersSync: async ({ user }) => {
      const people = await directory.users();
      const result = await db.transaction(async (tx) => {
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
      onAccessChanged();
      await ctx.log.info(`user sync: ${result.added} added, ${result.updated} updated, ${result.markedDeleted} marked deleted`, user.title);
      return result;
    },
  } satisfies Partial<RouteHandlers>;
}
