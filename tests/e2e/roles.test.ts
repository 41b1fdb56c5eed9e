// What each role sees (issue 8): the model administrator and the global
// administrator find their entries in the main menu, the planner none; a
// planner without access to the score model cannot reach it by editing the
// address (a clear message, no crash); and the scenario dialogs pass axe.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Model } from '@locus/contract';
import {
  apiAs,
  baseScenario,
  collectPageErrors,
  e2eSuite,
  expectNoAxeViolations,
  launchBrowser,
  literal,
  newContext,
  signIn,
  startServer,
  texts,
  waitForMap,
  type LocusServer,
} from './harness/index.js';

const nl = texts('nl');
const en = texts('en');
const test = e2eSuite('roles');

let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let supermarkets: Model;
let pharmacies: Model;

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const admin = await apiAs(server, 'admin');
  const models = await admin.models();
  supermarkets = models.find((m) => m.language === 'nl')!;
  pharmacies = models.find((m) => m.language === 'en')!;
  assert.ok(supermarkets && pharmacies, 'the demo data has a Dutch and an English model');
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

test.before.each(async () => {
  context = await newContext(browser, { locale: 'en-GB' });
  page = await context.newPage();
  errors = collectPageErrors(page);
});

test.after.each(async () => {
  await context.close();
});

/** Opens the main menu and answers the names of its entries. */
async function mainMenuEntries(): Promise<string[]> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Main menu|Hoofdmenu)$/ })
    .click();
  const menu = page.getByRole('menu', { name: /^(Main menu|Hoofdmenu)$/ });
  await menu.waitFor();
  return (await menu.getByRole('menuitem').allTextContents()).map((x) => x.trim());
}

test("the planner's main menu has no administration entries", async () => {
  await signIn(page, server.baseUrl, 'planner');
  await waitForMap(page);
  const entries = await mainMenuEntries();
  assert.equal(entries, [], `the planner sees ${entries.join(', ')}`);
  // The version and build date are there for everyone.
  await page
    .getByRole('menu')
    .getByText(new RegExp(`^${literal(nl('platformVersion', { version: '' }).trim())}`))
    .waitFor();
});

test('the model administrator sees the model editors, not the global administration', async () => {
  await signIn(page, server.baseUrl, 'modelAdmin', `/?mid=${supermarkets.id}`);
  await waitForMap(page);
  const entries = await mainMenuEntries();
  for (const key of ['editModelParameters', 'editNormalizedScores', 'editDrivers'] as const)
    assert.ok(entries.includes(nl(key)), `${nl(key)} in ${entries.join(', ')}`);
  for (const key of ['logMenu', 'adminUsers', 'adminLogins', 'adminModels', 'scenarioStatus'] as const)
    assert.not.ok(entries.includes(nl(key)), `${nl(key)} is for global administrators`);
  await expectNoAxeViolations(page, 'the main menu of a model administrator');
  // On the score model, where this account is a user only, the editors are gone.
  await page.keyboard.press('Escape');
  await page.goto(`${server.baseUrl}/?mid=${pharmacies.id}`);
  await waitForMap(page);
  const there = await mainMenuEntries();
  assert.not.ok(there.includes(en('editModelParameters')), `no model editors on a model the account only uses (${there.join(', ')})`);
  assert.equal(errors, []);
});

test('the global administrator sees the log and the administration screens, and reaches them', async () => {
  await signIn(page, server.baseUrl, 'admin', `/?mid=${supermarkets.id}`);
  await waitForMap(page);
  const entries = await mainMenuEntries();
  for (const key of ['editModelParameters', 'logMenu', 'adminUsers', 'adminLogins', 'adminModels', 'scenarioStatus'] as const) {
    assert.ok(entries.includes(nl(key)), `${nl(key)} in ${entries.join(', ')}`);
  }
  await page.getByRole('menuitem', { name: nl('adminUsers'), exact: true }).click();
  await page.waitForURL(/\/admin\/users$/i);
  await page.getByRole('button', { name: /^(Admin menu|Beheermenu)$/ }).waitFor({ timeout: 30_000 });
  assert.equal(errors, []);
});

test('a planner who edits the address to the score model gets a clear message and the first model', async () => {
  const planner = await apiAs(server, 'planner');
  assert.equal(
    (await planner.models()).map((m) => m.id),
    [supermarkets.id],
    'the planner uses the supermarket model only',
  );
  const admin = await apiAs(server, 'admin');
  const scoreBase = baseScenario(await admin.scenarios(pharmacies.id));
  await signIn(page, server.baseUrl, 'planner');
  await waitForMap(page);
  await page.goto(`${server.baseUrl}/?mid=${pharmacies.id}&sid=${scoreBase.id}`);
  const message = new RegExp(`${literal(en('noAccessToModel', { id: pharmacies.id }))}|${literal(nl('noAccessToModel', { id: pharmacies.id }))}`);
  await page
    .getByRole('region', { name: /^(Notifications|Meldingen)$/ })
    .getByText(message)
    .waitFor();
  await waitForMap(page);
  assert.is(await page.title(), `Locus - ${supermarkets.name}`);
  const address = new URL(page.url()).searchParams;
  assert.is(address.get('mid'), String(supermarkets.id), 'the address names the model shown');
  assert.is.not(address.get('sid'), String(scoreBase.id), 'no scenario of the score model');
  assert.not.ok(await page.getByRole('dialog', { name: /^(Error|Fout)$/ }).isVisible(), 'no error dialog');
  assert.equal(errors, []);
});

test('the scenario dialogs pass axe: new, edit, copy changes and remove', async () => {
  await signIn(page, server.baseUrl, 'planner');
  await waitForMap(page);
  const planner = await apiAs(server, 'planner');
  const all = await planner.scenarios(supermarkets.id);
  // A scenario with changes and without children: every entry of the menu is open to it.
  const child = all.find((s) => s.parentScenarioId !== null && !s.isTop && s.changeCount > 0 && !all.some((c) => c.parentScenarioId === s.id))!;
  await page.goto(`${server.baseUrl}/?mid=${supermarkets.id}&sid=${child.id}`);
  await waitForMap(page);
  const menu = async (entry: string) => {
    await page.getByRole('button', { name: nl('scenarioMenu'), exact: true }).click();
    await page
      .getByRole('menu', { name: nl('scenarioMenu') })
      .getByRole('menuitem', { name: new RegExp(`^${literal(entry)}`) })
      .click();
  };
  await page.getByRole('button', { name: nl('scenarioMenu'), exact: true }).click();
  await page.getByRole('menu', { name: nl('scenarioMenu') }).waitFor();
  await expectNoAxeViolations(page, 'the scenario menu');
  await page.keyboard.press('Escape');

  for (const [entry, title] of [
    ['newScenario', 'newScenario'],
    ['editScenario', 'editScenario'],
  ] as const) {
    await menu(nl(entry));
    const dialog = page.getByRole('dialog', { name: nl(title) });
    await dialog.waitFor();
    await expectNoAxeViolations(page, `the ${en(title)} dialog`);
    await dialog.getByRole('button', { name: nl('cancel'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await menu(nl('copyChanges'));
  const copy = page.getByRole('dialog', { name: new RegExp(`^${literal(nl('copyChanges'))}`) });
  await copy.waitFor();
  await expectNoAxeViolations(page, 'the copy-changes dialog');
  await copy.getByRole('button', { name: nl('cancel'), exact: true }).click();
  await copy.waitFor({ state: 'hidden' });
  await menu(nl('removeScenario'));
  const confirm = page.getByRole('dialog').filter({ hasText: nl('confirmRemoveScenario', { name: child.name }) });
  await confirm.waitFor();
  await expectNoAxeViolations(page, 'the remove-scenario confirmation');
  await confirm.getByRole('button', { name: nl('no'), exact: true }).click();
  assert.ok(
    (await planner.scenarios(supermarkets.id)).some((s) => s.id === child.id),
    'No keeps the scenario',
  );
  assert.equal(errors, []);
});

test.run();
