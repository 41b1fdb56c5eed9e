// Throttling of password guessing on the built-in sign-in page, per sign-in
// name: after MAX_FAILURES wrong passwords within the window the name is
// locked until the window (counted from the first failure) has passed; the
// right password does not help meanwhile. Independent of the per-address
// request limit (@fastify/rate-limit), which a guesser spreading over many
// addresses would not meet. Kept in this process's memory: with several API
// processes each counts its own attempts (the limit multiplies by their number).

export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_LOCK_WINDOW_MS = 15 * 60_000;

interface Attempts {
  failures: number;
  firstFailure: number;
}

export interface SignInThrottle {
  /** Milliseconds until the name may try again; 0 when it may try now. */
  lockedFor(identity: string): number;
  /** A wrong password for the name. */
  failed(identity: string): void;
  /** A successful sign-in clears the name's failures. */
  succeeded(identity: string): void;
}

export function createSignInThrottle(options: { maxFailures?: number; windowMs?: number; maxNames?: number } = {}): SignInThrottle {
  const maxFailures = options.maxFailures ?? SIGN_IN_MAX_FAILURES;
  const windowMs = options.windowMs ?? SIGN_IN_LOCK_WINDOW_MS;
  const maxNames = options.maxNames ?? 100_000;
  const attempts = new Map<string, Attempts>();

  const current = (identity: string, now: number) => {
    const a = attempts.get(identity);
    if (a && now - a.firstFailure >= windowMs) {
      attempts.delete(identity);
      return undefined;
    }
    return a;
  };

  return {
    lockedFor(identity) {
      const now = Date.now();
      const a = current(identity, now);
      return a && a.failures >= maxFailures ? a.firstFailure + windowMs - now : 0;
    },
    failed(identity) {
      const now = Date.now();
      const a = current(identity, now);
      if (a) {
        a.failures++;
        return;
      }
      if (attempts.size >= maxNames) {
        // Forget the oldest half rather than grow without bound.
        let drop = Math.floor(maxNames / 2);
        for (const key of attempts.keys()) {
          if (drop-- <= 0) break;
          attempts.delete(key);
        }
      }
      attempts.set(identity, { failures: 1, firstFailure: now });
    },
    succeeded(identity) {
      attempts.delete(identity);
    },
  };
}
