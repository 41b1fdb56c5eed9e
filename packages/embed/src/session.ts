// Sign-in of the embedded elements: one msal client per Locus server and page,
// shared by every element on the page, so two elements sign in once. The
// sign-in runs in a popup whose redirect lands on a bridge page in the host
// page's own origin (registered with the server's IDENTITY_EXTRA_REDIRECT_URIS);
// on the server's own origin the planner app's redirect.html is the bridge.
// When the browser blocks the popup, the whole page goes to the sign-in page
// instead and comes back through the same bridge, which returns to the page;
// the session then picks the answer up when it starts.
import type { IPublicClientApplication, AccountInfo } from '@azure/msal-browser';
import { MsalConfiguration } from '@locus/contract';
import { createApiClient } from '@locus/contract/client';

export type SessionState = 'starting' | 'signedOut' | 'signedIn' | 'unavailable';

/** The bridge page's URL for a server: on the server's own origin its redirect.html, else the host's locus-redirect.html. */
export function defaultRedirectUri(server: string, pageUrl: string = location.href): string {
  const page = new URL(pageUrl);
  if (new URL(server).origin === page.origin) return new URL('/redirect.html', server).href;
  return new URL('/locus-redirect.html', page.origin).href;
}

/**
 * What the elements need of a session: the one msal session of the page
 * (EmbedSession), or a host page's own, handed in with adoptSession.
 */
export interface LocusSession {
  /** 'signedIn' shows the content; 'signedOut' the sign-in button; 'unavailable' that the server cannot be reached. */
  readonly state: SessionState;
  /** Settles when the state is known. */
  readonly ready: Promise<void>;
  /** The signed-in user's name (the report's subheader), or ''. */
  readonly userName: string;
  /** An access token for the Locus API; null when the user must sign in. */
  token(): Promise<string | null>;
  /** Calls the listener on every change of state; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** Signs the user in (the element's sign-in button calls it). */
  signIn(): Promise<void>;
}

export class EmbedSession implements LocusSession {
  state: SessionState = 'starting';
  private client: IPublicClientApplication | null = null;
  private scope = '';
  private account: AccountInfo | null = null;
  private readonly listeners = new Set<() => void>();
  private interactionRequired: (error: unknown) => boolean = () => false;
  private popupBlocked: (error: unknown) => boolean = () => false;
  readonly ready: Promise<void>;

  constructor(
    readonly server: string,
    readonly redirectUri: string,
  ) {
    this.ready = this.start();
  }

  private async start(): Promise<void> {
    let configuration: MsalConfiguration;
    try {
      const anonymous = createApiClient({ baseUrl: this.server });
      configuration = MsalConfiguration.parse(await anonymous.call('systemMsalConfiguration'));
    } catch {
      this.set('unavailable');
      return;
    }
    const browser = await import('@azure/msal-browser');
    const options = configuration.options as unknown as import('@azure/msal-browser').Configuration;
    const client = new browser.PublicClientApplication({
      ...options,
      auth: { ...options.auth, redirectUri: this.redirectUri, postLogoutRedirectUri: this.redirectUri },
      cache: { ...options.cache, cacheLocation: 'localStorage' },
    });
    await client.initialize();
    this.client = client;
    this.scope = configuration.scope;
    this.interactionRequired = (error) => error instanceof browser.InteractionRequiredAuthError;
    this.popupBlocked = (error) =>
      error instanceof browser.BrowserAuthError &&
      (error.errorCode === browser.BrowserAuthErrorCodes.popupWindowError || error.errorCode === browser.BrowserAuthErrorCodes.emptyWindowError);
    // Back from a redirect sign-in (the popup was blocked): the bridge left the answer for this page.
    const redirected = await client.handleRedirectPromise().catch(() => null);
    this.account = redirected?.account ?? client.getActiveAccount() ?? client.getAllAccounts()[0] ?? null;
    if (this.account) client.setActiveAccount(this.account);
    this.set(this.account ? 'signedIn' : 'signedOut');
  }

  private set(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  /** Calls the listener on every change of state; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Opens the sign-in popup (call it from a click). A blocked popup falls
   * back to the redirect: the page leaves for the sign-in page and comes back
   * to itself signed in.
   */
  async signIn(): Promise<void> {
    await this.ready;
    if (!this.client) return;
    const request = { scopes: [this.scope], redirectUri: this.redirectUri };
    let result;
    try {
      result = await this.client.loginPopup(request);
    } catch (error) {
      if (!this.popupBlocked(error)) throw error;
      await this.client.loginRedirect({ ...request, redirectStartPage: location.href });
      return;
    }
    this.account = result.account;
    this.client.setActiveAccount(result.account);
    this.set('signedIn');
  }

  /** The signed-in user's name (the report's subheader), or ''. */
  get userName(): string {
    return this.account?.name ?? this.account?.username ?? '';
  }

  /** The access token, silently from the cache or renewed; null when the user must sign in. */
  async token(): Promise<string | null> {
    await this.ready;
    if (!this.client || !this.account) return null;
    try {
      const result = await this.client.acquireTokenSilent({ scopes: [this.scope], account: this.account, redirectUri: this.redirectUri });
      return result.accessToken;
    } catch (error) {
      if (this.interactionRequired(error)) {
        this.account = null;
        this.set('signedOut');
        return null;
      }
      throw error;
    }
  }
}

const sessions = new Map<string, LocusSession>();

/** The page's one session for a server (and bridge page). */
export function sessionFor(server: string, redirectUri: string): LocusSession {
  const key = `${new URL(server).origin} ${redirectUri}`;
  let session = sessions.get(key);
  if (!session) {
    session = new EmbedSession(new URL(server).origin, redirectUri);
    sessions.set(key, session);
  }
  return session;
}

/**
 * Makes `session` the page's session for a server and bridge page: a host
 * page that signs in by itself (or a test) hands the elements its session.
 */
export function adoptSession(server: string, redirectUri: string, session: LocusSession): void {
  sessions.set(`${new URL(server).origin} ${redirectUri}`, session);
}

/** How many sessions the page holds (tests). */
export function sessionCount(): number {
  return sessions.size;
}
