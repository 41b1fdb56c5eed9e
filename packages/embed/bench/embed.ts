// `npm run bench -- embed`: the embed script's size (the entry alone and with
// the chunks the map loads, gzip level 9 as the server sends them) and, on a
// warm server in Chromium, the time from navigation to the first map frame of
// <locus-location-map> on an intranet page of another origin (a signed-in
// session from msal's cache), five runs: best and median.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ACCOUNTS, freePort, launchBrowser, newContext, ROOT, startServer } from '../../../tests/e2e/harness/index.js';

const dist = join(ROOT, 'packages/embed/dist');
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const entry = gz('locus-embed.js');
const chunks = readdirSync(dist).filter((f) => /^chunk-.*\.js$/.test(f)).map((f) => ({ f, size: gz(f) }));
console.log(`locus-embed.js gzipped: ${(entry / 1024).toFixed(1)} kB (aim: under 150 kB)`);
console.log(`lazy chunks gzipped: ${chunks.map((c) => `${c.f} ${(c.size / 1024).toFixed(1)} kB`).join(', ')}`);

const port = await freePort();
const intranet = `http://localhost:${port}`;
const server = await startServer({ env: { EMBED_ORIGINS: intranet, IDENTITY_EXTRA_REDIRECT_URIS: `${intranet}/locus-redirect.html` } });
const pages: Record<string, string> = {
  '/map.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Map</title><script type="module" src="${server.baseUrl}/embed/locus-embed.js"></script></head>
<body><locus-location-map server="${server.baseUrl}" style="height:600px"></locus-location-map></body></html>`,
  '/locus-redirect.html': `<!doctype html><html><head><script type="module" src="${server.baseUrl}/embed/locus-embed-redirect.js"></script></head><body></body></html>`,
};
const http = createServer((request, response) => {
  const body = pages[(request.url ?? '/').split('?')[0]!];
  response.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html' });
  response.end(body ?? '');
});
await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
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
  const frame = () => page.waitForFunction(() => performance.getEntriesByName('locus:embed-first-map-frame').length > 0, null, { timeout: 60_000 });
  await frame();
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    await page.reload();
    await frame();
    times.push(await page.evaluate(() => performance.getEntriesByName('locus:embed-first-map-frame')[0]!.startTime));
  }
  times.sort((a, b) => a - b);
  console.log(`first map frame of <locus-location-map> (warm server, signed in, 5 runs): best ${times[0]!.toFixed(0)} ms, median ${times[2]!.toFixed(0)} ms (aim: under 1000 ms)`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  http.close();
}
