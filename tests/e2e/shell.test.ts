// The app's shell in Chromium against the real server: the not-found page for
// an unknown path (status 404, the spec's two sentences), the database-starting
// overlay while the status call answers not ready, and the error dialog when
// an API call fails.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, e2eSuite, expectNoAxeViolations, launchBrowser, newContext, signIn, startServer, type LocusServer } from './harness/index.js';

const NOT_FOUND_TITLE = 'We are sorry, the page you requested cannot be found.';
const NOT_FOUND_TEXT = "The URL may be misspelled or the page you're looking for is no longer available.";

const test = e2eSuite('shell');
let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
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

test('an unknown path answers 404 and shows the not-found page with both sentences', async () => {
  const response = await page.goto(`${server.baseUrl}/no/such/page?x=1`);
  assert.is(response?.status(), 404);
  await page.getByText(NOT_FOUND_TITLE).waitFor();
  await page.getByText(NOT_FOUND_TEXT).waitFor();
  await expectNoAxeViolations(page, 'the not-found page');
  assert.equal(errors, []);
});

test('the app routes answer 200 with the app', async () => {
  for (const path of ['/', '/test']) {
    const response = await page.goto(`${server.baseUrl}${path}`);
    assert.is(response?.status(), 200, path);
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    assert.not.ok(await page.getByText(NOT_FOUND_TITLE).isVisible(), `${path} is not the not-found page`);
  }
  assert.equal(errors, []);
});

test('while the server reports the database is not ready the overlay shows, and goes when it is', async () => {
  let ready = false;
  let asked = 0;
  // The status call answers "not ready" (0) until the test lets it through to the server.
  await page.route('**/api/system/status', async (route) => {
    asked++;
    if (ready) await route.continue();
    else await route.fulfill({ status: 200, contentType: 'application/json', body: '0' });
  });
  await page.goto(`${server.baseUrl}/`);
  const overlay = page.getByText('The database is starting');
  await overlay.waitFor();
  const before = asked;
  await page.waitForTimeout(2_500);
  assert.ok(asked - before >= 2, `the app keeps asking every second (asked ${asked - before} times in 2.5 s)`);
  assert.ok(await overlay.isVisible(), 'the overlay stays while not ready');
  ready = true;
  await overlay.waitFor({ state: 'hidden', timeout: 5_000 });
  await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
  assert.equal(errors, []);
});

test('an API call that fails shows the error dialog with Refresh, and Refresh reloads the app', async () => {
  await signIn(page, server.baseUrl, 'planner');
  // The next load of the model list fails on the server's side.
  let failures = 0;
  await page.route('**/api/models', async (route) => {
    if (failures++ === 0) {
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'an unexpected error occurred' }),
      });
    } else {
      await route.continue();
    }
  });
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await dialog.waitFor();
  await dialog.getByText(/An unexpected error occurred/).waitFor();
  await expectNoAxeViolations(page, 'the error dialog');
  // Refresh reloads the page (the old page's shell would otherwise still answer the checks below).
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Refresh' }).click()]);
  // After the reload the model list loads and the planner works on.
  await dialog.waitFor({ state: 'hidden' });
  await page
    .getByRole('toolbar')
    .locator('button[aria-haspopup=listbox]')
    .and(page.getByRole('button', { name: /^Scenario\b/ }))
    .waitFor({ timeout: 30_000 });
  await page.getByRole('option').first().waitFor({ state: 'attached', timeout: 30_000 });
  assert.is(failures, 2, 'the models were asked again after Refresh');
});

test.run();
