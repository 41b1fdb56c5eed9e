// The planner's what-if on a fresh install (issue 23), on one server started
// as `npm start` runs it (AUTO_CALCULATE_BASE on): the base scenario is
// calculated by itself, and the chip shows it without the planner asking.
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Model, Scenario } from '@locus/contract';
import {
  apiAs, baseScenario, collectPageErrors, e2eSuite, launchBrowser, newContext, signIn, startServer, texts, waitForMap,
  type Api, type LocusServer,
} from './harness/index.js';

const t = texts('nl');
const test = e2eSuite('what-if');

let server: LocusServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let errors: string[];
let model: Model;
let base: Scenario;

const chip = () => page.getByRole('toolbar').getByRole('status');

test.before(async () => {
  [server, browser] = await Promise.all([startServer({ env: { AUTO_CALCULATE_BASE: 'true' } }), launchBrowser()]);
  api = await apiAs(server, 'planner');
  model = (await api.models())[0]!;
  base = baseScenario(await api.scenarios(model.id));
  context = await newContext(browser, { locale: 'en-GB' });
  page = await context.newPage();
  errors = collectPageErrors(page);
});

test.after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

test('first use: the base scenario is calculated by itself and the chip says so, without a reload', async () => {
  await signIn(page, server.baseUrl, 'planner');
  await waitForMap(page);
  // Nobody asks for a calculation: the server queued the base at its start.
  await chip().filter({ hasText: t('statusCalculated') }).waitFor({ timeout: 60_000 });
  const now = baseScenario(await api.scenarios(model.id));
  assert.is(now.status, 9);
  assert.is(now.id, base.id);
  const log = await api.call<{ scenarioName: string; userName: string | null }[]>('processingLog', { modelId: model.id });
  const entry = log.find((e) => e.scenarioName === base.name);
  assert.ok(entry, 'the processing log has the base scenario');
  assert.ok(!entry!.userName, 'started by the server, not by a user');
  assert.equal(errors, []);
});

test.run();
