// Pure rules of the charts: the top entries, the radar
// legend split, which properties the scatter chart offers, the match colours.
import { DataType, type LocationProperty, type MatchingLocation, type PropertiesChartEntry } from '@locus/contract';

/** The six match colours of the charts and of matching points in the scatter chart. */
export const MATCH_COLORS = ['#1d4ed8', '#c2410c', '#15803d', '#7e22ce', '#b45309', '#0e7490'] as const;
/** Points of locations that are not among the matches. */
export const OTHER_COLOR = '#9ca3af';

/** The match colour of the i-th entry (reference first), grey past the sixth. */
export function matchColor(index: number): string {
  return index >= 0 && index < MATCH_COLORS.length ? MATCH_COLORS[index]! : OTHER_COLOR;
}

/** The first n entries (the charts show the top 6). */
export function topEntries<T>(list: readonly T[], n = 6): T[] {
  return list.slice(0, n);
}

/** The radar legend: the first three entries in one column, the next three in the other (spec: split 3 plus 3). */
export function radarLegendSplit<T>(entries: readonly T[]): [T[], T[]] {
  const top = entries.slice(0, 6);
  return [top.slice(0, 3), top.slice(3, 6)];
}

/** The axes of the radar: every normalized-score title in the order of first appearance. */
export function radarAxes(entries: readonly Pick<MatchingLocation, 'normalizedScores'>[]): string[] {
  const titles: string[] = [];
  for (const e of entries) for (const s of e.normalizedScores) if (!titles.includes(s.title)) titles.push(s.title);
  return titles;
}

/** Properties the scatter chart offers as X and Y: those with a title and a non-text data type. */
export function scatterProperties<P extends Pick<LocationProperty, 'title' | 'dataType'>>(properties: readonly P[]): P[] {
  return properties.filter((p) => !!p.title && p.title.trim() !== '' && p.dataType !== DataType.text);
}

export interface ScatterPoint {
  name: string;
  x: number;
  y: number;
  color: string;
  /** Index among the matches (reference 0), -1 when the location is not a match. */
  match: number;
}

/**
 * The scatter chart's points: entries with both values, coloured with the
 * match colour of their place among the matching locations, else grey; the
 * matches drawn last (on top).
 */
export function scatterPoints(entries: readonly PropertiesChartEntry[], matchNames: readonly string[]): ScatterPoint[] {
  const points: ScatterPoint[] = [];
  for (const e of entries) {
    if (e.numberValue1 === null || e.numberValue2 === null || !Number.isFinite(e.numberValue1) || !Number.isFinite(e.numberValue2)) continue;
    const match = matchNames.slice(0, MATCH_COLORS.length).indexOf(e.locationName);
    points.push({ name: e.locationName, x: e.numberValue1, y: e.numberValue2, color: matchColor(match), match });
  }
  return points.sort((a, b) => (a.match === -1 ? 0 : 1) - (b.match === -1 ? 0 : 1));
}

/** The domain of a driver's range: minimum to maximum, widened to hold the value and the average. */
export function driverDomain(d: { minimum: number; maximum: number; average: number; value: number }): [number, number] {
  const low = Math.min(d.minimum, d.maximum, d.average, d.value);
  const high = Math.max(d.minimum, d.maximum, d.average, d.value);
  return low === high ? [low - 1, high + 1] : [low, high];
}
