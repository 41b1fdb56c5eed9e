// `npm run bench -- embed`: the embed script's sizes (gzip level 9 as the
// server sends them: the script a page loads, what the first map adds, what
// the first report adds) and, on a warm server in Chromium on an intranet
// page of another origin (a signed-in session from msal's cache), five runs
// each, best and median:
//   - first map frame: navigation → the first frame of <locus-location-map>
//     with the scenario's stores;
//   - report ready: <locus-location-report> connected → locus-ready with all
//     of the report's maps drawn.
// Beside each wall time the page's main-thread busy time (Chromium's
// TaskDuration over the run), since the machine is shared and wall time noisy.
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ACCOUNTS, apiAs, freePort, launchBrowser, newContext, ROOT, startServer } from '../../../tests/e2e/harness/index.js';
import { embedSizes, kB } from './sizes';

const sizes = embedSizes(join(ROOT, 'packages/embed/dist'));
console.log(
  `script (locus-embed.js and its static imports) gzipped: ${kB(sizes.script.gzipped)} (aim: under 150 kB without the report) [${sizes.script.files.join(', ')}]`,
);
console.log(`  + first map (map-canvas drawing, msal sign-in): ${kB(sizes.map.gzipped)} → map-only page ${kB(sizes.script.gzipped + sizes.map.gzipped)}`);
console.log(
  `  + first report (React, the app's report and charts): ${kB(sizes.report.gzipped)} → page with both ${kB(sizes.script.gzipped + sizes.map.gzipped + sizes.report.gzipped)}`,
);
console.log(`  basemap data (Natural Earth, places; read by the map as it needs them): ${kB(sizes.basemapData.gzipped)}`);

const port = await freePort();
const intranet = `http://localhost:${port}`;
const server = await startServer({ env: { EMBED_ORIGINS: intranet, IDENTITY_EXTRA_REDIRECT_URIS: `${intranet}/locus-redirect.html` } });
// The report needs a calculated scenario: the planner's model's base scenario.
const admin = await apiAs(server, 'admin');
const model = (await (await apiAs(server, 'planner')).models())[0]!;
let scenarios = await admin.scenarios(model.id);
const baseId = scenarios.find((s) => s.parentScenarioId === null)!.id;
if (scenarios.find((s) => s.id === baseId)!.status !== 9) await admin.call('scenarioStartProcessing', { scenarioId: baseId });
while (scenarios.find((s) => s.id === baseId)!.status !== 9) {
  if (scenarios.find((s) => s.id === baseId)!.status === 10) throw new Error('the base scenario failed to calculate');
  await new Promise((r) => setTimeout(r, 1000));
  scenarios = await admin.scenarios(model.id);
}
const store = (await admin.locations(baseId)).filter((l) => l.type === 1)[3]!;

const head = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script type="module" src="${server.baseUrl}/embed/locus-embed.js"></script></head>`;
const pages: Record<string, string> = {
  '/map.html': `${head('Map')}<body><locus-location-map server="${server.baseUrl}" style="height:600px"></locus-location-map></body></html>`,
  '/report.html': `${head('Report')}<body><locus-location-report server="${server.baseUrl}" model="${model.id}" scenario="${baseId}" location="${store.id}"></locus-location-report></body></html>`,
  '/locus-redirect.html': `<!doctype html><html><head><script type="module" src="${server.baseUrl}/embed/locus-embed-redirect.js"></script></head><body></body></html>`,
};
const http = createServer((request, response) => {
  const body = pages[(request.url ?? '/').split('?')[0]!];
  response.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html' });
  response.end(body ?? '');
});
await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));

/** Best and median of a list of numbers. */
const stats = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { best: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]! };
};

/** Loads the page `runs` times (after a warm-up) and measures each run. */
async function measure(page: Page, url: string, runs: number, wall: () => Promise<number>): Promise<{ wall: number[]; busy: number[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busyTime = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  };
  await page.goto(url);
  await wall();
  const result = { wall: [] as number[], busy: [] as number[] };
  for (let run = 0; run < runs; run++) {
    const before = await busyTime();
    await page.reload();
    result.wall.push(await wall());
    const after = await busyTime();
    // The counter belongs to the page's process; a reload may start it again.
    result.busy.push(after >= before ? after - before : after);
  }
  return result;
}

const print = (name: string, r: { wall: number[]; busy: number[] }, aim: string) => {
  const w = stats(r.wall);
  const b = stats(r.busy);
  console.log(
    `${name} (warm server, signed in, ${r.wall.length} runs): best ${w.best.toFixed(0)} ms, median ${w.median.toFixed(0)} ms; main thread busy best ${b.best.toFixed(0)} ms, median ${b.median.toFixed(0)} ms${aim}`,
  );
};

const browser = await launchBrowser();
try {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${intranet}/map.html`);
  const button = page.locator('locus-location-map').getByRole('button', { name: 'Sign in to Locus' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.locator('#identity').fill(ACCOUNTS.planner.email);
  await popup.locator('#password').fill(ACCOUNTS.planner.password);
  await popup.locator('button[type=submit]').click();
  await popup.waitForEvent('close', { timeout: 30_000 });

  const firstFrame = async () => {
    await page.waitForFunction(() => performance.getEntriesByName('locus:embed-first-map-frame').length > 0, null, { timeout: 60_000 });
    return page.evaluate(() => performance.getEntriesByName('locus:embed-first-map-frame')[0]!.startTime);
  };
  print('first map frame of <locus-location-map>', await measure(page, `${intranet}/map.html`, 5, firstFrame), ' (aim: under 1000 ms)');

  const reportReady = async () => {
    await page.waitForFunction(() => performance.getEntriesByName('locus:embed-report-ready').length > 0, null, { timeout: 120_000 });
    return page.evaluate(
      () =>
        performance.getEntriesByName('locus:embed-report-ready')[0]!.startTime -
        performance.getEntriesByName('locus:embed-locus-location-report-connected')[0]!.startTime,
    );
  };
  print(
    'report ready of <locus-location-report> (connected → locus-ready, all maps drawn)',
    await measure(page, `${intranet}/report.html`, 5, reportReady),
    '',
  );
  // Where the last run's time went: the slowest answers of the server and the report's maps.
  const calls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/'))
      .map((e) => ({ path: new URL(e.name).pathname, ms: e.duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 4),
  );
  console.log(`  slowest API answers of the last report run: ${calls.map((c) => `${c.path} ${c.ms.toFixed(0)} ms`).join(', ')}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  http.close();
}
