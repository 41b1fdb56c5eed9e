// Numbers, currency, percentages, dates and coordinates through Intl in the
// interface language, and the spec's output formats per outputType and place
// (decisions doc, "Output formats").
import type { Lang } from './define';

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Lang, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = lang + JSON.stringify(options);
  let format = cache.get(key);
  if (!format) cache.set(key, (format = new Intl.NumberFormat(lang, options)));
  return format;
}

export function formatNumber(lang: Lang, value: number, digits = 0): string {
  return numberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** Currency with the model's code; EUR with 0 decimals by default. */
export function formatCurrency(lang: Lang, value: number, currency = 'EUR', digits = 0): string {
  return numberFormat(lang, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A byte count in kB or MB (decimal units, as file managers show them). */
export function formatBytes(lang: Lang, bytes: number): string {
  const mega = bytes >= 1_000_000;
  return numberFormat(lang, { style: 'unit', unit: mega ? 'megabyte' : 'kilobyte', maximumFractionDigits: mega ? 1 : 0 }).format(
    bytes / (mega ? 1_000_000 : 1000),
  );
}

/** A fraction as a percentage (0.125 → 12.5 %). */
export function formatPercent(lang: Lang, fraction: number, digits = 1): string {
  return numberFormat(lang, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(fraction);
}

/** A signed difference: +1,234 or −1,234. */
export function formatSigned(lang: Lang, value: number, format: (v: number) => string): string {
  const text = format(Math.abs(value));
  // What rounds to zero carries no sign ("€ 0", not "−€ 0").
  if (!/[1-9]/.test(text)) return format(0);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

export function formatDateTime(lang: Lang, iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(lang: Lang, iso: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** Where an output is shown: in general (drawer, reports) or in the catchment panel. */
export type OutputPlace = 'general' | 'catchment';

/**
 * An output value by the model's outputType: in general 1 and 3
 * as currency, 2 as a whole number, 4 as a whole number with 0 digits; in the
 * catchment panel 1 a number, 2 a rounded whole number, 3 currency, 4 a whole number.
 */
export function formatOutput(lang: Lang, value: number, outputType: number, currency = 'EUR', place: OutputPlace = 'general'): string {
  if (place === 'catchment') {
    if (outputType === 1) return formatNumber(lang, value, 2);
    if (outputType === 3) return formatCurrency(lang, value, currency);
    return formatNumber(lang, Math.round(value), 0);
  }
  if (outputType === 1 || outputType === 3) return formatCurrency(lang, value, currency);
  return formatNumber(lang, Math.round(value), 0);
}

/** One coordinate in degrees, minutes and seconds with its hemisphere letter: 52° 21′ 0.0″ N. */
export function formatDms(value: number, axis: 'lat' | 'lon'): string {
  const hemisphere = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const abs = Math.abs(value);
  let degrees = Math.floor(abs);
  let minutes = Math.floor((abs - degrees) * 60);
  let seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 10) / 10;
  if (seconds >= 60) {
    seconds = 0;
    minutes += 1;
  }
  if (minutes >= 60) {
    minutes = 0;
    degrees += 1;
  }
  return `${degrees}° ${minutes}′ ${seconds.toFixed(1)}″ ${hemisphere}`;
}

/** A position as latitude then longitude in DMS. */
export function formatLatLonDms(lat: number, lon: number): string {
  return `${formatDms(lat, 'lat')}, ${formatDms(lon, 'lon')}`;
}
