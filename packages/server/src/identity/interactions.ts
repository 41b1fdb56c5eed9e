// The interaction pages of the built-in provider, served by Fastify next to
// oidc-provider: sign in, the first-party consent (granted without a page),
// and the password reset (request a link by e-mail, then choose a new
// password, which also signs the user in when the sign-in is still open in
// this browser). Every sign-in, good or bad, is written to the log.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import type { ServerContext } from '../context.js';
import { LogEvent } from '../log/app-log.js';
import { checkPassword, ensureAppUser, findLoginById, findLoginByIdentityOrEmail, normalizeIdentity, type LoginRecord } from './accounts.js';
import type { Mailer } from './mailer.js';
import { createResetToken, findResetLogin, passwordProblem, resetPassword, MINIMUM_PASSWORD_LENGTH } from './password-reset.js';
import { loginPage, messagePage, newPasswordPage, resetRequestPage, resetSentPage, type RenderedPage } from './pages.js';
import { pageText, pickLocale, type PageLocale } from './page-text.js';
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle.js';
import { interactionPath, OIDC_MOUNT_PATH, RESET_UI_FLOW } from './urls.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Form = Record<string, string>;
type UidRoute = { Params: { uid: string }; Body: Form | undefined; Querystring: { token?: string; view?: string } };
type UidRequest = FastifyRequest<UidRoute>;

export interface InteractionDeps {
  ctx: ServerContext;
  provider: Provider;
  mailer: Mailer;
  /** Wrong-password throttling per sign-in name (a fresh one per app by default). */
  throttle?: SignInThrottle;
  /** Called after a password changed, so cached users (with their password time) are read again. */
  onPasswordChanged?: () => void;
}

/** Parses an application/x-www-form-urlencoded body; a repeated field keeps its first value. */
export function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) if (!(key in form)) form[key] = value;
  return form;
}

/** Requests per client address and minute on the pages that check a password or send mail (@fastify/rate-limit). */
export const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
export const RESET_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

export function registerInteractionRoutes(
  app: FastifyInstance,
  { ctx, provider, mailer, throttle = createSignInThrottle(), onPasswordChanged }: InteractionDeps,
): void {
  const appUrl = `${ctx.config.publicUrl}/`;

  const send = (reply: FastifyReply, page: RenderedPage) => reply.code(page.status).headers(page.headers).send(page.html);
  const localeOf = (req: FastifyRequest, interaction?: Interaction): PageLocale => pickLocale(interaction?.params.ui_locales, req.headers['accept-language']);

  /** The open sign-in of this browser (its interaction cookie), when it is the one in the path. */
  async function openInteraction(req: UidRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(req.raw, reply.raw);
      return interaction.uid === req.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  function expired(req: FastifyRequest, reply: FastifyReply) {
    const t = pageText(localeOf(req));
    return send(
      reply,
      messagePage(localeOf(req), {
        title: t('sessionExpiredTitle'),
        text: t('sessionExpiredText'),
        link: { href: appUrl, label: t('openLocus') },
        status: 400,
      }),
    );
  }

  async function finish(req: UidRequest, reply: FastifyReply, result: InteractionResults, mergeWithLastSubmission = false) {
    const redirectTo = await provider.interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission });
    return reply.redirect(redirectTo, 303);
  }

  async function signedIn(login: LoginRecord, how: string) {
    await ensureAppUser(ctx.db, { subject: String(login.id), title: login.displayName, email: login.email });
    await ctx.log.write({ source: 'backend', eventType: LogEvent.information, user: login.displayName, message: `signed in as ${login.identity}${how}` });
  }

  /** The first-party consent: grant what the planner app asks for, without a page. */
  async function grantConsent(req: UidRequest, reply: FastifyReply, interaction: Interaction) {
    const {
      prompt: { details },
      params,
      session,
    } = interaction;
    if (params.client_id !== ctx.config.identity.clientId || !session) {
      return finish(req, reply, { error: 'access_denied', error_description: 'unknown client' });
    }
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
    const missing = details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    return finish(req, reply, { consent: { grantId } }, true);
  }

  /** Runs a page handler; a failure shows a page, never the API's JSON error. */
  const page = (handler: (req: UidRequest, reply: FastifyReply) => Promise<unknown>) => async (req: UidRequest, reply: FastifyReply) => {
    try {
      return await handler(req, reply);
    } catch (error) {
      await ctx.log.error(`sign-in page ${req.method} ${req.url.split('?')[0]}: ${error instanceof Error ? error.message : String(error)}`);
      const locale = localeOf(req);
      const t = pageText(locale);
      return send(reply, messagePage(locale, { title: t('errorTitle'), text: t('errorText'), link: { href: appUrl, label: t('openLocus') }, status: 500 }));
    }
  };

  app.get<UidRoute>(
    `${OIDC_MOUNT_PATH}/interaction/:uid`,
    page(async (req, reply) => {
      const interaction = await openInteraction(req, reply);
      if (!interaction) return expired(req, reply);
      if (interaction.prompt.name === 'consent') return grantConsent(req, reply, interaction);
      const locale = localeOf(req, interaction);
      // ui_flow=reset opens the reset form; its "back to sign in" link asks for the login form.
      if (interaction.params.ui_flow === RESET_UI_FLOW && req.query.view !== 'login') {
        return send(reply, resetRequestPage(locale, { uid: interaction.uid }));
      }
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      return send(reply, loginPage(locale, { uid: interaction.uid, identity: hint }));
    }),
  );

  app.post<UidRoute>(
    `${OIDC_MOUNT_PATH}/interaction/:uid/login`,
    { config: { rateLimit: SIGN_IN_RATE_LIMIT } },
    page(async (req, reply) => {
      const interaction = await openInteraction(req, reply);
      if (!interaction) return expired(req, reply);
      if (interaction.prompt.name !== 'login') return reply.redirect(interactionPath(interaction.uid), 303);
      const locale = localeOf(req, interaction);
      const t = pageText(locale);
      const identity = normalizeIdentity(req.body?.identity ?? '');
      const password = req.body?.password ?? '';
      if (!identity || !password) {
        return send(reply, loginPage(locale, { uid: interaction.uid, identity, error: t('missingCredentials'), status: 400 }));
      }
      const locked = throttle.lockedFor(identity);
      if (locked > 0) {
        await ctx.log.warnRepeated(`sign-in locked:${identity}`, `sign-in refused for ${identity}: too many wrong passwords`, identity);
        reply.header('retry-after', String(Math.ceil(locked / 1000)));
        return send(
          reply,
          loginPage(locale, { uid: interaction.uid, identity, error: t('tooManyAttempts', { minutes: Math.ceil(locked / 60_000) }), status: 429 }),
        );
      }
      const check = await checkPassword(ctx.db, identity, password);
      if (!check.ok) {
        throttle.failed(identity);
        // Written once per name and minute, repeats counted: guessing cannot flood the log.
        await ctx.log.warnRepeated(`sign-in failed:${identity}`, `sign-in failed for ${identity}: ${check.reason}`, identity);
        return send(reply, loginPage(locale, { uid: interaction.uid, identity, error: t('wrongCredentials'), status: 401 }));
      }
      throttle.succeeded(identity);
      await signedIn(check.login, '');
      return finish(req, reply, { login: { accountId: String(check.login.id), amr: ['pwd'], remember: true } });
    }),
  );

  app.get<UidRoute>(
    `${OIDC_MOUNT_PATH}/interaction/:uid/reset`,
    page(async (req, reply) => {
      const interaction = await openInteraction(req, reply);
      if (!interaction) return expired(req, reply);
      return send(reply, resetRequestPage(localeOf(req, interaction), { uid: interaction.uid }));
    }),
  );

  app.post<UidRoute>(
    `${OIDC_MOUNT_PATH}/interaction/:uid/reset`,
    { config: { rateLimit: RESET_RATE_LIMIT } },
    page(async (req, reply) => {
      const interaction = await openInteraction(req, reply);
      if (!interaction) return expired(req, reply);
      const locale = localeOf(req, interaction);
      const t = pageText(locale);
      const email = (req.body?.email ?? '').trim();
      if (!email) return send(reply, { ...resetRequestPage(locale, { uid: interaction.uid, error: t('missingEmail') }), status: 400 });
      const login = await findLoginByIdentityOrEmail(ctx.db, email);
      if (login) {
        const token = await createResetToken(ctx.db, login.id);
        const link = `${ctx.config.publicUrl}${interactionPath(interaction.uid, '/new-password')}?token=${token}`;
        await mailer.send({
          to: login.email,
          subject: t('mailSubject'),
          text: t('mailBody', { name: login.displayName, identity: login.identity, link }),
        });
        await ctx.log.info(`password reset requested for ${login.identity}`, login.displayName);
      } else {
        await ctx.log.warnRepeated(
          `reset unknown:${normalizeIdentity(email)}`,
          `password reset requested for unknown address ${normalizeIdentity(email)}`,
          normalizeIdentity(email),
        );
      }
      // The same answer either way, so the form does not tell which addresses have an account.
      return send(reply, resetSentPage(locale, { uid: interaction.uid }));
    }),
  );

  const invalidLink = (req: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOf(req);
    const t = pageText(locale);
    return send(
      reply,
      messagePage(locale, { title: t('invalidLinkTitle'), text: t('invalidLinkText'), link: { href: appUrl, label: t('openLocus') }, status: 410 }),
    );
  };

  app.get<UidRoute>(
    `${OIDC_MOUNT_PATH}/interaction/:uid/new-password`,
    page(async (req, reply) => {
      const token = req.query.token ?? '';
      if (!(await findResetLogin(ctx.db, token))) return invalidLink(req, reply);
      return send(reply, newPasswordPage(localeOf(req), { uid: req.params.uid, token }));
    }),
  );

  app.post<UidRoute>(
    `${OIDC_MOUNT_PATH}/interaction/:uid/new-password`,
    { config: { rateLimit: RESET_RATE_LIMIT } },
    page(async (req, reply) => {
      const locale = localeOf(req);
      const t = pageText(locale);
      const token = req.body?.token ?? '';
      const password = req.body?.password ?? '';
      if (!(await findResetLogin(ctx.db, token))) return invalidLink(req, reply);
      const problem = passwordProblem(password, req.body?.confirmation ?? '');
      if (problem) return send(reply, newPasswordPage(locale, { uid: req.params.uid, token, error: t(problem, { min: MINIMUM_PASSWORD_LENGTH }) }));
      const loginId = await resetPassword(ctx.db, token, password);
      const login = loginId === undefined ? undefined : await findLoginById(ctx.db, loginId);
      if (!login) return invalidLink(req, reply);
      throttle.succeeded(login.identity);
      onPasswordChanged?.();
      await ctx.log.info(`password of ${login.identity} changed by a reset link`, login.displayName);
      // The link proves the mailbox: when the sign-in that asked for it is still open here, it continues.
      const interaction = await openInteraction(req, reply);
      if (interaction?.prompt.name === 'login') {
        await signedIn(login, ' after a password reset');
        return finish(req, reply, { login: { accountId: String(login.id), amr: ['pwd'], remember: true } });
      }
      return send(
        reply,
        messagePage(locale, {
          title: t('passwordChangedTitle'),
          text: t('passwordChangedText'),
          link: { href: appUrl, label: t('openLocus') },
        }),
      );
    }),
  );
}
