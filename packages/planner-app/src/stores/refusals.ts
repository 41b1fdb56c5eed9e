// Refusals are the user's to fix, not the connection's. A call the server
// refuses with a reason (400, 403, 404, 409, 413, 415, 429) is shown at the
// field it names and in a notification, and the dialog it came from stays open
// with every edit. Only a network failure, a server error (5xx), an expired
// sign-in (401) or an answer that breaks the contract opens the error dialog
// with the error dialog's "poor internet connection" text (docs/planner-app.md).
import { signal } from '@preact/signals-react';
import type { ApiFailure } from '@locus/contract/client';
import { interpolate } from '../i18n/define';
import { language, serverMessage, texts } from '../i18n';

export interface Refusal {
  status: number;
  /** The field the server named, as its dotted path ('car.power', 'locationProperties.2.numberValue'); null for none. */
  field: string | null;
  /** The reason in the interface language. */
  text: string;
}

/** The last refusal of a write; cleared when the next write starts or the dialog closes. */
export const refusal = signal<Refusal | null>(null);

/** True for the failures the error dialog is for: no answer, a server error, an expired sign-in, a broken answer. */
export function isConnectionOrServerFailure(failure: Pick<ApiFailure, 'status'>): boolean {
  return failure.status === 0 || failure.status === 401 || failure.status >= 500 || failure.status < 400;
}

/** A refusal's reason as the user reads it: the message key translated with its values, else the server's sentence. */
export function refusalText(failure: Pick<ApiFailure, 'body' | 'message'>): string {
  const body = failure.body;
  if (!body) return failure.message;
  const known = (texts.value as Record<string, string>)[body.message];
  if (known) return interpolate(known, formattedParams(body.params));
  return serverMessage(body.message) || failure.message;
}

function formattedParams(params: Record<string, string | number> | undefined): Record<string, string | number> | undefined {
  if (!params) return undefined;
  const format = new Intl.NumberFormat(language.value, { maximumFractionDigits: 6 });
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? format.format(v) : v]));
}

export function recordRefusal(failure: ApiFailure): Refusal {
  const value: Refusal = { status: failure.status, field: failure.body?.field ?? null, text: refusalText(failure) };
  refusal.value = value;
  return value;
}

export function clearRefusal(): void {
  refusal.value = null;
}

/** The refusal's reason when it names this field (or, with `prefix`, a field under it). */
export function refusalAt(field: string, prefix = false): string | null {
  const r = refusal.value;
  if (!r?.field) return null;
  return r.field === field || (prefix && r.field.startsWith(`${field}.`)) ? r.text : null;
}
