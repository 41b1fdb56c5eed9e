// What GET /api/system/msal-configuration answers: the API scope and the
// options the browser hands to `new PublicClientApplication(options)` of
// @azure/msal-browser 5, plus the request that opens the password reset.
// docs/identity.md shows how the app uses them.
import type { ServerConfig } from '../config.js';
import { builtinIssuer, RESET_UI_FLOW } from './urls.js';

export interface MsalConfiguration {
  /** The API scope to ask for at sign-in and with every token request. */
  scope: string;
  /** The Configuration of `new PublicClientApplication(options)`. */
  options: {
    auth: {
      clientId: string;
      authority: string;
      knownAuthorities: string[];
      redirectUri: string;
      postLogoutRedirectUri: string;
      OIDCOptions?: { defaultScopes: string[] };
    };
    cache: { cacheLocation: 'localStorage' };
    system: { protocolMode: 'OIDC' | 'AAD'; tokenRenewalOffsetSeconds: number };
  };
  /**
   * The request for `loginRedirect` that leads to the password reset: the
   * built-in provider's reset form, or the reset authority of an external
   * provider. Null when the provider has no reset flow the app can open.
   */
  passwordResetRequest: { scopes: string[]; prompt: 'login'; extraQueryParameters: { ui_flow: string } } | { scopes: string[]; authority: string } | null;
}

/**
 * How long before expiry msal renews an access token: msal's default of 300 s
 * would renew short-lived tokens on every call, so a fifth of the lifetime,
 * at most 300 s and at least 1 s.
 */
export function tokenRenewalOffsetSeconds(accessTokenTtl: number): number {
  return Math.max(1, Math.min(300, Math.floor(accessTokenTtl / 5)));
}

/** Microsoft's own authorities (Entra ID, Azure AD B2C, External ID) use msal's AAD mode; any other the OIDC mode. */
export function isMicrosoftAuthority(authority: string): boolean {
  return /(^|\.)(microsoftonline\.(com|us)|b2clogin\.com|ciamlogin\.com|chinacloudapi\.cn)$/i.test(new URL(authority).hostname);
}

export function msalConfiguration(config: Pick<ServerConfig, 'publicUrl' | 'identity'>): MsalConfiguration {
  const { identity, publicUrl } = config;
  const builtin = identity.mode === 'builtin';
  const authority = builtin ? builtinIssuer(config) : identity.authority;
  if (!authority) throw new Error('IDENTITY_AUTHORITY is required for an external identity provider');
  const protocolMode = !builtin && isMicrosoftAuthority(authority) ? 'AAD' : 'OIDC';
  // msal trusts only the listed hosts (host:port) and otherwise asks Microsoft's instance discovery.
  const knownAuthorities = [...new Set([authority, identity.passwordResetAuthority].filter((a): a is string => !!a).map((a) => new URL(a).host))];
  const passwordResetRequest: MsalConfiguration['passwordResetRequest'] = builtin
    ? { scopes: [identity.scope], prompt: 'login', extraQueryParameters: { ui_flow: RESET_UI_FLOW } }
    : identity.passwordResetAuthority
      ? { scopes: [identity.scope], authority: identity.passwordResetAuthority }
      : null;
  return {
    scope: identity.scope,
    options: {
      auth: {
        clientId: identity.clientId,
        authority,
        knownAuthorities,
        redirectUri: `${publicUrl}/`,
        postLogoutRedirectUri: `${publicUrl}/`,
        // Without offline_access in the request the built-in provider still issues a refresh token (see provider.ts).
        ...(builtin ? { OIDCOptions: { defaultScopes: ['openid', 'profile'] } } : {}),
      },
      cache: { cacheLocation: 'localStorage' },
      system: {
        protocolMode,
        // An external provider's token lifetime is its own; msal's default offset suits its usual hour.
        tokenRenewalOffsetSeconds: builtin ? tokenRenewalOffsetSeconds(identity.accessTokenTtl) : 300,
      },
    },
    passwordResetRequest,
  };
}
