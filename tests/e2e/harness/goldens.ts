// Screenshots compared with the committed goldens in tests/e2e/goldens/ by
// pixelmatch. UPDATE_GOLDENS=1 writes the current screenshots as the goldens
// (review them like code). A missing golden is written and reported outside
// CI; in CI (CI=true) it is a failure. On a mismatch the actual picture and
// a diff picture are written to .test-artifacts/e2e/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from './server.js';

export const GOLDENS = join(ROOT, 'tests/e2e/goldens');
const ARTIFACTS = join(ROOT, '.test-artifacts/e2e');

export interface ShotOptions {
  /** Parts of the page painted over with one colour before the shot (clock-like or animated content). */
  mask?: Locator[];
  /** Share of pixels that may differ (default 0.3 %): anti-aliasing and font hinting vary slightly. */
  maxDiffRatio?: number;
  /** Only this part of the viewport (the header bar, say). */
  clip?: { x: number; y: number; width: number; height: number };
  /**
   * A scrolling part (a report's dialog body) shown whole: for the shot the
   * viewport grows by the height it hides, so the picture holds all of it; the
   * viewport size is restored afterwards.
   */
  whole?: Locator;
}

export interface Comparison {
  differentPixels: number;
  ratio: number;
}

/** Compares two PNG pictures; different sizes count as every pixel different. */
export function comparePngs(expected: Buffer, actual: Buffer, diffOut?: PNG): Comparison {
  const a = PNG.sync.read(expected);
  const b = PNG.sync.read(actual);
  if (a.width !== b.width || a.height !== b.height) return { differentPixels: Math.max(a.width * a.height, b.width * b.height), ratio: 1 };
  const differentPixels = pixelmatch(a.data, b.data, diffOut?.data, a.width, a.height, { threshold: 0.1, includeAA: false });
  return { differentPixels, ratio: differentPixels / (a.width * a.height) };
}

/** Takes a screenshot of the viewport and compares it with the golden `name`.png. */
export async function expectScreenshot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  const viewport = page.viewportSize();
  if (!options.whole || !viewport) return compareShot(page, name, options);
  const hidden = await options.whole.evaluate((e) => e.scrollHeight - e.clientHeight);
  if (hidden <= 0) return compareShot(page, name, options);
  await page.setViewportSize({ width: viewport.width, height: viewport.height + hidden });
  try {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const still = await options.whole.evaluate((e) => e.scrollHeight - e.clientHeight);
    if (still > 0) throw new Error(`screenshot ${name}: ${still} px of the part to show whole still scroll with the viewport ${hidden} px taller`);
    await compareShot(page, name, options);
  } finally {
    await page.setViewportSize(viewport);
  }
}

async function compareShot(page: Page, name: string, options: ShotOptions): Promise<void> {
  const shoot = async () => {
    await settled(page);
    // Notifications come and go on their own clock with texts that vary (a save's, a calculation's): never in a
    // golden. Hidden through the CSSOM, which the app's Content-Security-Policy allows (a style sheet injected for
    // the shot would be refused by its style-src), and shown again after the shot.
    const hide = (hidden: boolean) =>
      page.evaluate((h) => {
        for (const e of document.querySelectorAll<HTMLElement>('.notifications')) e.style.visibility = h ? 'hidden' : '';
      }, hidden);
    await hide(true);
    try {
      return await page.screenshot({ animations: 'disabled', caret: 'hide', mask: options.mask, maskColor: '#ff00ff', scale: 'css', clip: options.clip });
    } finally {
      await hide(false);
    }
  };
  let actual = await shoot();
  const file = join(GOLDENS, `${name}.png`);
  if (process.env.UPDATE_GOLDENS === '1' || !existsSync(file)) {
    if (!existsSync(file) && process.env.CI === 'true' && process.env.UPDATE_GOLDENS !== '1') {
      throw new Error(`no golden ${name}.png: run the suite with UPDATE_GOLDENS=1 and commit tests/e2e/goldens/${name}.png`);
    }
    mkdirSync(GOLDENS, { recursive: true });
    writeFileSync(file, actual);
    console.log(`  golden ${name}.png written`);
    return;
  }
  const expected = readFileSync(file);
  const size = PNG.sync.read(expected);
  const diff = new PNG({ width: size.width, height: size.height });
  const allowed = options.maxDiffRatio ?? 0.003;
  let { differentPixels, ratio } = comparePngs(expected, actual);
  if (ratio > allowed) {
    // A picture taken in passing (a request finishing, a fade) is taken once more after a moment;
    // only a second difference counts.
    await page.waitForTimeout(1000);
    actual = await shoot();
  }
  ({ differentPixels, ratio } = comparePngs(expected, actual, diff));
  if (ratio > allowed) {
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, `${name}.actual.png`), actual);
    writeFileSync(join(ARTIFACTS, `${name}.diff.png`), PNG.sync.write(diff));
    throw new Error(
      `screenshot ${name} differs from its golden in ${differentPixels} pixels (${(ratio * 100).toFixed(2)} %, allowed ${(allowed * 100).toFixed(2)} %): see .test-artifacts/e2e/${name}.actual.png and ${name}.diff.png; UPDATE_GOLDENS=1 accepts it`,
    );
  }
}

/** Waits (up to 15 s) until the app's busy bar is idle: a shot is taken of a page at rest. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.busy-bar.active'), undefined, { timeout: 15_000 }).catch(() => undefined);
}
