// Sign-in with @azure/msal-browser on the configuration the server gives
// (GET /api/system/msal-configuration): redirect login, silent renewal (by
// refresh token; a hidden frame on redirect.html when there is none), the
// password-reset redirect on the reset error code, a redirect when renewal
// needs interaction, and sign-out.
import type { AccountInfo, IPublicClientApplication } from '@azure/msal-browser';
import { MsalConfiguration } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';

export type SessionState = 'starting' | 'signedOut' | 'signedIn' | 'redirecting' | 'unavailable' | 'wrongOrigin';

/** Azure AD B2C's "forgot password" error code; the built-in provider offers its own link instead. */
export const PASSWORD_RESET_CODE = 'AADB2C90118';

export const sessionState = signal<SessionState>('starting');
export const account = signal<AccountInfo | null>(null);
/**
 * The address Locus is set up for (PUBLIC_URL) when the app was opened under
 * another origin (https://127.0.0.1:PORT for https://localhost:PORT): sign-in
 * answers only there, so the app goes there (or, inside a frame, says so).
 */
export const wrongOrigin = signal<string | null>(null);

/** The origin the sign-in configuration sends the browser back to, when it names one. */
export function configuredOrigin(configuration: Pick<MsalConfiguration, 'options'>): string | null {
  const redirectUri = (configuration.options as { auth?: { redirectUri?: unknown } }).auth?.redirectUri;
  if (typeof redirectUri !== 'string') return null;
  try {
    return new URL(redirectUri).origin;
  } catch {
    return null;
  }
}

/** Leaves a wrong origin for the configured one, keeping path, query and hash; false when it must stay (inside a frame). */
export function goToConfiguredOrigin(origin: string, here: Location = location, framed = typeof window !== 'undefined' && window.top !== window): boolean {
  wrongOrigin.value = origin;
  sessionState.value = 'wrongOrigin';
  if (framed) return false;
  here.replace(`${origin}${here.pathname}${here.search}${here.hash}`);
  return true;
}

export const accountName = computed(() => account.value?.name ?? account.value?.username ?? '');

interface Msal {
  client: IPublicClientApplication;
  scope: string;
  resetRequest: MsalConfiguration['passwordResetRequest'];
  InteractionRequiredAuthError: typeof import('@azure/msal-browser').InteractionRequiredAuthError;
}

let msal: Msal | null = null;

function errorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const e = error as { errorCode?: string; errorMessage?: string; subError?: string; message?: string };
  return [e.errorCode, e.subError, e.errorMessage, e.message].filter(Boolean).join(' ');
}

/**
 * Starts msal: loads the configuration, handles a redirect back from the
 * provider and finds the account. A failed configuration load is ignored:
 * the app stays signed out and says so.
 */
export async function startSession(fetchConfiguration: () => Promise<unknown>): Promise<void> {
  let configuration: MsalConfiguration;
  try {
    configuration = MsalConfiguration.parse(await fetchConfiguration());
  } catch {
    sessionState.value = 'unavailable';
    return;
  }
  const home = configuredOrigin(configuration);
  if (home && home !== location.origin) {
    goToConfiguredOrigin(home);
    return;
  }
  const browser = await import('@azure/msal-browser');
  const client = new browser.PublicClientApplication(configuration.options as unknown as import('@azure/msal-browser').Configuration);
  await client.initialize();
  msal = {
    client,
    scope: configuration.scope,
    resetRequest: configuration.passwordResetRequest,
    InteractionRequiredAuthError: browser.InteractionRequiredAuthError,
  };
  try {
    const result = await client.handleRedirectPromise();
    const found = result?.account ?? client.getActiveAccount() ?? client.getAllAccounts()[0] ?? null;
    if (found) client.setActiveAccount(found);
    account.value = found;
    sessionState.value = found ? 'signedIn' : 'signedOut';
  } catch (error) {
    if (errorCode(error).includes(PASSWORD_RESET_CODE) && msal.resetRequest) {
      sessionState.value = 'redirecting';
      await client.loginRedirect(msal.resetRequest as never);
      return;
    }
    account.value = null;
    sessionState.value = 'signedOut';
  }
}

/** The interface language for the provider's pages; the i18n module sets it (no import: the session stays free of the texts). */
let uiLocale: () => string = () => (typeof navigator === 'undefined' ? 'en' : navigator.language);
export function setUiLocale(read: () => string): void {
  uiLocale = read;
}

export async function signIn(): Promise<void> {
  if (!msal) return;
  sessionState.value = 'redirecting';
  // The sign-in pages speak the app's language (ui_locales, OpenID Connect Core 3.1.2.1).
  await msal.client.loginRedirect({ scopes: [msal.scope], redirectStartPage: location.href, extraQueryParameters: { ui_locales: uiLocale() } });
}

export async function signOut(): Promise<void> {
  if (!msal || !account.value) return;
  sessionState.value = 'redirecting';
  await msal.client.logoutRedirect({ account: account.value, idTokenHint: account.value.idToken, extraQueryParameters: { ui_locales: uiLocale() } });
}

/**
 * The access token for an API call: silently from the cache or renewed. When
 * renewal needs the user, the app redirects to the provider.
 */
export async function accessToken(): Promise<string | null> {
  if (!msal || !account.value) return null;
  try {
    const result = await msal.client.acquireTokenSilent({
      scopes: [msal.scope],
      account: account.value,
      redirectUri: new URL('/redirect.html', location.origin).href,
    });
    return result.accessToken;
  } catch (error) {
    if (error instanceof msal.InteractionRequiredAuthError) {
      sessionState.value = 'redirecting';
      await msal.client.acquireTokenRedirect({ scopes: [msal.scope], account: account.value, redirectStartPage: location.href });
      return null;
    }
    throw error;
  }
}
