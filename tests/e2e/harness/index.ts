// The browser suite's harness: the real server, Debian's Chromium, sign-in,
// axe-core and screenshot goldens. Files of the suite make their tests with
// e2eSuite, which skips them (saying why) only outside CI when Chromium is missing.
import { suite, type Test } from 'uvu';
import { CHROMIUM, chromiumAvailable } from './browser.js';

export * from './api.js';
export * from './app.js';
export * from './axe.js';
export * from './browser.js';
export * from './goldens.js';
export * from './server.js';

/** Why the browser suite cannot run here, or null; in CI (CI=true) nothing is a reason to skip. */
export function skipReason(): string | null {
  if (process.env.CI === 'true') return null;
  if (!chromiumAvailable()) return `Chromium not found at ${CHROMIUM} (install Debian's chromium package or set CHROMIUM_PATH)`;
  return null;
}

/** A uvu suite whose tests are skipped, with one clear message, when skipReason() says so. */
export function e2eSuite<T extends Record<string, unknown>>(name: string, context?: T): Test<T> {
  const s = suite<T>(name, context);
  const reason = skipReason();
  if (!reason) {
    // uvu counts a failing hook as failed tests but does not say why: say it here.
    const loud = (hook: string, fn: (context: T) => unknown) => async (context: T) => {
      try {
        await fn(context);
      } catch (error) {
        console.error(`\n${name}: the ${hook} hook failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        throw error;
      }
    };
    const { before, after } = s;
    return Object.assign(s, {
      before: Object.assign((fn: (context: T) => unknown) => before(loud('before', fn)), {
        each: (fn: (context: T) => unknown) => before.each(loud('before.each', fn)),
      }),
      after: Object.assign((fn: (context: T) => unknown) => after(loud('after', fn)), {
        each: (fn: (context: T) => unknown) => after.each(loud('after.each', fn)),
      }),
    }) as unknown as Test<T>;
  }
  console.log(`browser suite "${name}" skipped: ${reason}`);
  const hook = Object.assign(() => undefined, { each: () => undefined });
  const skipping = Object.assign((title: string, fn: Parameters<Test<T>>[1]) => s.skip(title, fn), {
    skip: s.skip,
    only: s.skip,
    before: hook,
    after: hook,
    run: s.run,
  });
  return skipping as unknown as Test<T>;
}
