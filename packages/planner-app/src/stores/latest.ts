// "The latest answer wins": the one way the stores drop answers that a newer
// call made void. Each call gets its own AbortSignal (handed to the API
// client, so the browser cancels the request); starting the next call aborts
// the one before. An aborted call's answer is never applied, and its abort is
// no failure: it resolves to STALE instead of rejecting.
import { isAbort } from '@locus/contract/client';

/** What a call resolves to when a later call (or an abort) made its answer void. */
export const STALE: unique symbol = Symbol('stale answer');
export type Stale = typeof STALE;

export interface Latest {
  /**
   * Runs `load` with a fresh signal and aborts the call before it. Resolves
   * to the answer, or to STALE when a later call or `abort()` came first
   * (also when `load` ignored the signal). A failure of the latest call
   * rejects as it was.
   */
  run<T>(load: (signal: AbortSignal) => Promise<T>): Promise<T | Stale>;
  /** Makes the running call's answer void (the thing it was for has gone). */
  abort(): void;
}

export function latestWins(): Latest {
  let current: AbortController | null = null;
  return {
    async run(load) {
      current?.abort();
      const own = (current = new AbortController());
      try {
        const value = await load(own.signal);
        return own.signal.aborted ? STALE : value;
      } catch (error) {
        if (own.signal.aborted || isAbort(error)) return STALE;
        throw error;
      } finally {
        if (current === own) current = null;
      }
    },
    abort() {
      current?.abort();
      current = null;
    },
  };
}

/**
 * A load whose answer replaces what it loads (a list, a page): only the
 * answer to the latest call is applied, so an earlier call answered late (a
 * slow query, filters changed one after another, a reload after a save) never
 * puts back older data.
 */
export function latestApplied<T>(load: (signal: AbortSignal) => Promise<T>, apply: (value: T) => void): () => Promise<void> {
  const latest = latestWins();
  return async () => {
    const value = await latest.run(load);
    if (value !== STALE) apply(value);
  };
}
