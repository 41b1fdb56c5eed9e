// axe-core in the page: its source is evaluated in the page and axe.run checks
// the document (WCAG 2.x A and AA rules and axe's best practices). A check
// fails listing every violation with the elements it found.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';
import { networkQuiet } from './browser.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE: string = require('axe-core').source;

export interface AxeOptions {
  /** A CSS selector to check instead of the whole document (e.g. an open dialog). */
  include?: string;
  /** Rule ids not to run, each with the reason in the caller's code. */
  disableRules?: string[];
}

/** Runs axe in the page and returns its violations. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  // The screen as the user reads it: after what it loads has arrived.
  await networkQuiet(page, { timeout: 15_000 }).catch(() => undefined);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the debugging protocol, so the page's Content-Security-Policy (no inline scripts) stays as it is.
  if (!loaded) await page.evaluate(`${AXE_SOURCE};\nundefined`);
  const results = await page.evaluate(
    async ({ include, disableRules }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe;
      const rules = Object.fromEntries((disableRules ?? []).map((id) => [id, { enabled: false }]));
      return axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        rules,
        resultTypes: ['violations'],
      });
    },
    { include: options.include, disableRules: options.disableRules },
  );
  return results.violations;
}

export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 5).map((n) => `      ${n.target.join(' ')}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`);
      const more = v.nodes.length > 5 ? [`      … and ${v.nodes.length - 5} more`] : [];
      return [`  ${v.id} (${v.impact ?? 'n/a'}): ${v.help}`, ...nodes, ...more].join('\n');
    })
    .join('\n');
}

/** Fails with the list of violations when axe finds any on the screen named `screen`. */
export async function expectNoAxeViolations(page: Page, screen: string, options: AxeOptions = {}): Promise<void> {
  const violations = await axeViolations(page, options);
  if (violations.length) {
    throw new Error(`axe found ${violations.length} violation(s) on ${screen}:\n${describeViolations(violations)}`);
  }
}
