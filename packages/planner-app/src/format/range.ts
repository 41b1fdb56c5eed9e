// A numeric location property's range (minimum, maximum, step, whole numbers)
// as the location dialog states it, and whether a stored value lies outside it
// (a value imported before the range was set), for the drawer and reports.
import { DataType, type LocationProperty } from '@locus/contract';
import { t } from '../i18n';
import type { Lang } from '../i18n/define';

type Ranged = Pick<LocationProperty, 'dataType' | 'minimumValue' | 'maximumValue'> & { step?: number | null; wholeNumbers?: boolean };

const numeric = (p: Pick<LocationProperty, 'dataType'>) => p.dataType !== DataType.text && p.dataType !== DataType.yesNo;

function shown(p: Ranged, value: number, lang: Lang): string {
  const percentage = p.dataType === DataType.percentage;
  // A plain number (a year, a postcode) is written without thousands separators, as the drawer shows it.
  const grouping = p.dataType !== DataType.plainNumber;
  const text = new Intl.NumberFormat(lang, { maximumFractionDigits: 6, useGrouping: grouping }).format(
    percentage ? Math.round(value * 100 * 1e9) / 1e9 : value,
  );
  return percentage ? `${text} %` : text;
}

/** "Allowed: 100 to 4,000, whole numbers", or null when the property has no range. */
export function rangeText(p: Ranged, lang: Lang): string | null {
  if (!numeric(p)) return null;
  const min = p.minimumValue;
  const max = p.maximumValue;
  const parts: string[] = [];
  if (min !== null && max !== null) parts.push(t('rangeFromTo', { minimum: shown(p, min, lang), maximum: shown(p, max, lang) }));
  else if (min !== null) parts.push(t('rangeFrom', { minimum: shown(p, min, lang) }));
  else if (max !== null) parts.push(t('rangeUpTo', { maximum: shown(p, max, lang) }));
  if (p.step) parts.push(t('rangeStep', { step: shown(p, p.step, lang) }));
  else if (p.wholeNumbers) parts.push(t('rangeWholeNumbers'));
  return parts.length ? parts.join(', ') : null;
}

/** True when a stored number lies outside its property's range (minimum, maximum, whole numbers, step). */
export function outsideRange(p: Ranged, value: number | null | undefined): boolean {
  if (!numeric(p) || value === null || value === undefined || !Number.isFinite(value)) return false;
  if (p.minimumValue !== null && value < p.minimumValue - 1e-12) return true;
  if (p.maximumValue !== null && value > p.maximumValue + 1e-12) return true;
  if (p.wholeNumbers && !Number.isInteger(value)) return true;
  // Off the step counted from the minimum (or 0), as the server refuses it.
  if (p.step && p.step > 0) {
    const steps = (value - (p.minimumValue ?? 0)) / p.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9 * Math.max(1, Math.abs(steps))) return true;
  }
  return false;
}
