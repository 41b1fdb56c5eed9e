// Mounting a React node in the happy-dom document of a component test, with
// Testing Library's DOM queries bound to what it rendered (getByRole,
// getByText, queryByLabelText, ...), so tests find controls as a user does:
// by role and accessible name, by label, by text. Each mount gets an app
// model of its own (a fresh one unless the test hands one in), disposed when
// it is unmounted.
import { within } from '@testing-library/dom';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppModel } from '../src/stores/app';
import { AppModelProvider } from '../src/ui/app-model';
import { fakeApi } from './fake-api';

/** Renders synchronously inside an app model (a fresh one on an API that answers nothing, unless given); `host` holds the output; the queries search it. */
export function mount(node: ReactNode, model?: AppModel) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const app = model ?? new AppModel(fakeApi({}).api);
  act(() => root.render(<AppModelProvider model={app}>{node}</AppModelProvider>));
  return {
    host,
    ...within(host),
    unmount: () => {
      act(() => root.unmount());
      if (!model) app[Symbol.dispose]();
    },
  };
}

/** Renders inside an app model (as mount) and lets effects and pending promises settle; `container` holds the output; the queries search it. */
export async function render(node: ReactNode, model?: AppModel) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container as unknown as Element);
  const app = model ?? new AppModel(fakeApi({}).api);
  await act(async () => root.render(<AppModelProvider model={app}>{node}</AppModelProvider>));
  return {
    container,
    ...within(container),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
      if (!model) app[Symbol.dispose]();
    },
  };
}
