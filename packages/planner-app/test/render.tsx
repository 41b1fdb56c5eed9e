// Mounting a React node in the happy-dom document of a component test, with
// Testing Library's DOM queries bound to what it rendered (getByRole,
// getByText, queryByLabelText, ...), so tests find controls as a user does:
// by role and accessible name, by label, by text.
import { within } from '@testing-library/dom';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders synchronously; `host` holds the output; the queries search it. */
export function mount(node: ReactNode) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  act(() => root.render(node));
  return { host, ...within(host), unmount: () => act(() => root.unmount()) };
}

/** Renders and lets effects and pending promises settle; `container` holds the output; the queries search it. */
export async function render(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container as unknown as Element);
  await act(async () => root.render(node));
  return {
    container,
    ...within(container),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}
