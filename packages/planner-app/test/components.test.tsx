// Components in happy-dom: they re-render when the signals they read change
// (useSignals), the not-found page, notifications, the error dialog and the
// scenario picker's order and chips.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/nothing-here');
import { within } from '@testing-library/dom';
import { act } from 'react';
import { language } from '../src/i18n';
import { scenarioId, scenarios } from '../src/stores/scenarios';
import { dismiss, globalError, notifications, notify } from '../src/stores/ui';
import { App, screenOf } from '../src/ui/App';
import { ErrorDialog, Notifications } from '../src/ui/feedback';
import { ScenarioPicker, StatusChip } from '../src/ui/scenario-picker';
import { scenario } from './fixtures';
import { mount } from './render';

test('routes: main, test, the admin screens, and not-found for everything else', () => {
  assert.is(screenOf('/'), 'main');
  assert.is(screenOf('/test'), 'test');
  assert.is(screenOf('/test/'), 'test');
  assert.is(screenOf('/nothing'), 'notFound');
  assert.is(screenOf('/admin/users'), 'adminUsers');
});

test('the not-found page shows its two sentences, in the interface language', () => {
  language.value = 'en';
  const { getByText, unmount } = mount(<App pathname="/nothing-here" />);
  getByText('We are sorry, the page you requested cannot be found.', { exact: false });
  getByText("The URL may be misspelled or the page you're looking for is no longer available.", { exact: false });
  act(() => {
    language.value = 'nl';
  });
  getByText('Het spijt ons', { exact: false });
  language.value = 'en';
  unmount();
});

test('a status chip re-renders when its status changes', () => {
  scenarios.value = [scenario(1, { status: 0 })];
  scenarioId.value = 1;
  const { getByRole, unmount } = mount(<ScenarioPicker />);
  assert.match(getByRole('status').textContent ?? '', 'Not calculated');
  act(() => {
    scenarios.value = [scenario(1, { status: 3 })];
  });
  assert.match(getByRole('status').textContent ?? '', 'Calculating 33 %');
  act(() => {
    scenarios.value = [scenario(1, { status: 9 })];
  });
  assert.match(getByRole('status').textContent ?? '', 'Calculated');
  unmount();
});

test('the scenario list is nested by parent, top scenarios first', () => {
  scenarios.value = [
    scenario(1, { name: 'Base' }),
    scenario(2, { name: 'Alpha', parentScenarioId: 1 }),
    scenario(3, { name: 'Merge', parentScenarioId: 1, isTop: true }),
  ];
  scenarioId.value = 2;
  const { getAllByRole, unmount } = mount(<ScenarioPicker />);
  const options = getAllByRole('option', { hidden: true });
  assert.equal(
    options.map((o) => o.querySelector('.option-name')?.textContent),
    ['Base', 'Merge', 'Alpha'],
  );
  assert.is(options[2]!.getAttribute('aria-selected'), 'true');
  unmount();
});

test('notifications appear, can be closed, and a chip outside 0..10 says Error', () => {
  const { getByText, unmount } = mount(
    <>
      <Notifications />
      <StatusChip status={42} />
    </>,
  );
  let id = 0;
  act(() => {
    id = notify('Scenario calculated');
  });
  // Rendered in the page (or the open dialog: the top layer), not where the component sits.
  const shown = () => document.querySelector('.notifications')?.textContent ?? '';
  assert.match(shown(), 'Scenario calculated');
  act(() => within(document.body).getByRole('button', { name: 'Close notification' }).click());
  assert.not.match(shown(), 'Scenario calculated');
  getByText('Error');
  dismiss(id);
  unmount();
});

test('the error dialog shows the spec text and a Refresh button; the server body only in debug mode', () => {
  const { host, getByRole, queryByRole, unmount } = mount(<ErrorDialog />);
  assert.is(queryByRole('dialog', { hidden: true }), null);
  act(() => {
    globalError.value = { message: 'scenarios: 500', response: '{"statusCode":500}' };
  });
  const text = host.textContent ?? '';
  assert.match(text, 'An unexpected error occurred, possibly due to a poor internet connection');
  getByRole('button', { name: 'Refresh', hidden: true });
  assert.not.match(text, '"statusCode":500');
  act(() => {
    globalError.value = null;
  });
  unmount();
});

test.after(() => {
  for (const n of notifications.value) dismiss(n.id);
});

test.run();
