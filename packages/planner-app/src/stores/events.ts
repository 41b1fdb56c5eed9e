// Live updates: the app's one event stream (GET /api/events, Server-Sent
// Events). Read with fetch and a streamed body, so the bearer token goes in
// the Authorization header as on every call (EventSource cannot send it, and
// a token in an address would end up in logs). Reconnects by itself: at once
// when the server ends the stream, after 2, 4, ... up to 30 s when it cannot
// be reached, and when no byte came for two heartbeats; it sends the last
// event id so the server resumes where the stream broke off. While the stream
// is not open, the status poll of the spec runs (stores/planner.ts).
import { EventStreamReady, ScenarioEvent } from '@locus/contract';
import { signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';

export type StreamState = 'off' | 'connecting' | 'open';

/** Whether the stream is open: the status poll waits while it is. */
export const streamState = signal<StreamState>('off');

export interface StreamHandlers {
  /** A scenario changed (status, content, name) or was created or removed. */
  onScenario(event: ScenarioEvent): void;
  /** The stream (re)opened without the events missed: read the state afresh. */
  onResync(): void;
}

export interface StreamOptions {
  fetch?: typeof fetch;
  /** The first reconnection delay after a failure (ms); doubled up to maxDelayMs. */
  delayMs?: number;
  maxDelayMs?: number;
}

/** One parsed message of a text/event-stream. */
export interface StreamMessage {
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

/**
 * The incremental parser of text/event-stream (the HTML standard's rules):
 * lines end in LF, CR or CRLF; a blank line ends a message; a line starting
 * with ':' is a comment; 'field: value' with one optional space.
 */
export function eventStreamParser(onMessage: (message: StreamMessage) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let retry: number | undefined;
  let pendingCr = false;
  const line = (text: string) => {
    if (text === '') {
      if (data.length || event)
        onMessage({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}), ...(retry ? { retry } : {}) });
      event = '';
      data = [];
      id = undefined;
      retry = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };
  return (chunk: string) => {
    let text = chunk;
    if (pendingCr && text.startsWith('\n')) text = text.slice(1);
    pendingCr = false;
    buffer += text;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      line(buffer.slice(start, i));
      if (c === '\r') {
        if (i + 1 === buffer.length) pendingCr = true;
        else if (buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
  };
}

/** Opens the stream and keeps it open until the returned function is called. */
export function startEventStream(api: ApiClient, handlers: StreamHandlers, options: StreamOptions = {}): () => void {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const firstDelay = options.delayMs ?? 2000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let stopped = false;
  let controller: AbortController | null = null;
  let lastEventId: string | undefined;
  let retryMs = firstDelay;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const later = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), ms);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    streamState.value = 'connecting';
    controller = new AbortController();
    const own = controller;
    let heartbeatMs = 15_000;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    // No byte for two heartbeats (and a margin): the connection is dead even if nobody said so.
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => own.abort(), heartbeatMs * 2 + 5000);
    };
    let opened = false;
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', ...(await api.authHeaders()) };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await doFetch(api.url('events', {}), { headers, signal: own.signal, cache: 'no-store' });
      if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
      alive();
      const parse = eventStreamParser((message) => {
        if (message.id !== undefined) lastEventId = message.id;
        if (message.retry) retryMs = message.retry;
        if (message.event === 'ready') {
          const ready = EventStreamReady.safeParse(JSON.parse(message.data));
          if (ready.success) heartbeatMs = ready.data.heartbeatMs;
          opened = true;
          failures = 0;
          streamState.value = 'open';
          alive();
          if (!ready.success || !ready.data.resumed) handlers.onResync();
        } else if (message.event === 'scenario') {
          const event = ScenarioEvent.safeParse(JSON.parse(message.data));
          if (event.success) handlers.onScenario(event.data);
        }
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        parse(value);
      }
    } catch {
      // Refused, unreachable, aborted or broken off: tried again below.
    } finally {
      clearTimeout(watchdog);
      if (controller === own) controller = null;
    }
    if (stopped) return;
    streamState.value = 'off';
    // The server ended a stream that was open (its lifetime): back at once. A failure: later and later.
    if (opened) later(0);
    else {
      failures++;
      later(Math.min(maxDelay, Math.max(retryMs, firstDelay) * 2 ** (failures - 1)));
    }
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    streamState.value = 'off';
  };
}
