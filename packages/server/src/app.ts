// The Fastify application: one HTTPS origin serving the API, the built-in
// identity provider and (when built) the planner app. Domains register their
// handlers in routes/; the route table itself comes from the contract.
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { errorBody, registerErrorHandling } from './http/errors.js';
import { unauthenticated } from './domain/errors.js';
import { registerWebSecurity, REQUEST_BODY_LIMIT } from './http/web-security.js';
import { loggingOptions } from './http/logger.js';
import { appDirectory, registerAppFiles } from './http/app-files.js';
import { registerEmbedFiles } from './http/embed-files.js';
import { registerBasemapArchive } from './http/basemap-archive.js';
import { registerRoutes, type RouteHandlers } from './http/register-routes.js';
import { createUserCache, loadCurrentUser, LoginGoneError } from './http/current-user.js';
import { createTokenVerifier, registerIdentity } from './identity/index.js';
import { allHandlers } from './routes/index.js';
import { tableStamp } from './db/table-cache.js';
import { createEventStreams, type EventStreamOptions } from './events/streams.js';

/** The tables a signed-in user is read from (http/current-user.ts). */
const USER_TABLES = ['login', 'app_user', 'model_user'];

export interface AppOptions {
  tls?: { key: string; cert: string };
  /** Validate every JSON response against the contract; by default as the configuration says (NODE_ENV). */
  validateResponses?: boolean;
  /** Extra handlers or replacements (tests of not-yet-built routes use none). */
  handlers?: Partial<RouteHandlers>;
  /** Timings of the event stream (tests shorten the heartbeat). */
  events?: EventStreamOptions;
}

export async function buildApp(ctx: ServerContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(ctx.config),
    https: options.tls ? { key: options.tls.key, cert: options.tls.cert } : null,
    trustProxy: ctx.config.web.trustProxy,
    bodyLimit: REQUEST_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    // A path with a malformed percent-encoding ('%zz') answers the error body with the field, like every 400.
    frameworkErrors: (_error: Error, _request: unknown, reply: { code(status: number): { type(t: string): { send(body: unknown): void } } }) => {
      reply
        .code(400)
        .type('application/json')
        .send(errorBody(400, 'the path is not a valid URL (malformed percent-encoding)', { field: 'path', reason: 'malformed percent-encoding' }));
    },
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  registerErrorHandling(app, ctx);
  // Counted warnings are written before the database goes (log/aggregate.ts).
  app.addHook('onClose', async () => {
    await ctx.log.flushRepeated();
  });
  // Security headers, CORS and rate limits first: their hooks apply to every route registered after them.
  await registerWebSecurity(app, ctx.config);
  // On the embedded database every write is this process's own: the users are kept until their tables are
  // written (not only for the usual few seconds), so requests during a calculation do not wait on a user lookup.
  const userTables = tableStamp(ctx.db, USER_TABLES);
  const ownsDatabase = ctx.db.tableGeneration([]) !== undefined;
  const users = createUserCache(ownsDatabase ? 10 * 60_000 : undefined);
  let usersStamp: number | undefined;
  await registerIdentity(app, ctx, { onPasswordChanged: () => users.clear() });
  const verify = await createTokenVerifier(ctx);
  // Open event streams would keep the server from closing: they end first.
  const events = createEventStreams(ctx, options.events);
  app.addHook('preClose', async () => {
    await events.close();
  });
  registerRoutes(
    app,
    ctx,
    { ...allHandlers(ctx, { onAccessChanged: () => users.clear(), events }), ...options.handlers },
    {
      validateResponses: options.validateResponses ?? ctx.config.validateResponses,
      async authenticate(request) {
        const header = request.headers.authorization;
        if (!header) throw unauthenticated();
        const token = await verify(header);
        const builtinLogin = ctx.config.identity.mode === 'builtin';
        const stamp = await userTables();
        if (stamp !== usersStamp) {
          users.clear();
          usersStamp = stamp;
        }
        let user;
        try {
          user = await users.get(token.subject, () => loadCurrentUser(ctx.db, token, { builtinLogin }));
        } catch (error) {
          if (error instanceof LoginGoneError) throw unauthenticated('the login of this token no longer exists');
          throw error;
        }
        // A new password ends what was signed in before it (one second of slack for the clocks).
        if (user.passwordChangedAt !== undefined && token.issuedAt !== undefined && token.issuedAt < Math.floor(user.passwordChangedAt / 1000) - 1) {
          throw unauthenticated('the token was issued before the password was changed');
        }
        request.user = user;
        return user;
      },
    },
  );
  await registerBasemapArchive(app, ctx.config);
  // The built planner app; the default holds for this module in src/ and for the bundle in dist/.
  await registerAppFiles(app, appDirectory(new URL('../../planner-app/dist/', import.meta.url)));
  await registerEmbedFiles(app, appDirectory(new URL('../../embed/dist/', import.meta.url), {}));
  return app;
}
