// Figures of the what-if loop as a planner lives it, in Debian's Chromium
// against a freshly started server with the demo data (the base scenario
// calculated by the server itself; the measured edits start once the
// calculations of the first start have ended), signed in as the planner, one store of a
// scenario edited again and again with "Save and calculate":
//   1. Save → the dialog closed with its confirmation (click to the frame in
//      which the dialog is gone and the notification is shown);
//   2. status 9 → the value shown (the calculation's commit, the processing
//      log's end, to the frame in which the drawer shows the new figure, no
//      longer showing "–");
//   3. a one-store change → status 9 (the processing log: queued to ended);
//   4. the API's slowest answer while scenarios calculate (light reads sent
//      one after another by another client during the calculations);
//   5. a new store near a named place (Amersfoort) in five actions (New
//      location, a click on the map, the name, the group, Save and calculate)
//      to its Impact section shown: from the first action, and from the save.
// Beside each, a baseline of the same flow through the API alone in the same
// run: the write call the app makes (replayed from Node), a client that polls
// the status every 20 ms and reads the location when it sees 9, and the same
// reads while nothing calculates. The figures of the requests the save sends
// are listed once, to show where its time goes.
// Run: npm run bench -- live   (builds first; BENCH_NO_BUILD=1 uses the build as it is;
// BENCH_RUNS=n edits, 8 by default; BENCH_PHASES=1 prints each calculation's phases
// from the application log)
import { request as httpsRequest, Agent } from 'node:https';
import { uptime, loadavg } from 'node:os';
import type { Page, Request } from 'playwright-core';
import type { LocationSummary, Scenario } from '@locus/contract';
import {
  apiAs,
  baseScenario,
  centreMap,
  launchBrowser,
  buildForBench,
  newContext,
  pointOf,
  signIn,
  startServer,
  texts,
  waitForMap,
} from '../../../tests/e2e/harness/index.js';
import { signIn as tokensFor } from '../../server/test/helpers/sign-in.js';
import { ACCOUNTS } from '../../../tests/e2e/harness/browser.js';

const nl = texts('nl');
const RUNS = Number(process.env.BENCH_RUNS ?? 8);
/** New stores opened near Amersfoort (each into a scenario of its own). */
const NEW_STORE_RUNS = Math.max(1, Math.round(RUNS / 2));
const AMERSFOORT: [number, number] = [5.3872, 52.1561];
const AREA = /^Verkoopvloeroppervlak/;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => {
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** The nearest-rank 95th percentile (of 8 runs: the slowest). */
const p95 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
function line(label: string, values: number[], baseline: number[] | null, aim: string) {
  const base = baseline?.length ? `   API alone: median ${ms(median(baseline)).padStart(7)}  p95 ${ms(p95(baseline)).padStart(7)}` : '';
  console.log(
    `${label.padEnd(40)} median ${ms(median(values)).padStart(7)}  p95 ${ms(p95(values)).padStart(7)}  max ${ms(Math.max(...values)).padStart(7)} (n=${values.length})${base}   aim ${aim}`,
  );
}

const agent = new Agent({ rejectUnauthorized: false, keepAlive: true });
/** One timed HTTPS call of the API; once more on a new connection when the server had closed the kept-alive one. */
async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string; ms: number }> {
  try {
    return await callOnce(baseUrl, token, method, path, body);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
    return callOnce(baseUrl, token, method, path, body);
  }
}

function callOnce(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      baseUrl + path,
      {
        method,
        agent,
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...(payload ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

buildForBench();

console.log(
  `machine: load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')} (up ${(uptime() / 3600).toFixed(1)} h)`,
);
console.log('starting a fresh server (demo data, the base calculated by the server) and Chromium ...');
const server = await startServer({ env: { AUTO_CALCULATE_BASE: 'true' } });
const browser = await launchBrowser();
try {
  const api = await apiAs(server, 'planner');
  const token = (await tokensFor(server.baseUrl, ACCOUNTS.planner.email, ACCOUNTS.planner.password)).accessToken;
  const model = (await api.models())[0]!;
  let base = baseScenario(await api.scenarios(model.id));
  const baseStarted = Date.now();
  while (base.status !== 9) {
    if (Date.now() - baseStarted > 300_000) throw new Error(`the base scenario stayed at ${base.status}`);
    await new Promise((r) => setTimeout(r, 250));
    base = baseScenario(await api.scenarios(model.id));
  }
  console.log(`base scenario calculated by the server ${((Date.now() - baseStarted) / 1000).toFixed(1)} s after the models answered`);
  // A first start also calculates the demo's other scenarios (of every model): the measured edits would wait behind them in the queue.
  const admin = await apiAs(server, 'admin');
  const calculating = async () => {
    for (const m of await admin.models()) if ((await admin.scenarios(m.id)).some((s) => s.status >= 1 && s.status <= 8)) return true;
    return false;
  };
  while (await calculating()) {
    if (Date.now() - baseStarted > 300_000) throw new Error('the calculations of the first start did not end');
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`the first start's calculations ended ${((Date.now() - baseStarted) / 1000).toFixed(1)} s after the models answered`);
  const buurtwinkel = model.locationGroups.find((g) => g.code === 'BUU') ?? model.locationGroups[0]!;
  const store = (await api.locations(base.id)).find((l: LocationSummary) => l.visibility === 0 && l.type === 1 && l.locationGroupId === buurtwinkel.id)!;
  const created = await api.call<{ id: number }>(
    'scenarioCreate',
    { modelId: model.id },
    { body: { name: 'Bench live', parentScenarioId: base.id, isTop: false, competition: false } },
  );
  const scenarioId = created.id;
  console.log(`store "${store.name}" (${store.id}) edited in scenario "Bench live" (${scenarioId}), ${RUNS} times`);

  const logEnd = async (scenarioName: string, after: number) => {
    for (const started = Date.now(); Date.now() - started < 120_000; await new Promise((r) => setTimeout(r, 100))) {
      const log = await api.call<{ scenarioName: string; scheduledDateTimeUtc: string; endedDateTimeUtc: string | null }[]>('processingLog', {
        modelId: model.id,
      });
      const entry = log.find((e) => e.scenarioName === scenarioName && e.endedDateTimeUtc && Date.parse(e.scheduledDateTimeUtc) >= after - 5);
      if (entry) return { queued: Date.parse(entry.scheduledDateTimeUtc), ended: Date.parse(entry.endedDateTimeUtc!) };
    }
    throw new Error('no processing log entry of the calculation');
  };

  // --- the browser --------------------------------------------------------------------------------
  const context = await newContext(browser, { locale: 'nl-NL' });
  const page: Page = await context.newPage();
  await signIn(page, server.baseUrl, 'planner', `/?mid=${model.id}`);
  await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${scenarioId}&lid=${store.id}&z=14&c=${store.longitude},${store.latitude}`);
  await waitForMap(page);
  const locationDrawer = page.getByRole('complementary', { name: nl('locationDrawer'), exact: true });
  await locationDrawer.getByRole('heading', { name: store.name, exact: true }).waitFor();

  // Light reads from another client while the calculations run (and, for the baseline, while nothing does).
  const reads = [
    '/api/system/status',
    `/api/models/${model.id}/scenarios/only-status`,
    `/api/models/scenarios/${base.id}/locations/${store.id}/properties`,
    `/api/models/${model.id}/scenarios`,
  ];
  const readFailures: string[] = [];
  const readLoop = (until: () => boolean, into: number[]) =>
    (async () => {
      for (let i = 0; !until(); i++) {
        const r = await call(server.baseUrl, token, 'GET', reads[i % reads.length]!).catch((error: Error) => ({ status: 0, text: error.message, ms: 0 }));
        if (r.status !== 200) {
          readFailures.push(`${reads[i % reads.length]} answered ${r.status}: ${r.text.slice(0, 200)}`);
          return;
        }
        into.push(r.ms);
      }
    })();
  const idleReads: number[] = [];
  let idleDone = false;
  const idle = readLoop(() => idleDone, idleReads);
  await new Promise((r) => setTimeout(r, 3000));
  idleDone = true;
  await idle;

  const saveMs: number[] = [];
  const valueMs: number[] = [];
  const calcMs: number[] = [];
  const busyReads: number[] = [];
  let captured: { url: string; method: string; body: Record<string, unknown>; area: number } | null = null;
  let area = 0;
  for (let run = 0; run < RUNS; run++) {
    await locationDrawer.getByRole('button', { name: nl('editLocation'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: nl('editLocationTitle', { name: store.name }) });
    await dialog.waitFor();
    const field = dialog.getByRole('spinbutton', { name: AREA });
    if (!area) area = Number(await field.inputValue());
    area += run % 2 ? -10 : 10;
    await field.fill(String(area));
    const requests: Request[] = [];
    const onRequest = (r: Request) => requests.push(r);
    page.on('request', onRequest);
    // In the page: the click's time, the frame the dialog is gone with the confirmation shown, and the frame
    // the new figure shows (after the old one left the drawer), all on the page's clock (epoch ms).
    // A script text, not a function: the bench's own transpilation would wrap named functions in a helper the page lacks.
    const watch = JSON.stringify({
      dialogName: nl('editLocationTitle', { name: store.name }),
      confirmation: nl('savedCalculating'),
      saveLabel: nl('saveAndCalculate'),
    });
    await page.evaluate(`(() => {
      const { dialogName, confirmation, saveLabel } = ${watch};
      const marks = (window.benchLive = {});
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === saveLabel);
      button.addEventListener('click', () => (marks.click = Date.now()), { capture: true, once: true });
      let gone = false;
      const frame = () => {
        const open = [...document.querySelectorAll('[role=dialog], dialog[open]')].some((d) => d.textContent.includes(dialogName));
        const notes = document.querySelector('.notifications');
        if (marks.click && !marks.closed && !open && notes && notes.textContent.includes(confirmation)) marks.closed = Date.now();
        const figure = document.querySelector('.output-figure [data-testid=output-value]');
        if (marks.closed && (!figure || figure.closest('.updating'))) gone = true;
        if (gone && figure && !figure.closest('.updating') && !marks.shown) marks.shown = Date.now();
        if (!marks.shown) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })()`);
    const before = Date.now();
    await dialog.getByRole('button', { name: nl('saveAndCalculate'), exact: true }).click();
    let calculating = true;
    const busy = readLoop(() => !calculating, busyReads);
    try {
      await page.waitForFunction(() => (window as unknown as { benchLive: Record<string, number> }).benchLive.shown, null, { timeout: 120_000, polling: 50 });
    } catch (error) {
      console.log('marks', await page.evaluate('JSON.stringify(window.benchLive)'));
      throw error;
    }
    calculating = false;
    await busy;
    page.off('request', onRequest);
    const t = (await page.evaluate('window.benchLive')) as Record<string, number>;
    const log = await logEnd('Bench live', before);
    saveMs.push(t.closed! - t.click!);
    valueMs.push(t.shown! - log.ended);
    calcMs.push(log.ended - log.queued);
    if (run === 0) {
      console.log('\nthe requests of the first save, from the click (start, answered):');
      for (const r of requests) {
        const timing = r.timing();
        const start = timing.startTime - t.click!;
        if (start > t.closed! - t.click! + 2000) continue;
        const done = timing.responseEnd >= 0 ? ms(start + timing.responseEnd) : 'open';
        console.log(`  ${ms(start).padStart(8)} ${done.padStart(8)}  ${r.method()} ${new URL(r.url()).pathname}`);
      }
      const write = requests.find((r) => r.method() === 'PUT' && /\/locations\/\d+/.test(new URL(r.url()).pathname) && r.postData());
      if (write) captured = { url: new URL(write.url()).pathname + new URL(write.url()).search, method: 'PUT', body: JSON.parse(write.postData()!), area };
    }
  }

  // --- a new store near Amersfoort, from the base scenario, in five actions -----------------------------
  const newStoreMs: number[] = [];
  const newStoreFromSaveMs: number[] = [];
  let newStoreWrite: { url: string; body: Record<string, unknown> } | null = null;
  const outputDrawer = page.getByRole('complementary', { name: nl('outputDrawer'), exact: true });
  for (let run = 0; run < NEW_STORE_RUNS; run++) {
    const name = `Bench new store ${run + 1}`;
    await page.goto(`${server.baseUrl}/?mid=${model.id}&sid=${base.id}`);
    await waitForMap(page);
    await centreMap(page, AMERSFOORT[0], AMERSFOORT[1], 13);
    const { x, y } = await pointOf(page, AMERSFOORT[0] + 0.01 + run * 0.004, AMERSFOORT[1] + 0.015 - run * 0.004);
    const onRequest = (r: Request) => {
      if (!newStoreWrite && r.method() === 'POST' && /\/locations$/.test(new URL(r.url()).pathname) && r.postData())
        newStoreWrite = { url: new URL(r.url()).pathname + new URL(r.url()).search, body: JSON.parse(r.postData()!) };
    };
    page.on('request', onRequest);
    const first = Date.now();
    await page.getByRole('button', { name: nl('newLocation'), exact: true }).click();
    await page.mouse.click(x, y);
    const form = page.getByRole('dialog', { name: nl('newLocation') });
    await form.getByRole('textbox', { name: nl('locationName'), exact: true }).fill(name);
    await form.getByRole('combobox', { name: nl('locationGroup'), exact: true }).selectOption({ label: buurtwinkel.name });
    const saved = Date.now();
    await form.getByRole('button', { name: nl('saveAndCalculate'), exact: true }).click();
    await outputDrawer.getByRole('region', { name: nl('impactTitle'), exact: true }).waitFor({ timeout: 120_000 });
    const shown = Date.now();
    page.off('request', onRequest);
    newStoreMs.push(shown - first);
    newStoreFromSaveMs.push(shown - saved);
  }
  await context.close();
  if (readFailures.length) throw new Error(`reads during the calculations failed: ${readFailures.join('; ')}`);

  /** Starts a calculation through the API and polls the statuses every 20 ms until the scenario is at 9. */
  const calculatedThroughApi = async (sid: number) => {
    const start = await call(server.baseUrl, token, 'PUT', `/api/models/scenarios/${sid}/start-processing`);
    if (start.status !== 200) throw new Error(`start-processing answered ${start.status}`);
    for (;;) {
      const statuses = JSON.parse((await call(server.baseUrl, token, 'GET', `/api/models/${model.id}/scenarios/only-status`)).text) as Scenario[];
      if (statuses.find((s) => s.id === sid)?.status === 9) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  // --- the same flow through the API alone -------------------------------------------------------------
  const apiSave: number[] = [];
  const apiValue: number[] = [];
  const apiCalc: number[] = [];
  if (captured) {
    for (let run = 0; run < RUNS; run++) {
      const body = structuredClone(captured.body) as Record<string, unknown> & { locationProperties?: { id: number; numberValue?: number | null }[] };
      // The replayed write without the versions the browser read: it always applies.
      delete body.version;
      delete body.scenarioModified;
      area += run % 2 ? -10 : 10;
      // The same change as the browser's: the area written alternately up and down (not the first save again).
      const areaEntry = body.locationProperties?.find((p) => p.numberValue === captured.area);
      if (!areaEntry) throw new Error('the replayed write has no area value');
      areaEntry.numberValue = area;
      const before = Date.now();
      const save = await call(server.baseUrl, token, captured.method, captured.url, body);
      if (save.status !== 200) throw new Error(`the replayed write answered ${save.status}: ${save.text.slice(0, 200)}`);
      apiSave.push(save.ms);
      await calculatedThroughApi(scenarioId);
      const detail = await call(server.baseUrl, token, 'GET', `/api/models/scenarios/${scenarioId}/locations/${store.id}/properties`);
      const read = Date.now();
      const log = await logEnd('Bench live', before);
      apiValue.push(read - log.ended);
      apiCalc.push(log.ended - log.queued);
      void detail;
    }
  }

  // The new store through the API alone: the app's write replayed into a new scenario, start, poll, the differences.
  const apiNewStore: number[] = [];
  const written = newStoreWrite as { url: string; body: Record<string, unknown> } | null;
  if (written) {
    const [submodel] = await api.call<{ id: number }[]>('submodels', { modelId: model.id });
    for (let run = 0; run < NEW_STORE_RUNS; run++) {
      const url = new URL(written.url, server.baseUrl);
      if (url.searchParams.has('overrideScenarioName')) url.searchParams.set('overrideScenarioName', `Bench API store ${run + 1}`);
      const body = { ...written.body, name: `Bench API store ${run + 1}` };
      const before = Date.now();
      const write = await call(server.baseUrl, token, 'POST', url.pathname + url.search, body);
      if (write.status !== 200) throw new Error(`the replayed new store answered ${write.status}: ${write.text.slice(0, 200)}`);
      const sid = (JSON.parse(write.text) as { scenarioId: number }).scenarioId;
      await calculatedThroughApi(sid);
      const differences = await call(server.baseUrl, token, 'GET', `/api/models/${submodel!.id}/scenarios/${sid}/differences`);
      if (differences.status !== 200) throw new Error(`differences answered ${differences.status}`);
      apiNewStore.push(Date.now() - before);
    }
  }

  if (process.env.BENCH_PHASES === '1') {
    // The application log's line of each calculation of the edited scenario (its phases), oldest first.
    const adminToken = (await tokensFor(server.baseUrl, ACCOUNTS.admin.email, ACCOUNTS.admin.password)).accessToken;
    const entries = JSON.parse((await call(server.baseUrl, adminToken, 'GET', '/api/admin/log?eventType=8&source=scenario-processing')).text) as {
      message: string;
    }[];
    console.log('\ncalculations of "Bench live", oldest first (the browser\'s, then the API\'s):');
    for (const e of entries.reverse())
      if (e.message.startsWith("scenario 'Bench live'") && e.message.includes(' calculated in ')) console.log(`  ${e.message}`);
  }
  console.log('');
  line('save → dialog closed with confirmation', saveMs, apiSave, 'p95 < 300 ms');
  line('status 9 → value shown', valueMs, apiValue, 'p95 < 200 ms');
  line('one-store change → status 9', calcMs, apiCalc, 'median < 300 ms');
  line('API answers while scenarios calculate', busyReads, idleReads, 'slowest < 50 ms');
  line('new store, 5 actions → its impact shown', newStoreMs, apiNewStore, 'at most 5 s from the first action');
  line('  of which from Save and calculate', newStoreFromSaveMs, null, '(the part after the form)');
  console.log(`${'  each one-store change, in order'.padEnd(40)} ${calcMs.map((x) => x.toFixed(0)).join(', ')} ms`);
  console.log(`${'  slowest answer while calculating'.padEnd(40)} ${ms(Math.max(...busyReads))}   while idle ${ms(Math.max(...idleReads))}`);
  console.log(
    `machine: load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
} catch (error) {
  console.log(`the server printed:\n${server.output().split('\n').slice(-30).join('\n')}`);
  throw error;
} finally {
  await browser.close();
  await server.stop();
}
