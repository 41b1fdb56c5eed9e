// A happy-dom window as the global browser environment of component and
// store tests (location, history, events, document).
import { Window } from 'happy-dom';

export function installDom(url = 'https://locus.test/'): Window {
  const window = new Window({ url, width: 1440, height: 900 });
  const g = globalThis as Record<string, unknown>;
  for (const key of [
    'window',
    'document',
    'location',
    'history',
    'navigator',
    'HTMLElement',
    'HTMLDialogElement',
    'Element',
    'Node',
    'Event',
    'KeyboardEvent',
    'PointerEvent',
    'MouseEvent',
    'customElements',
    'getComputedStyle',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'DOMException',
    'MutationObserver',
  ] as const) {
    Object.defineProperty(g, key, { value: (window as unknown as Record<string, unknown>)[key], configurable: true, writable: true });
  }
  g.addEventListener = window.addEventListener.bind(window);
  g.removeEventListener = window.removeEventListener.bind(window);
  g.innerWidth = 1440;
  g.IS_REACT_ACT_ENVIRONMENT = true;
  return window;
}
