// The plausibility warning of the location dialog: a changed number inside
// its range but unusual against comparable locations (the same location group
// in the scenario) gets a warning before it is saved, which the planner may
// accept. Unusual: outside the group's 1st to 99th percentile, or more than
// three standard deviations from its mean. Groups of fewer than 10 values
// give no warning (too few to say what is usual). The sample is the stored
// values of the scenario's locations (GET comparable-values), not a
// calculation's results: it is there whether the scenario is calculated or not.
// The rules are pure exports; the samples the live hint reads are kept by the
// PlausibilityModel, made with the API client.
import { DataType, PropertyType } from '@locus/contract';
import type { ApiClient } from '@locus/contract/client';
import { formatPropertyValue } from '../format/property';
import { createModel, signal } from '@preact/signals-react';
import { language, t } from '../i18n';

export const MIN_COMPARABLE = 10;

export interface Usual {
  low: number;
  high: number;
  mean: number;
  sd: number;
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** What is usual in a group of values; null for fewer than MIN_COMPARABLE. */
export function usualRange(values: readonly number[]): Usual | null {
  const finite = values.filter(Number.isFinite);
  if (finite.length < MIN_COMPARABLE) return null;
  const sorted = [...finite].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const sd = Math.sqrt(sorted.reduce((a, b) => a + (b - mean) ** 2, 0) / sorted.length);
  return { low: quantile(sorted, 0.01), high: quantile(sorted, 0.99), mean, sd };
}

export function isImplausible(value: number, usual: Usual): boolean {
  return value < usual.low || value > usual.high || (usual.sd > 0 && Math.abs(value - usual.mean) > 3 * usual.sd);
}

export interface Candidate {
  id: number;
  title: string | null;
  name: string;
  dataType: number;
  propertyType: number;
  roundingDigits: number | null;
  /** The value to save, in stored units (a percentage as a fraction). */
  value: number;
}

/**
 * One sentence per changed number that is unusual for comparable locations of
 * the scenario (same group, the location itself left out); empty when none.
 * A sample that cannot be read gives no warning (the save goes on).
 */
export async function plausibilityWarnings(
  api: ApiClient,
  scenarioId: number,
  locationId: number | null,
  locationGroupId: number | null,
  changed: readonly Candidate[],
  currency: string,
): Promise<string[]> {
  const numeric = changed.filter((p) => p.dataType !== DataType.text && p.dataType !== DataType.yesNo && p.propertyType !== PropertyType.output);
  if (!numeric.length) return [];
  const query = { ...(locationGroupId !== null ? { locationGroupId } : {}), ...(locationId !== null ? { exceptLocationId: locationId } : {}) };
  const warnings: string[] = [];
  for (const p of numeric) {
    const sample = await api.call('comparableValues', { params: { scenarioId, propertyId: p.id }, query, expected: () => true }).catch(() => null);
    if (!sample) continue;
    const usual = usualRange(sample.values);
    if (usual && isImplausible(p.value, usual)) warnings.push(implausibleText(p, usual, currency));
  }
  return warnings;
}

/** The warning for one value unusual against `usual`, with the values as the dialog shows them. */
export function implausibleText(p: Candidate, usual: Usual, currency: string): string {
  const ctx = { lang: language.value, currency, yes: t('yesValue'), no: t('noValue') };
  const shown = (v: number) =>
    formatPropertyValue({ dataType: p.dataType as never, stringValue: null, numberValue: v, roundingDigits: p.roundingDigits, choices: [] }, ctx);
  return t('implausibleValue', { name: p.title ?? p.name, value: shown(p.value), low: shown(usual.low), high: shown(usual.high) });
}

/** What a sample depends on: the scenario as it was read (its modified stamp), the property, the group, the location left out. */
export function sampleKey(
  scenarioId: number,
  modified: string | null | undefined,
  propertyId: number,
  locationGroupId: number | null,
  locationId: number | null,
): string {
  return [scenarioId, modified ?? '', propertyId, locationGroupId ?? '', locationId ?? ''].join(':');
}

/** The live hint's samples, made with the API client: each read once per key. */
export const PlausibilityModel = createModel((api: ApiClient) => {
  /** Comparable samples read for the live hint of the location dialog, by sampleKey; null when the read failed. */
  const comparableSamples = signal<Readonly<Record<string, readonly number[] | null>>>({});

  /** Reads a sample into comparableSamples once per key (a failed read gives no hint, as it gives no warning). */
  async function loadComparableSample(
    key: string,
    scenarioId: number,
    propertyId: number,
    locationGroupId: number | null,
    locationId: number | null,
  ): Promise<void> {
    if (key in comparableSamples.peek()) return;
    const query = { ...(locationGroupId !== null ? { locationGroupId } : {}), ...(locationId !== null ? { exceptLocationId: locationId } : {}) };
    const sample = await api.call('comparableValues', { params: { scenarioId, propertyId }, query, expected: () => true }).catch(() => null);
    comparableSamples.value = { ...comparableSamples.peek(), [key]: sample ? sample.values : null };
  }

  return { comparableSamples, loadComparableSample };
});
export type PlausibilityModel = InstanceType<typeof PlausibilityModel>;
