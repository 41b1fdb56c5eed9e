// The interface language and the texts of every area of the app. Add an
// area's texts module to `areas` below; keys are unique across areas.
import { computed, signal } from '@preact/signals-react';
import { adminTexts } from './admin';
import { coreTexts } from './core';
import { editingTexts } from './editing';
import { toolsTexts } from './tools';
import { resultsTexts } from './results';
import { chartsTexts } from './charts';
import { reportsTexts } from './reports';
import { impactTexts } from './impact';
import { guardTexts } from './guard';
import { boundsTexts } from './bounds';
import { mapTexts } from './map';
import { interpolate, LANGS, type Lang } from './define';

export { LANGS, type Lang } from './define';

const areas = [
  coreTexts,
  editingTexts,
  toolsTexts,
  adminTexts,
  resultsTexts,
  chartsTexts,
  reportsTexts,
  impactTexts,
  guardTexts,
  boundsTexts,
  mapTexts,
] as const;

type AreaKeys<A> = A extends { en: infer E } ? keyof E & string : never;
export type TextKey = AreaKeys<(typeof areas)[number]>;

function merged(lang: Lang): Record<string, string> {
  return Object.assign({}, ...areas.map((area) => (area as unknown as Record<Lang, Record<string, string>>)[lang]));
}

const catalogues: Record<Lang, Record<string, string>> = Object.fromEntries(LANGS.map((l) => [l, merged(l)])) as Record<Lang, Record<string, string>>;

/** Every key with its text per language (used by the completeness test). */
export function catalogue(lang: Lang): Readonly<Record<string, string>> {
  return catalogues[lang];
}

/** The browser's language when it is one of the five, else null. */
export function browserLanguage(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Lang | null {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0] as Lang;
    if (LANGS.includes(base)) return base;
  }
  return null;
}

/**
 * The interface language rule (decisions doc): the model's language when it
 * sets one, else the browser's when it is one of the five, else English.
 */
export function interfaceLanguage(modelLanguage: string | null | undefined, languages?: readonly string[]): Lang {
  if (modelLanguage && LANGS.includes(modelLanguage as Lang)) return modelLanguage as Lang;
  return browserLanguage(languages) ?? 'en';
}

/** The current interface language; the model store sets it. */
export const language = signal<Lang>(interfaceLanguage(null));

/** The languages by their own names, for the language menu. */
export const LANGUAGE_NAMES: Record<Lang, string> = { nl: 'Nederlands', en: 'English', de: 'Deutsch', es: 'Español', fr: 'Français' };

const CHOICE_KEY = 'locus.language';

function storedChoice(): Lang | null {
  try {
    const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(CHOICE_KEY);
    return value && LANGS.includes(value as Lang) ? (value as Lang) : null;
  } catch {
    return null;
  }
}

/**
 * The language the person chose in the menu; null keeps the default rule. It
 * is remembered per account on the server (GET/PUT /api/users/me/settings) and
 * in this browser (so the sign-in page speaks it before the account is known).
 */
export const chosenLanguage = signal<Lang | null>(storedChoice());

const context = { modelLanguage: null as string | null, admin: typeof location !== 'undefined' && location.pathname.startsWith('/admin') };

/** The language shown: the choice, else the model's on the planner screens, else the browser's, else English. */
export function resolveLanguage(choice: Lang | null, modelLanguage: string | null, admin: boolean, languages?: readonly string[]): Lang {
  return choice ?? interfaceLanguage(admin ? null : modelLanguage, languages);
}

function applyLanguage(): void {
  language.value = resolveLanguage(chosenLanguage.value, context.modelLanguage, context.admin);
}

/** The model store tells the chosen model's language (the default on the planner screens). */
export function setModelLanguage(modelLanguage: string | null | undefined): void {
  context.modelLanguage = modelLanguage ?? null;
  applyLanguage();
}

/** Sets the person's choice (null: the default rule) here; the caller saves it to the account. */
export function chooseLanguage(choice: Lang | null): void {
  chosenLanguage.value = choice;
  try {
    if (choice) localStorage.setItem(CHOICE_KEY, choice);
    else localStorage.removeItem(CHOICE_KEY);
  } catch {
    /* storage off: the account still remembers it */
  }
  applyLanguage();
}

applyLanguage();

export const texts = computed(() => catalogues[language.value]);

/** The text of a key in the current language, placeholders filled. Reading it in a component subscribes to the language. */
export function t(key: TextKey, vars?: Record<string, string | number>): string {
  return interpolate(texts.value[key] ?? catalogues.en[key] ?? key, vars);
}

/** The text of a key in a given language. */
export function textIn(lang: Lang, key: TextKey, vars?: Record<string, string | number>): string {
  return interpolate(catalogues[lang][key] ?? key, vars);
}

/** A server message key translated when the catalogue knows it, else the server's sentence as is. */
export function serverMessage(message: string | undefined): string {
  if (!message) return '';
  return (texts.value as Record<string, string>)[message] ?? message;
}
