// Administration (global administrators): the log, users and their model
// access, logins of the directory, the user sync and scenario status counts.
import type { ServerContext } from '../context.js';
import type { RouteHandlers } from '../http/register-routes.js';
import { conflict, DomainError, notFound } from '../domain/errors.js';
import { builtinDirectory, LoginExistsError, type Directory } from '../directory/directory.js';
import { logEntries } from '../repo/log.js';
import { missingModel, modelExists, modelNames } from '../repo/models.js';
import { scenarioStatusCounts } from '../repo/scenarios.js';
import { globalAdministratorLogins, missingUser, modelUsers, saveModelAccess, syncUsers, userExists, userModels, userTitles } from '../repo/users.js';

export function adminHandlers(ctx: ServerContext, directory: Directory = builtinDirectory(ctx.db), onAccessChanged: () => void = () => {}) {
  const { db } = ctx;

  const requireUserRow = async (id: number) => {
    if (!(await userExists(db, id))) throw notFound(`user ${id}`);
  };
  const requireModelRow = async (id: number) => {
    if (!(await modelExists(db, id))) throw notFound(`model ${id}`);
  };
  /** Every id of the list names a row (a missing one is a 404, not a foreign-key failure). */
  const requireAll = (missing: number | undefined, what: string) => {
    if (missing !== undefined) throw notFound(`${what} ${missing}`);
  };

  return {
    adminLog: async ({ query }) => logEntries(db, { eventType: query.eventType, source: query.source }),

    adminUsers: async () => userTitles(db),

    adminScenarioStatus: async () => scenarioStatusCounts(db),

    adminLogins: async () => directory.logins(),
    adminModels: async () => modelNames(db),
    adminUserModels: async ({ params }) => {
      await requireUserRow(params.userId);
      return userModels(db, params.userId);
    },
    adminModelUsers: async ({ params }) => {
      await requireModelRow(params.modelId);
      return modelUsers(db, params.modelId);
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
      const admins = await globalAdministratorLogins(db);
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
      requireAll(
        await missingModel(
          db,
          body.models.map((m) => m.id),
        ),
        'model',
      );
      await saveModelAccess(
        db,
        body.models.map((m) => ({ modelId: m.id, userId: body.user.id, hasAccess: m.hasAccess, isAdmin: m.isAdmin })),
      );
      onAccessChanged();
      return userModels(db, body.user.id);
    },
    adminModelUsersSave: async ({ body }) => {
      await requireModelRow(body.model.id);
      requireAll(
        await missingUser(
          db,
          body.users.map((u) => u.id),
        ),
        'user',
      );
      await saveModelAccess(
        db,
        body.users.map((u) => ({ modelId: body.model.id, userId: u.id, hasAccess: u.hasAccess, isAdmin: u.isAdmin })),
      );
      onAccessChanged();
      return modelUsers(db, body.model.id);
    },

    adminUsersSync: async ({ user }) => {
      const result = await syncUsers(db, await directory.users());
      onAccessChanged();
      await ctx.log.info(`user sync: ${result.added} added, ${result.updated} updated, ${result.markedDeleted} marked deleted`, user.title);
      return result;
    },
  } satisfies Partial<RouteHandlers>;
}
