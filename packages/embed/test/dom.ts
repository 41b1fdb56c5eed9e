// One happy-dom window for every test file of the package (uvu runs them in
// one process, and custom elements are defined once per registry), and the
// page's fetch, which each test sets to what its server answers.
import { Window } from 'happy-dom';
import { register } from 'node:module';

// @lit/react's Node build renders for the server (it never sets the element's
// properties): the tests, which run in a browser-like page, take its browser build.
register(
  'data:text/javascript,' +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === '@lit/react') return next(specifier, { ...context, conditions: ['browser', 'import', 'default'] });
  return next(specifier, context);
}`),
);

export const window = new Window({ url: 'https://intranet.test/page.html', width: 1200, height: 800 });
const g = globalThis as Record<string, unknown>;
for (const key of [
  'window',
  'document',
  'location',
  'navigator',
  'HTMLElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'customElements',
  'ShadowRoot',
  'CSSStyleSheet',
  'MutationObserver',
  'ResizeObserver',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'getComputedStyle',
  'DocumentFragment',
  'Document',
  'Text',
  'Comment',
  'NodeFilter',
  'TreeWalker',
  'HTMLTemplateElement',
  'HTMLInputElement',
  'HTMLButtonElement',
] as const) {
  Object.defineProperty(g, key, { value: (window as unknown as Record<string, unknown>)[key], configurable: true, writable: true });
}

export type FetchHandler = (url: string, init?: RequestInit) => Promise<Response>;
let handler: FetchHandler = async () => {
  throw new TypeError('network down');
};
export const fetched: string[] = [];
g.fetch = async (input: string, init?: RequestInit) => {
  fetched.push(String(input));
  return handler(String(input), init);
};

/** Sets what the page's fetch answers. */
export function answerFetch(next: FetchHandler): void {
  handler = next;
}

/** Lets promises, Lit updates and timers of a few ms run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 10));
}
