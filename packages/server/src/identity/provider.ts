// The built-in OpenID Connect provider (oidc-provider) and its configuration:
// one public client (the planner app, PKCE), JWT access tokens for the API via
// resource indicators, refresh tokens with rotation, our own pages, storage
// and keys in the database. docs/identity.md explains the settings msal-browser
// needs.
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerContext } from '../context.js';
import { createFindAccount, findLoginById, loginClaims } from './accounts.js';
import { createOidcAdapterFactory } from '../repo/oidc-payloads.js';
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys } from './keys.js';
import { errorPage, logoutPage, signedOutPage, type RenderedPage } from './pages.js';
import { pickLocale } from './page-text.js';
import { builtinIssuer, interactionPath, plannerRedirectUris, RESET_UI_FLOW } from './urls.js';

const DAY = 24 * 60 * 60;
const SESSION_TTL = 14 * DAY;
const REFRESH_TOKEN_TTL = 14 * DAY;

export interface ProviderOptions {
  /** Extra redirect (and post-logout redirect) URIs of the planner client, e.g. a development server. */
  extraRedirectUris?: readonly string[];
}

export async function createProvider(ctx: ServerContext, options: ProviderOptions = {}): Promise<Provider> {
  const { config, db } = ctx;
  const { audience, scope, clientId, accessTokenTtl } = config.identity;
  const appUrl = `${config.publicUrl}/`;
  const [signingKeys, cookieKeys] = [await loadOrCreateSigningKeys(db), await loadOrCreateCookieKeys(db)];
  const redirectUris = plannerRedirectUris(config, options.extraRedirectUris);

  const send = (koa: KoaContextWithOIDC, page: RenderedPage) => {
    koa.set(page.headers);
    koa.body = page.html;
  };
  const localeOf = (koa: KoaContextWithOIDC) => pickLocale(koa.oidc?.params?.ui_locales, koa.get('accept-language'));

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(db),
    jwks: { keys: signingKeys.keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: clientId,
        client_name: 'Locus',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
      },
    ],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    // msal-browser builds its account from the ID token: name and preferred_username must be in it.
    conformIdTokenClaims: false,
    findAccount: createFindAccount(db),
    async extraTokenClaims(_koa, token) {
      // The API reads who is calling from the access token alone, as it does with Entra ID.
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const login = accountId && /^\d{1,9}$/.test(accountId) ? await findLoginById(db, Number(accountId)) : undefined;
      if (!login) return undefined;
      const { name, preferred_username, email } = loginClaims(login);
      return { name, preferred_username, email };
    },
    extraParams: {
      ui_flow(_koa, value) {
        if (value !== undefined && value !== RESET_UI_FLOW) throw new errors.InvalidRequest(`ui_flow must be '${RESET_UI_FLOW}'`);
      },
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // msal never sends `resource`: every request is for the API.
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_koa, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return { scope, audience, accessTokenTTL: accessTokenTtl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (koa, form) => send(koa, logoutPage(localeOf(koa), form)),
        postLogoutSuccessSource: (koa) => send(koa, signedOutPage(localeOf(koa), appUrl)),
      },
    },
    // oidc-provider drops offline_access unless prompt=consent, and msal would then fail
    // its refreshes; so msal does not ask for it, and a refresh token is issued whenever
    // the client may use the grant. Without offline_access it lives as long as the
    // provider session: signing out ends it.
    issueRefreshToken: (_koa, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: (_koa, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      RefreshToken(koa, token, client) {
        // A rotated token keeps its predecessor's end, so a chain of refreshes ends with the sign-in.
        const rotated = koa?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) return rotated.remainingTTL;
        return REFRESH_TOKEN_TTL;
      },
    },
    interactions: { url: (_koa, interaction) => interactionPath(interaction.uid) },
    clientBasedCORS: (_koa, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    renderError: (koa, out) => send(koa, errorPage(localeOf(koa), { ...out }, appUrl, koa.status || 400)),
    enabledJWA: { idTokenSigningAlgValues: ['RS256'], userinfoSigningAlgValues: ['RS256'] },
  };

  const provider = new Provider(builtinIssuer(config), configuration);
  // Behind a TLS-terminating proxy the request arrives as http: trust its X-Forwarded-* headers.
  provider.proxy = config.insecureHttp;
  provider.on('server_error', (_koa: unknown, error: Error) => {
    void ctx.log.error(`identity provider: ${error.message}`);
  });
  return provider;
}
