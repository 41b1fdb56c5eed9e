// The admin area: routes, the add-login rules with the spec's messages, the
// admin-needs-access rule in both access editors (and on screen), the log
// viewer's bitmask and pages, the status totals, the virtual list window, and
// the 'no access' page for a planner.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installDom } from './dom';
installDom('https://locus.test/admin/users');
import { act } from 'react';
import type { Model } from '@locus/contract';
import { sessionState } from '../src/auth/session';
import { language } from '../src/i18n';
import { AdminAreaModel, adminRouteOf, eventTypeMask, statusTotals, validateLoginForm, withAccess } from '../src/stores/admin';
import { AppModel } from '../src/stores/app';
import { models, modelsLoaded } from '../src/stores/models';
import { debugMode, dismiss, notifications } from '../src/stores/ui';
import { AdminScreen } from '../src/ui/admin';
import { UsersScreen } from '../src/ui/admin/screens';
import { visibleRange } from '../src/ui/admin/layout';
import { fakeApi } from './fake-api';
import { model } from './fixtures';
import { mount } from './render';

test('admin routes by path; anything else under /admin is not an admin route', () => {
  assert.is(adminRouteOf('/admin'), 'admin');
  assert.is(adminRouteOf('/admin/'), 'admin');
  assert.is(adminRouteOf('/admin/logins'), 'adminLogins');
  assert.is(adminRouteOf('/admin/models'), 'adminModels');
  assert.is(adminRouteOf('/admin/users'), 'adminUsers');
  assert.is(adminRouteOf('/admin/scenarioStatus'), 'scenarioStatus');
  assert.is(adminRouteOf('/admin/other'), null);
  assert.is(adminRouteOf('/'), null);
});

test('add login: display name and e-mail required, the e-mail pattern with a 2 or 3 letter ending', () => {
  assert.equal(validateLoginForm({ displayName: ' ', email: '' }), { displayName: 'Displayname is required', email: 'E-mail address is required' });
  assert.equal(validateLoginForm({ displayName: 'Ann', email: 'ann@example' }), { email: 'E-mail address is invalid' });
  assert.equal(validateLoginForm({ displayName: 'Ann', email: 'ann@example.info' }), { email: 'E-mail address is invalid' });
  assert.equal(validateLoginForm({ displayName: 'Ann', email: 'ann @example.nl' }), { email: 'E-mail address is invalid' });
  assert.equal(validateLoginForm({ displayName: 'Ann', email: 'ann@example.nl' }), {});
  assert.equal(validateLoginForm({ displayName: 'Ann', email: 'ann@sub.example.com' }), {});
});

test('creating a login: an invalid form calls nothing; a valid one shows the generated password until restarted', async () => {
  const { api, names } = fakeApi({
    adminLoginCreate: () => ({ ID: 'guid-1', IsAdmin: false, DisplayName: 'Ann', Email: 'ann@example.nl', Password: 'Secret-123' }),
    adminLogins: () => [],
  });
  const admin = new AdminAreaModel(api);
  admin.loginForm.value = { displayName: 'Ann', email: 'ann@' };
  assert.is(await admin.createLogin(), false);
  assert.is(admin.loginFormErrors.value.email, 'E-mail address is invalid');
  assert.equal(names(), []);
  admin.setLoginForm({ email: 'ann@example.nl' });
  assert.equal(admin.loginFormErrors.value, {}, 'errors follow the edits once shown');
  assert.is(await admin.createLogin(), true);
  assert.equal(names(), ['adminLoginCreate', 'adminLogins']);
  assert.is(admin.createdLogin.value?.created.Password, 'Secret-123');
  admin.restartLoginForm();
  assert.is(admin.createdLogin.value, null);
  assert.equal(admin.loginForm.value, { displayName: '', email: '' });
});

test('admin needs access: turning access off turns admin off, admin cannot be set without access', async () => {
  assert.equal(withAccess({ hasAccess: true, isAdmin: true }, false), { hasAccess: false, isAdmin: false });
  const { api, calls } = fakeApi({
    adminUserModels: () => [
      { id: 1, name: 'Turnover', hasAccess: true, isAdmin: true },
      { id: 2, name: 'Score', hasAccess: false, isAdmin: false },
    ],
    adminUserModelsSave: (o) => (o.body as unknown as { models: unknown[] }).models,
    adminModelUsers: () => [
      { id: 7, title: 'Pieter', hasAccess: true, isAdmin: false, deletedFromAzureAd: 0 },
      { id: 8, title: 'Gone', hasAccess: true, isAdmin: true, deletedFromAzureAd: 1 },
    ],
  });
  const admin = new AdminAreaModel(api);
  await admin.openUser({ id: 5, title: 'Pieter' });
  admin.setUserRow(2, { isAdmin: true });
  assert.is(admin.userEditor.value!.rows[1]!.isAdmin, false, 'no admin without access');
  admin.setUserRow(1, { hasAccess: false });
  assert.equal(admin.userEditor.value!.rows[0], { id: 1, name: 'Turnover', hasAccess: false, isAdmin: false });
  await admin.saveUser();
  const body = calls.at(-1)!.options.body as unknown as { models: { isAdmin: boolean; hasAccess: boolean }[] };
  assert.ok(body.models.every((m) => !m.isAdmin || m.hasAccess));

  await admin.openModel({ id: 1, name: 'Turnover' });
  assert.equal(
    admin.modelEditorOrphans.value.map((u) => u.title),
    ['Gone'],
  );
  admin.setModelRow(8, { hasAccess: false });
  assert.is(admin.modelEditor.value!.rows.find((r) => r.id === 8)!.isAdmin, false);
});

test('the users screen: the admin checkbox is disabled while has access is off, and enabled when it is turned on', async () => {
  language.value = 'en';
  const { api } = fakeApi({
    adminUsers: () => [{ id: 5, title: 'Pieter' }],
    adminUserModels: () => [{ id: 1, name: 'Turnover', hasAccess: false, isAdmin: false }],
  });
  const app = new AppModel(api);
  const { getByRole, queryByRole, unmount } = mount(<UsersScreen />, app);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  const pencil = queryByRole('button', { name: 'Edit model access of Pieter' });
  assert.ok(pencil, 'the pencil has its name');
  await act(async () => {
    pencil!.click();
    await new Promise((r) => setTimeout(r, 0));
  });
  const access = getByRole<HTMLInputElement>('checkbox', { name: 'Turnover has access', hidden: true });
  const admin = getByRole<HTMLInputElement>('checkbox', { name: 'Turnover is admin', hidden: true });
  assert.is(admin.disabled, true);
  act(() => {
    access.click();
  });
  assert.is(getByRole<HTMLInputElement>('checkbox', { name: 'Turnover is admin', hidden: true }).disabled, false);
  unmount();
  app[Symbol.dispose]();
});

test('the log viewer: event types as a bitmask (2, 4, 8 by default = 14), 10 rows per page', async () => {
  assert.is(eventTypeMask([2, 4, 8]), 14);
  assert.is(eventTypeMask([8]), 8);
  assert.is(eventTypeMask([]), 0);
  const rows = Array.from({ length: 23 }, (_, i) => ({
    dateTimeUtc: '2026-11-22T10:00:00Z',
    user: 'u',
    source: 'backend',
    eventType: 2 as const,
    message: `m${i}`,
  }));
  const { api, calls } = fakeApi({ adminLog: () => rows });
  const admin = new AdminAreaModel(api);
  assert.equal(admin.logEventTypes.value, [2, 4, 8]);
  admin.toggleLogEventType(8, false);
  await admin.loadLog();
  assert.equal(calls[0]!.options.query, { eventType: 6, source: '' });
  assert.is(admin.logPageCount.value, 3);
  assert.is(admin.logPageRows.value.length, 10);
  admin.logPage.value = 2;
  assert.equal(
    admin.logPageRows.value.map((r) => r.message),
    ['m20', 'm21', 'm22'],
  );
});

test('the log viewer shows the answer to the latest filter, whatever order the answers arrive in', async () => {
  const row = (source: string, eventType: 2 | 4 | 8) => ({ dateTimeUtc: '2026-11-22T10:00:00Z', user: 'u', source, eventType, message: source });
  const answers: { eventType: number; resolve: (rows: unknown) => void }[] = [];
  const { api } = fakeApi({
    adminLog: (o) =>
      new Promise((resolve) => {
        answers.push({ eventType: (o.query as unknown as { eventType: number }).eventType, resolve });
      }),
  });
  const admin = new AdminAreaModel(api);
  const first = admin.loadLog();
  admin.toggleLogEventType(8, false);
  admin.toggleLogEventType(4, false);
  const second = admin.loadLog();
  assert.equal(
    answers.map((a) => a.eventType),
    [14, 2],
  );
  // The later query is answered first, the earlier one after it.
  answers[1]!.resolve([row('scenario-processing', 2)]);
  await second;
  answers[0]!.resolve([row('backend', 8), row('scenario-processing', 2)]);
  await first;
  assert.equal(
    admin.logEntries.value.map((r) => r.source),
    ['scenario-processing'],
    'the late answer to the earlier filter is dropped',
  );
});

test('scenario status totals and the virtual list window of 48 px rows in 384 px', () => {
  const row = (modelId: number, n: number) => ({ modelId, name: `M${modelId}`, total: n * 5, unprocessed: n, processing: n, completed: n * 2, failed: n });
  assert.equal(statusTotals([row(1, 1), row(2, 3)]), { total: 20, unprocessed: 4, processing: 4, completed: 8, failed: 4 });
  assert.equal(visibleRange(1000, 0), { from: 0, to: 11 });
  assert.equal(visibleRange(1000, 48 * 100), { from: 97, to: 111 });
  assert.equal(visibleRange(5, 0), { from: 0, to: 5 });
});

test('a planner opening an admin route reads no access; the admin area switches debug mode on', () => {
  language.value = 'en';
  sessionState.value = 'signedIn';
  modelsLoaded.value = true;
  models.value = [model(1, { userIsAdmin: false, userIsGlobalAdmin: false }) as Model];
  const { getByText, unmount } = mount(<AdminScreen route="adminUsers" />);
  getByText('No access', { exact: false });
  assert.is(debugMode.value, true);
  unmount();
  assert.is(debugMode.value, false);
});

// The notifications these actions raised (10 s timers) end with this file.
test.after(() => {
  for (const n of notifications.value) dismiss(n.id);
});

test.run();
