// Catalogues: each area of the app keeps its texts in one module with all five
// languages, typed by the English keys, so a missing key in any language is a
// type error (and a test failure, see test/i18n.test.ts).
import type { Locales } from '@locus/contract';

export type Lang = (typeof Locales)[number];
export const LANGS: readonly Lang[] = ['nl', 'en', 'de', 'es', 'fr'];

export type Texts<K extends string> = Record<K, string>;

/** Texts of one area in every language; the English keys are the reference. */
export function defineTexts<const E extends Record<string, string>>(texts: { en: E } & { [L in Exclude<Lang, 'en'>]: Texts<keyof E & string> }) {
  return texts;
}

/** Fills {name} placeholders. */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
