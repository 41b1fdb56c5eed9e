// The global administrator's screens in Chromium against the real server and
// database (issue 10): every admin screen and the log viewer without axe
// violations and against their goldens; create a login, sign in with its
// generated password in a fresh browser context, delete it and see the
// sign-in refused; give the planner access to the score model and see it in
// the planner's model picker; read the log; read the log after a failed
// calculation (on a server of its own whose route server refuses); start the
// unprocessed scenarios from the scenario status panel and see the counts
// move. As the planner the admin routes say no access and the server refuses
// the admin calls (403).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Model, ScenarioStatusEntry } from '@locus/contract';
import {
  apiAs,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  expectScreenshot,
  launchBrowser,
  literal,
  newContext,
  signIn,
  SIGN_OUT,
  startServer,
  texts,
  type Api,
  type LocusServer,
} from './harness/index.js';

const t = texts('en');
/** The planner's model (Supermarkten Nederland) sets Dutch. */
const nl = texts('nl');
const test = e2eSuite('admin: global administrator');

let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let admin: Api;

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await apiAs(server, 'admin');
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

test.before.each(async () => {
  context = await newContext(browser);
  page = await context.newPage();
  errors = collectPageErrors(page);
});

test.after.each(async () => {
  await context.close();
});

/** Moves the pointer off every control and lets tooltips go, before a screenshot. */
async function still() {
  await page.mouse.move(720, 890);
  await page.waitForTimeout(400);
}

/** Opens an admin route as the signed-in administrator (a full page load, as the menu does). */
async function openAdmin(path: string, heading: string) {
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor({ timeout: 30_000 });
}

test('the admin menu leads to every admin screen; each passes axe and matches its golden', async () => {
  await signIn(page, server.baseUrl, 'admin');
  // The main menu has the global administrator's entries; the admin screens are routes.
  await page.getByRole('button', { name: t('mainMenu') }).click();
  for (const name of [t('logMenu'), t('adminLogins'), t('adminModels'), t('adminUsers'), t('scenarioStatus')]) {
    await page.getByRole('menuitem', { name, exact: true }).waitFor();
  }
  await page.getByRole('menuitem', { name: t('adminLogins'), exact: true }).click();
  await page.waitForURL(/\/admin\/logins$/);
  await page.getByRole('heading', { name: t('addLogin') }).waitFor();
  await page.getByText('planner@example.com').waitFor();
  await expectNoAxeViolations(page, 'the logins screen');
  await still();
  await expectScreenshot(page, 'admin-logins');

  // The admin menu: the current route's entry is disabled; Back returns to the main application.
  await page.getByRole('button', { name: t('adminMenu') }).click();
  assert.ok(await page.getByRole('menuitem', { name: t('adminLogins'), exact: true }).isDisabled());
  await page.getByRole('menuitem', { name: t('adminUsers'), exact: true }).click();
  await page.waitForURL(/\/admin\/users$/);
  await page.getByRole('button', { name: t('editAccessOf', { name: 'Pieter Planner' }) }).click();
  await page.getByRole('heading', { name: t('modelAccessOf', { name: 'Pieter Planner' }) }).waitFor();
  await expectNoAxeViolations(page, 'the users screen with the access editor');
  await still();
  await expectScreenshot(page, 'admin-users');
  await page.goBack();
  await page.waitForURL(/\/admin\/logins$/);

  await openAdmin('/admin/models', t('adminModels'));
  await page.getByRole('button', { name: t('editUsersOf', { name: 'Supermarkten Nederland' }) }).click();
  await page.getByRole('heading', { name: t('orphanedUsers') }).waitFor();
  await expectNoAxeViolations(page, 'the models screen with the users editor');
  await still();
  await expectScreenshot(page, 'admin-models');

  await openAdmin('/admin/scenarioStatus', t('scenarioStatus'));
  await page.getByRole('row', { name: new RegExp(t('statusTotals')) }).waitFor();
  await expectNoAxeViolations(page, 'the scenario status screen');
  await still();
  await expectScreenshot(page, 'admin-scenario-status');

  await openAdmin('/admin', t('adminTitle'));
  await expectNoAxeViolations(page, 'the admin home');
  assert.equal(errors, []);
});

test('create a login, sign in with its generated password elsewhere, delete it, and the sign-in is refused', async () => {
  await signIn(page, server.baseUrl, 'admin', '/admin/logins');
  await page.getByRole('heading', { name: t('addLogin') }).waitFor();
  // The spec's messages first.
  await page.getByRole('button', { name: t('createLogin') }).click();
  await page.getByText('Displayname is required').waitFor();
  await page.getByText('E-mail address is required').waitFor();
  await page.getByRole('textbox', { name: t('displayName') }).fill('Eva Extern');
  await page.getByRole('textbox', { name: t('emailAddress') }).fill('eva@extern');
  await page.getByRole('button', { name: t('createLogin') }).click();
  await page.getByText('E-mail address is invalid').waitFor();
  await page.getByRole('textbox', { name: t('emailAddress') }).fill('eva@extern.nl');
  await page.getByRole('button', { name: t('createLogin') }).click();
  const passwordCode = page.getByLabel(t('generatedPassword'), { exact: true });
  await passwordCode.waitFor();
  const password = (await passwordCode.textContent())!.trim();
  assert.ok(password.length >= 8, 'a generated password is shown');
  assert.match((await page.getByLabel(t('loginAndPassword'), { exact: true }).textContent()) ?? '', password);
  assert.match((await page.getByLabel('JSON', { exact: true }).textContent()) ?? '', '"DisplayName": "Eva Extern"');
  await expectNoAxeViolations(page, 'the created login');

  // A fresh browser signs in with the generated password.
  const other = await newContext(browser);
  const otherPage = await other.newPage();
  const signInAs = async (p: Page) => {
    await p.goto(`${server.baseUrl}/`);
    await p
      .getByRole('banner')
      .getByRole('button', { name: t('signIn') })
      .click();
    await p.waitForURL(/\/oidc\/interaction\//);
    await p.locator('#identity').fill('eva@extern.nl');
    await p.locator('#password').fill(password);
    await p.locator('button[type=submit]').click();
  };
  await signInAs(otherPage);
  await otherPage.getByRole('button', { name: SIGN_OUT }).waitFor({ timeout: 30_000 });
  await other.close();

  // Delete it: the confirmation says the user can no longer log in, also in other environments.
  await page.getByRole('button', { name: t('addAnotherLogin') }).click();
  await page.getByRole('button', { name: t('deleteLoginOf', { name: 'Eva Extern' }) }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'can no longer log in, also not in other environments' });
  await question.waitFor();
  await question.getByRole('button', { name: t('yes') }).click();
  await page.getByText('eva@extern.nl').waitFor({ state: 'detached' });

  const third = await newContext(browser);
  const thirdPage = await third.newPage();
  await signInAs(thirdPage);
  await thirdPage.waitForTimeout(2_000);
  assert.ok(thirdPage.url().includes('/oidc/'), 'the sign-in page stays: the deleted login is refused');
  assert.not.ok(await thirdPage.getByRole('button', { name: SIGN_OUT }).isVisible());
  await third.close();
  assert.equal(errors, []);
});

test("giving the planner access to the score model shows it in the planner's model picker", async () => {
  const models = await admin.call<{ id: number; name: string }[]>('adminModels');
  const score = models.find((m) => m.name !== 'Supermarkten Nederland')!;
  await signIn(page, server.baseUrl, 'admin', '/admin/users');
  await page.getByRole('button', { name: t('editAccessOf', { name: 'Pieter Planner' }) }).click();
  const access = page.getByRole('checkbox', { name: t('hasAccessOf', { name: score.name }) });
  const adminBox = page.getByRole('checkbox', { name: t('isAdminOf', { name: score.name }) });
  assert.ok(await adminBox.isDisabled(), 'admin is disabled without access');
  await access.check();
  assert.ok(await adminBox.isEnabled());
  await page.getByRole('button', { name: t('save') }).click();
  await page
    .getByRole('button', { name: t('save') })
    .and(page.locator(':disabled'))
    .waitFor();

  const planner = await newContext(browser);
  const plannerPage = await planner.newPage();
  await signIn(plannerPage, server.baseUrl, 'planner');
  const picker = plannerPage.getByRole('combobox').first();
  await picker.waitFor();
  const names = await picker.locator('option').allTextContents();
  assert.ok(names.includes(score.name), `the planner's models: ${names.join(', ')}`);
  await planner.close();
  assert.equal(errors, []);
});

test('the log viewer reads the log with the event types as a bitmask, and passes axe', async () => {
  await signIn(page, server.baseUrl, 'admin');
  await page.getByRole('button', { name: t('mainMenu') }).click();
  await page.getByRole('menuitem', { name: t('logMenu'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('logViewer') });
  await dialog.waitFor();
  // The sign-in just now is in the log.
  await dialog.getByText('signed in as admin@example.com').first().waitFor();
  await expectNoAxeViolations(page, 'the log viewer', { include: 'dialog[open]' });
  // The rows change with every run (times, sign-ins): the table is painted over in the picture.
  await still();
  await expectScreenshot(page, 'admin-log-viewer', { mask: [dialog.locator('tbody')] });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/log')) asked.push(new URL(r.url()).search);
  });
  await dialog.getByRole('checkbox', { name: t('logInformation') }).uncheck();
  await page.waitForTimeout(500);
  assert.ok(
    asked.some((q) => q.includes('eventType=6')),
    `the query: ${asked.join(' ')}`,
  );
  assert.not.ok(await dialog.getByText('signed in as admin@example.com').first().isVisible(), 'information rows are gone');
  assert.equal(errors, []);
});

test('read the log after a failed calculation: the planner sees the scenario failed, the log names it and the cause', async () => {
  // Travel times from an OSRM route server that refuses every table request (as one started with a
  // smaller --max-table-size than asked answers), on a server of this test's own: the calculation
  // fails in the engine as it would in production, and the other tests' server is not touched.
  const asked: string[] = [];
  const osrm = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 'TooBig', message: 'Too many table coordinates' }));
  });
  await new Promise<void>((resolve) => osrm.listen(0, '127.0.0.1', resolve));
  const routed = await startServer({ env: { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: `http://127.0.0.1:${(osrm.address() as AddressInfo).port}` } });
  try {
    // The planner calculates the scenario from the scenario menu; the chip says failed.
    await signIn(page, routed.baseUrl, 'planner');
    const toolbar = page.getByRole('toolbar');
    const chip = toolbar.getByRole('status');
    await chip.waitFor({ timeout: 30_000 });
    const name = ((await toolbar.locator('.scenario-name').textContent()) ?? '').trim();
    assert.ok(name, 'a scenario is chosen');
    await toolbar.getByRole('button', { name: nl('scenarioMenu'), exact: true }).click();
    await page.getByRole('menuitem', { name: nl('calculate') }).click();
    await chip.filter({ hasText: new RegExp(`^${literal(nl('statusFailed'))}$`) }).waitFor({ timeout: 120_000 });
    assert.ok(
      asked.some((url) => url.startsWith('/table/v1/')),
      `the engine asked the route server for travel times: ${asked.slice(0, 3).join(' ')}`,
    );
    // The scenario picker's list shows it failed too.
    await toolbar.locator('button[aria-haspopup=listbox]').click();
    const option = page.getByRole('option').filter({ has: page.locator('.option-name', { hasText: new RegExp(`^${literal(name)}$`) }) });
    assert.is((await option.locator('.status-chip').textContent())?.trim(), nl('statusFailed'));
    await page.keyboard.press('Escape');

    // The global administrator reads the error in the log: Error only, source scenario-processing.
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    const adminErrors = collectPageErrors(adminPage);
    await signIn(adminPage, routed.baseUrl, 'admin');
    await adminPage.getByRole('button', { name: t('mainMenu') }).click();
    await adminPage.getByRole('menuitem', { name: t('logMenu'), exact: true }).click();
    const viewer = adminPage.getByRole('dialog', { name: t('logViewer') });
    await viewer.waitFor();
    const queries: string[] = [];
    adminPage.on('request', (r) => {
      if (r.url().includes('/api/admin/log')) queries.push(new URL(r.url()).search);
    });
    await viewer.getByRole('checkbox', { name: t('logInformation') }).uncheck();
    await viewer.getByRole('checkbox', { name: t('logWarning') }).uncheck();
    await viewer.getByRole('combobox', { name: t('logSource') }).selectOption('scenario-processing');
    await viewer.getByRole('button', { name: t('refresh') }).click();
    // Each filter change asks again: wait until the table shows the answer to the last one (every
    // row scenario-processing), not a list some earlier query answered.
    await adminPage.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('dialog[open] tbody tr')];
        return rows.length > 0 && rows.every((tr) => tr.querySelectorAll('td')[2]?.textContent?.trim() === 'scenario-processing');
      },
      undefined,
      { timeout: 30_000 },
    );
    const cause = 'OSRM table request failed (400 TooBig): Too many table coordinates';
    const row = viewer
      .getByRole('row')
      .filter({ hasText: `scenario '${name}'` })
      .filter({ hasText: cause })
      .first();
    await row.waitFor({ timeout: 30_000 });
    const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.trim());
    assert.is(cells[2], 'scenario-processing');
    assert.is(cells[3], t('logError'));
    assert.match(cells[4]!, new RegExp(`^scenario '${literal(name)}' \\(\\d+\\) failed: ${literal(cause)}$`));
    // Only errors of scenario processing are listed.
    for (const other of await viewer.locator('tbody tr').all()) {
      const shown = (await other.getByRole('cell').allTextContents()).map((c) => c.trim());
      assert.equal([shown[2], shown[3]], ['scenario-processing', t('logError')], shown.join(' | '));
    }
    assert.ok(
      queries.some((q) => q.includes('eventType=2') && q.includes('source=scenario-processing')),
      `the query: ${queries.join(' ')}`,
    );
    await expectNoAxeViolations(adminPage, 'the log viewer with the failed calculation', { include: 'dialog[open]' });
    await adminContext.close();
    assert.equal(adminErrors, []);
    assert.equal(errors, []);
  } finally {
    await routed.stop();
    await new Promise((resolve) => osrm.close(resolve));
  }
});

test('start the unprocessed scenarios from the scenario status panel and the counts move', async () => {
  const before = await admin.call<ScenarioStatusEntry[]>('adminScenarioStatus');
  const entry = before.find((e) => e.unprocessed > 0);
  assert.ok(entry, 'the demo data has unprocessed scenarios');
  await signIn(page, server.baseUrl, 'admin', '/admin/scenarioStatus');
  await page.getByRole('button', { name: t('openStatusOf', { name: entry!.name }) }).click();
  await page.getByText(t('unprocessedCount', { count: entry!.unprocessed })).waitFor();
  await expectNoAxeViolations(page, 'the scenario status panel');
  await page.getByRole('button', { name: 'Calculate unprocess scenarios' }).click();
  const deadline = Date.now() + 120_000;
  let moved = false;
  while (!moved && Date.now() < deadline) {
    await page.getByRole('button', { name: t('refresh') }).click();
    await page.waitForTimeout(1_000);
    const now = await admin.call<ScenarioStatusEntry[]>('adminScenarioStatus');
    const row = now.find((e) => e.modelId === entry!.modelId)!;
    moved = row.unprocessed < entry!.unprocessed;
  }
  assert.ok(moved, 'the unprocessed count fell');
  const cells = await page
    .getByRole('row', { name: new RegExp(`^${entry!.name}`) })
    .getByRole('cell')
    .allTextContents();
  assert.ok(Number(cells[1]) < entry!.unprocessed, `the table shows the new counts: ${cells.join(' ')}`);
  assert.equal(errors, []);
});

test('as the planner the admin routes say no access and the server refuses the admin calls', async () => {
  await signIn(page, server.baseUrl, 'planner');
  const models = await (await apiAs(server, 'planner')).models();
  assert.ok(models.every((m: Model) => !m.userIsGlobalAdmin));
  for (const path of ['/admin', '/admin/logins', '/admin/users', '/admin/models', '/admin/scenarioStatus']) {
    await page.goto(`${server.baseUrl}${path}`);
    await page.getByRole('heading', { name: t('noAccessTitle') }).waitFor({ timeout: 30_000 });
  }
  await expectNoAxeViolations(page, 'the no-access page');
  const planner = await apiAs(server, 'planner');
  for (const name of ['adminLogins', 'adminUsers', 'adminModels', 'adminScenarioStatus', 'adminLog'] as const) {
    const failure = await planner.call(name).then(
      () => null,
      (e: Error) => e.message,
    );
    assert.match(failure ?? 'answered 200', 'answered 403', name);
  }
  assert.equal(errors, []);
});

test.run();
