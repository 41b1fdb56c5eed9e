// Mounts the built-in provider in the Fastify app: oidc-provider (a Koa app)
// under /oidc, and our interaction pages beside it. Nothing is mounted when an
// external provider (e.g. Microsoft Entra ID) is configured.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { ServerContext } from '../context.js';
import { createOutboxMailer, type Mailer } from './mailer.js';
import { OIDC_MOUNT_PATH, plannerRedirectUris } from './urls.js';
import { messagePage } from './pages.js';
import { pageText, pickLocale } from './page-text.js';

export interface IdentityOptions {
  /** Where password-reset mail goes; the outbox mailer (table outbox and a console line) by default. */
  mailer?: Mailer;
  /**
   * Redirect URIs of the planner client besides `${publicUrl}/` and
   * `${publicUrl}/redirect.html`; by default the comma- or space-separated
   * list in the environment variable IDENTITY_EXTRA_REDIRECT_URIS.
   */
  extraRedirectUris?: readonly string[];
  /** Called after a login's password changed (the API's cache of users forgets them). */
  onPasswordChanged?: () => void;
}

export function extraRedirectUrisFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.IDENTITY_EXTRA_REDIRECT_URIS ?? '').split(/[\s,]+/).filter(Boolean);
}

export async function registerIdentity(app: FastifyInstance, ctx: ServerContext, options: IdentityOptions = {}): Promise<void> {
  if (ctx.config.identity.mode !== 'builtin') return;
  // Loaded here, so processes that verify tokens only (external provider, workers) never load oidc-provider.
  const [{ createProvider }, { parseForm, registerInteractionRoutes }] = await Promise.all([import('./provider.js'), import('./interactions.js')]);
  const extraRedirectUris = options.extraRedirectUris ?? extraRedirectUrisFromEnv();
  const provider = await createProvider(ctx, { extraRedirectUris });
  // The origins the planner client may be used from (its redirect addresses): the only ones a CORS preflight
  // of the provider's endpoints (/oidc/token) is answered for. oidc-provider itself answers any origin's
  // preflight (it cannot know the client yet) and refuses the request after it.
  const clientOrigins = new Set(plannerRedirectUris(ctx.config, extraRedirectUris).map((uri) => new URL(uri).origin));
  const mailer = options.mailer ?? createOutboxMailer(ctx);

  await app.register(async (pages) => {
    // Limits per client address on the pages that check a password or send mail (see interactions.ts).
    await pages.register(rateLimit, { global: false });
    // Past a limit the browser shows a page in the user's language, not the API's JSON.
    pages.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
      if (error.statusCode !== 429) throw error;
      const locale = pickLocale(undefined, request.headers['accept-language']);
      const t = pageText(locale);
      const page = messagePage(locale, {
        title: t('tooManyRequestsTitle'),
        text: t('tooManyRequestsText'),
        link: { href: `${ctx.config.publicUrl}/`, label: t('openLocus') },
        status: 429,
      });
      await ctx.log.warnRepeated(
        `429 sign-in pages ${request.ip}`,
        `${request.method} ${request.url.split('?')[0]} → 429: too many requests from ${request.ip}`,
      );
      return reply.code(page.status).headers(page.headers).send(page.html);
    });
    if (!pages.hasContentTypeParser('application/x-www-form-urlencoded')) {
      pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
        done(null, parseForm(String(body))),
      );
    }
    registerInteractionRoutes(pages, { ctx, provider, mailer, onPasswordChanged: options.onPasswordChanged });
  });

  await app.register(async (oidc) => {
    // oidc-provider reads request bodies itself: Fastify must leave the stream untouched.
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const callback = provider.callback();
    const handler = (req: FastifyRequest, reply: FastifyReply) => {
      const origin = req.headers.origin;
      if (req.method === 'OPTIONS' && origin !== undefined && !clientOrigins.has(origin)) {
        // A preflight from another origin: answered without any Access-Control-Allow-* header, so the browser sends nothing.
        return reply.code(204).header('Vary', 'Origin').send();
      }
      reply.hijack();
      // Koa sees the path below the mount; originalUrl tells oidc-provider where it is
      // mounted, so discovery and redirects name `${publicUrl}/oidc/...`.
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_MOUNT_PATH.length) || '/';
      void callback(raw, reply.raw);
    };
    // oidc-provider answers CORS itself (for the planner client's registered origins only).
    const withoutFastifyCors = { cors: false, rateLimit: false } as const;
    oidc.route({ method: ['GET', 'POST', 'OPTIONS'], url: `${OIDC_MOUNT_PATH}/*`, handler, config: withoutFastifyCors });
  });
}
