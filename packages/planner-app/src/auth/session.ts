// Sign-in with @azure/msal-browser on the configuration the server gives
// (GET /api/system/msal-configuration): redirect login, silent renewal (by
// refresh token; a hidden frame on redirect.html when there is none), the
// password-reset redirect on the reset error code, a redirect when renewal
// needs interaction, and sign-out (spec points 1 and 8).
import type { AccountInfo, IPublicClientApplication } from '@azure/msal-browser';
import { MsalConfiguration } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';

export type SessionState = 'starting' | 'signedOut' | 'signedIn' | 'redirecting' | 'unavailable';

/** Azure AD B2C's "forgot password" error code; the built-in provider offers its own link instead. */
export const PASSWORD_RESET_CODE = 'AADB2C90118';

export const sessionState = signal<SessionState>('starting');
export const account = signal<AccountInfo | null>(null);
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
 * provider and finds the account. A failed configuration load is ignored
 * (spec point 8): the app stays signed out and says so.
 */
export async function startSession(fetchConfiguration: () => Promise<unknown>): Promise<void> {
  let configuration: MsalConfiguration;
  try {
    configuration = MsalConfiguration.parse(await fetchConfiguration());
  } catch {
    sessionState.value = 'unavailable';
    return;
  }
  const browser = await import('@azure/msal-browser');
  const client = new browser.PublicClientApplication(configuration.options as unknown as import('@azure/msal-browser').Configuration);
  await client.initialize();
  msal = { client, scope: configuration.scope, resetRequest: configuration.passwordResetRequest, InteractionRequiredAuthError: browser.InteractionRequiredAuthError };
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

export async function signIn(): Promise<void> {
  if (!msal) return;
  sessionState.value = 'redirecting';
  await msal.client.loginRedirect({ scopes: [msal.scope], redirectStartPage: location.href });
}

export async function signOut(): Promise<void> {
  if (!msal || !account.value) return;
  sessionState.value = 'redirecting';
  await msal.client.logoutRedirect({ account: account.value, idTokenHint: account.value.idToken });
}

/**
 * The access token for an API call: silently from the cache or renewed. When
 * renewal needs the user, the app redirects to the provider (spec point 8).
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
