// The one API client of the browser (the planner app and the embed), made
// from the route table of this package: typed
// params, query, body and answer per route name, the bearer token added in
// one place, JSON answers checked with the route's zod schema, and every
// failure turned into an ApiFailure that the error store shows
// unless the caller says the failure is expected.
import { ApiError, fillPath, routes, type RouteBodyInput, type RouteParamsInput, type RouteQueryInput, type RouteResponse, type Routes } from './index';

export type RouteName = keyof Routes;

/** A failed call: the HTTP status (0 for a network failure) and the server's error body when it sent one. */
export class ApiFailure extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly body: ApiError | null,
    readonly text: string,
  ) {
    super(`${route}: ${status} ${body?.message ?? text}`.slice(0, 500));
    this.name = 'ApiFailure';
  }
  /** The server's message key (e.g. 'scenarioWasModified') or sentence. */
  get messageKey(): string | undefined {
    return this.body?.message;
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface CallOptions<N extends RouteName> {
  params?: RouteParamsInput<Routes[N]>;
  query?: RouteQueryInput<Routes[N]>;
  body?: RouteBodyInput<Routes[N]>;
  signal?: AbortSignal;
  /** Failures this caller handles itself (not raised as the global error): a status list or a test. */
  expected?: number[] | ((failure: ApiFailure) => boolean);
}

/** Bytes of a binary answer received so far; the total when the server said it (Content-Length of an uncompressed body). */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

export interface BlobOptions<N extends RouteName> extends CallOptions<N> {
  /** Told as the body arrives, chunk by chunk. */
  onProgress?: (progress: DownloadProgress) => void;
}

export interface ApiClientOptions {
  /** The server's origin; '' for the page's own. */
  baseUrl?: string;
  /** The bearer token for a call; null when not signed in (anonymous routes only). */
  token?: () => Promise<string | null>;
  /** Where unexpected failures go (the error dialog). */
  onFailure?: (failure: ApiFailure) => void;
  /** Counts running calls (the busy bar). */
  onBusy?: (delta: 1 | -1) => void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  call<N extends RouteName>(name: N, options?: CallOptions<N>): Promise<RouteResponse<Routes[N]>>;
  /** A binary answer (image, PDF, CSV, xlsx) as a Blob, with the same token and error handling; progress as it arrives when asked. */
  blob<N extends RouteName>(name: N, options?: BlobOptions<N>): Promise<Blob>;
  url<N extends RouteName>(name: N, params: RouteParamsInput<Routes[N]>, query?: RouteQueryInput<Routes[N]>): string;
  /** Headers for requests the app makes outside the client (map tiles): the bearer token. */
  authHeaders(): Promise<Record<string, string>>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  const url = <N extends RouteName>(name: N, params: RouteParamsInput<Routes[N]>, query?: RouteQueryInput<Routes[N]>) =>
    base + fillPath(routes[name], params as never, query as never);

  async function authHeaders(): Promise<Record<string, string>> {
    const token = await options.token?.();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  async function send<N extends RouteName>(name: N, call: CallOptions<N>, accept: string): Promise<Response> {
    const route = routes[name];
    const headers: Record<string, string> = { Accept: accept, ...(await authHeaders()) };
    const init: RequestInit = { method: route.method, headers, signal: call.signal };
    if (call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(call.body);
    }
    options.onBusy?.(1);
    try {
      let response: Response;
      try {
        response = await doFetch(url(name, (call.params ?? {}) as never, call.query as never), init);
      } catch (error) {
        if (isAbort(error)) throw error;
        throw new ApiFailure(route.name, 0, null, error instanceof Error ? error.message : String(error));
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let body: ApiError | null = null;
        try {
          const parsed = ApiError.safeParse(JSON.parse(text));
          if (parsed.success) body = parsed.data;
        } catch {
          /* not JSON */
        }
        throw new ApiFailure(route.name, response.status, body, text);
      }
      return response;
    } catch (error) {
      if (error instanceof ApiFailure && !isExpected(error, call.expected)) options.onFailure?.(error);
      throw error;
    } finally {
      options.onBusy?.(-1);
    }
  }

  return {
    url,
    authHeaders,
    async call(name, call = {}) {
      const response = await send(name, call, 'application/json');
      const route = routes[name];
      const text = await response.text();
      const json = text === '' ? null : JSON.parse(text);
      const parsed = route.response.safeParse(json);
      if (!parsed.success) {
        const failure = new ApiFailure(
          route.name,
          response.status,
          null,
          `answer does not match the contract: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
        );
        options.onFailure?.(failure);
        throw failure;
      }
      return parsed.data as never;
    },
    async blob(name, call = {}) {
      const response = await send(name, call, '*/*');
      return call.onProgress ? readWithProgress(response, call.onProgress) : response.blob();
    },
  };
}

function isExpected(failure: ApiFailure, expected: CallOptions<RouteName>['expected']): boolean {
  if (!expected) return false;
  return Array.isArray(expected) ? expected.includes(failure.status) : expected(failure);
}

/** Reads a body chunk by chunk, telling the bytes received (and the total when known) as they arrive. */
export async function readWithProgress(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  const length = Number(response.headers.get('Content-Length'));
  // A compressed body's length counts the compressed bytes, not the ones the reader yields.
  const total = Number.isFinite(length) && length > 0 && !response.headers.get('Content-Encoding') ? length : null;
  onProgress({ received: 0, total });
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ received: blob.size, total });
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks as BlobPart[], { type });
}
