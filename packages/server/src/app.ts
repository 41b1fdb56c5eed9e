// The Fastify application: one HTTPS origin serving the API, the built-in
// identity provider and (when built) the planner app. Domains register their
// handlers in routes/; the route table itself comes from the contract.
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { registerErrorHandling, unauthorized } from './http/errors.js';
import { appDirectory, registerAppFiles } from './http/app-files.js';
import { registerRoutes, type Handlers } from './http/register-routes.js';
import { createUserCache, loadCurrentUser } from './http/current-user.js';
import { createTokenVerifier, registerIdentity } from './identity/index.js';
import { allHandlers } from './routes/index.js';

export interface AppOptions {
  tls?: { key: string; cert: string };
  /** Validate every JSON response against the contract (tests). */
  validateResponses?: boolean;
  /** Extra handlers or replacements (tests of not-yet-built routes use none). */
  handlers?: Handlers;
}

export async function buildApp(ctx: ServerContext, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    https: options.tls ? { key: options.tls.key, cert: options.tls.cert } : null,
    trustProxy: true,
    bodyLimit: 20 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  } as Parameters<typeof Fastify>[0]) as unknown as FastifyInstance;
  registerErrorHandling(app, ctx);
  await registerIdentity(app, ctx);
  const verify = await createTokenVerifier(ctx);
  const users = createUserCache();
  registerRoutes(app, ctx, { ...allHandlers(ctx, { onAccessChanged: () => users.clear() }), ...options.handlers }, {
    validateResponses: options.validateResponses,
    async authenticate(request) {
      const header = request.headers.authorization;
      if (!header) throw unauthorized();
      const token = await verify(header);
      const user = await users.get(token.subject, () => loadCurrentUser(ctx.db, token));
      request.user = user;
      return user;
    },
  });
  // The built planner app; the default holds for this module in src/ and for the bundle in dist/.
  await registerAppFiles(app, appDirectory(new URL('../../planner-app/dist/', import.meta.url)));
  return app;
}
