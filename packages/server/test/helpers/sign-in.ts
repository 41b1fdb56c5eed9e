// Signs in the way the browser does, against a running server over HTTPS:
// reads /api/system/msal-configuration and the provider's discovery document,
// starts an authorization-code request with PKCE S256, follows redirects with
// a cookie jar, fills the login page's form, and exchanges the code at the
// token endpoint. Tokens come from the real provider; tests never mint them.
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
}

export interface Page {
  url: string;
  status: number;
  html: string;
}

export interface HttpResult {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ClientOptions {
  /** Trusted CA (PEM) for the server's certificate; without it any certificate is accepted. */
  ca?: string;
}

/** A failed sign-in: the page the server answered with. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly page: Page,
  ) {
    super(message);
  }
}

/** An error answer of the token endpoint (`error` is the OAuth error code). */
export class TokenEndpointError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string | undefined,
  ) {
    super(`token endpoint answered ${status} ${error}${description ? `: ${description}` : ''}`);
  }
}

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/** Cookies by name and path; sent when the path matches (host ignored: one server per jar). */
export class CookieJar {
  private cookies: Cookie[] = [];

  store(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      let path = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key, val = ''] = attribute.split('=').map((s) => s.trim());
        const k = key!.toLowerCase();
        if (k === 'path') path = val || '/';
        if (k === 'max-age' && Number(val) <= 0) expired = true;
        if (k === 'expires' && new Date(val).getTime() < Date.now()) expired = true;
      }
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!expired) this.cookies.push({ name, value, path });
    }
  }

  header(url: string): string | undefined {
    const { pathname } = new URL(url);
    const matching = this.cookies.filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`));
    // Longer paths first, as browsers send them.
    matching.sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }
}

/** A tiny browser: HTTPS requests with a cookie jar, redirects followed by the caller. */
export class TestBrowser {
  readonly jar = new CookieJar();
  private readonly agent: Agent;

  constructor(options: ClientOptions = {}) {
    // No keep-alive: a finished test leaves no open sockets behind.
    this.agent = new Agent(options.ca ? { ca: options.ca, keepAlive: false } : { rejectUnauthorized: false, keepAlive: false });
  }

  request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpResult> {
    const target = new URL(url);
    const headers: Record<string, string> = { accept: 'text/html,application/json', 'accept-language': 'en', ...init.headers };
    const cookie = this.jar.header(url);
    if (cookie) headers.cookie = cookie;
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(target, { method: init.method ?? 'GET', headers, ...(target.protocol === 'https:' ? { agent: this.agent } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          this.jar.store(res.headers['set-cookie']);
          resolve({ url, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      if (init.body !== undefined) req.write(init.body);
      req.end();
    });
  }

  get(url: string, headers?: Record<string, string>): Promise<HttpResult> {
    return this.request(url, { headers });
  }

  postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<HttpResult> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** A fetch over this browser (its agent and cookies), e.g. for a server with a self-signed certificate. */
  readonly fetch = (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await this.request(String(input instanceof Request ? input.url : input), { method: init?.method, headers });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(key, value);
    return new Response(res.body, { status: res.status, headers: responseHeaders });
  }) as typeof fetch;

  async json<T>(url: string): Promise<T> {
    const res = await this.get(url, { accept: 'application/json' });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body.slice(0, 200)}`);
    return JSON.parse(res.body) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
  jwks_uri: string;
}
interface MsalConfigurationAnswer {
  scope: string;
  options: { auth: { clientId: string; redirectUri: string } };
}

export interface SignInOptions extends ClientOptions {
  /** Extra authorization parameters, e.g. { prompt: 'login', ui_flow: 'reset' }. */
  extraParams?: Record<string, string>;
  /** Continue in this browser (its cookies) instead of a new one. */
  browser?: TestBrowser;
}

/** A sign-in in progress: the page it stopped at, and how to go on. */
export interface SignInFlow {
  browser: TestBrowser;
  discovery: Discovery;
  page: Page;
  /** Posts the page's form (the first, or the one whose action ends with `action`) with the given fields. */
  submit(fields: Record<string, string>, action?: string): Promise<Tokens | Page>;
  /** Opens a URL (e.g. a link from a mail) in this browser and follows it. */
  open(url: string): Promise<Tokens | Page>;
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

export async function startSignIn(baseUrl: string, options: SignInOptions = {}): Promise<SignInFlow> {
  const browser = options.browser ?? new TestBrowser(options);
  const msal = await browser.json<MsalConfigurationAnswer>(`${baseUrl}/api/system/msal-configuration`);
  const discovery = await browser.json<Discovery>(`${baseUrl}/oidc/.well-known/openid-configuration`);
  const { clientId, redirectUri } = msal.options.auth;
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const authorize = new URL(discovery.authorization_endpoint);
  for (const [key, value] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    response_mode: 'fragment',
    redirect_uri: redirectUri,
    scope: `openid profile ${msal.scope}`,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state,
    nonce: base64url(randomBytes(16)),
    ...options.extraParams,
  }))
    authorize.searchParams.set(key, value);

  const exchange = async (location: string): Promise<Tokens> => {
    const params = new URLSearchParams(new URL(location).hash.slice(1) || new URL(location).search.slice(1));
    if (params.get('state') !== state) throw new Error(`state mismatch in ${location}`);
    const code = params.get('code');
    if (!code) throw new Error(`no code in ${location}: ${params.get('error')} ${params.get('error_description') ?? ''}`);
    return tokenRequest(browser, discovery.token_endpoint, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    });
  };

  /** Follows redirects until a page is shown or the app's redirect URI is reached. */
  const follow = async (first: HttpResult): Promise<Tokens | Page> => {
    let res = first;
    for (let hops = 0; hops < 20; hops++) {
      if (res.status < 300 || res.status >= 400) return { url: res.url, status: res.status, html: res.body };
      const location = new URL(String(res.headers.location), res.url).toString();
      const target = new URL(location);
      if (`${target.origin}${target.pathname}` === redirectUri) return exchange(location);
      res = await browser.get(location);
    }
    throw new Error('too many redirects');
  };

  const flow: SignInFlow = {
    browser,
    discovery,
    page: { url: '', status: 0, html: '' },
    async submit(fields, action) {
      const form = findForm(flow.page.html, action);
      if (!form) throw new SignInError(`no form${action ? ` posting to …${action}` : ''} on ${flow.page.url}`, flow.page);
      const result = await follow(await browser.postForm(new URL(form.action, flow.page.url).toString(), { ...form.hidden, ...fields }));
      if ('html' in result) flow.page = result;
      return result;
    },
    async open(url) {
      const result = await follow(await browser.get(url));
      if ('html' in result) flow.page = result;
      return result;
    },
  };
  const first = await flow.open(authorize.toString());
  if (!('html' in first)) throw new Error('the provider signed in without showing a page');
  return flow;
}

/** Signs in with identity and password; throws SignInError with the page when the provider refuses. */
export async function signIn(baseUrl: string, identity: string, password: string, options: SignInOptions = {}): Promise<Tokens> {
  const flow = await startSignIn(baseUrl, options);
  const result = await flow.submit({ identity, password }, '/login');
  if ('html' in result) throw new SignInError(`sign-in of ${identity} refused (${result.status})`, result);
  return result;
}

/** Uses a refresh token (as msal's silent renewal does); throws TokenEndpointError when refused. */
export async function refresh(baseUrl: string, refreshToken: string, options: ClientOptions = {}): Promise<Tokens> {
  const browser = new TestBrowser(options);
  try {
    const msal = await browser.json<MsalConfigurationAnswer>(`${baseUrl}/api/system/msal-configuration`);
    const discovery = await browser.json<Discovery>(`${baseUrl}/oidc/.well-known/openid-configuration`);
    return await tokenRequest(browser, discovery.token_endpoint, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: msal.options.auth.clientId,
      scope: `openid profile ${msal.scope}`,
    });
  } finally {
    browser.close();
  }
}

async function tokenRequest(browser: TestBrowser, tokenEndpoint: string, fields: Record<string, string>): Promise<Tokens> {
  // As msal's fetch does: a JSON answer, also for errors (an HTML-accepting client gets the error page).
  const res = await browser.postForm(tokenEndpoint, fields, { accept: '*/*' });
  const body = JSON.parse(res.body) as { access_token?: string; refresh_token?: string; id_token?: string; error?: string; error_description?: string };
  if (res.status !== 200 || !body.access_token) throw new TokenEndpointError(res.status, body.error ?? 'unknown', body.error_description);
  return { accessToken: body.access_token, refreshToken: body.refresh_token ?? '', idToken: body.id_token ?? '' };
}

/** The action and hidden fields of a form on the page (the first, or the one whose action ends with `action`). */
export function findForm(html: string, action?: string): { action: string; hidden: Record<string, string> } | undefined {
  for (const match of html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/gi)) {
    const target = /action="([^"]*)"/i.exec(match[0])?.[1]?.replace(/&amp;/g, '&');
    if (target === undefined || (action && !target.split('?')[0]!.endsWith(action))) continue;
    const hidden: Record<string, string> = {};
    for (const input of match[1]!.matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/i.exec(input[0])?.[1];
      const value = /value="([^"]*)"/i.exec(input[0])?.[1] ?? '';
      if (name)
        hidden[name] = value
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>');
    }
    return { action: target, hidden };
  }
  return undefined;
}
