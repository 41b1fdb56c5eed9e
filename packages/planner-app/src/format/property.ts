// A location property's value as the drawer and reports show it, by dataType
// (decisions doc): 0 text or choice, 1 number, 2 percentage (a fraction shown
// x100), 3 currency, 4 plain number, 5 yes/no.
import { DataType, type LocationProperty } from '@locus/contract';
import { interpolateRgb } from 'd3-interpolate';
import type { Lang } from '../i18n/define';
import { formatCurrency, formatNumber, formatPercent } from '../i18n/format';

export interface PropertyFormatContext {
  lang: Lang;
  currency: string;
  yes: string;
  no: string;
}

type Valued = Pick<LocationProperty, 'dataType' | 'stringValue' | 'numberValue' | 'roundingDigits' | 'choices'>;

export function formatPropertyValue(p: Valued, ctx: PropertyFormatContext): string {
  if (p.dataType === DataType.text) {
    const value = p.stringValue ?? '';
    return p.choices.find((c) => c.key === value)?.value ?? value;
  }
  const n = p.numberValue;
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  const digits = p.roundingDigits ?? 0;
  switch (p.dataType) {
    case DataType.percentage:
      return formatPercent(ctx.lang, n, digits);
    case DataType.currency:
      return formatCurrency(ctx.lang, n, ctx.currency, digits);
    case DataType.plainNumber:
      return new Intl.NumberFormat(ctx.lang, { useGrouping: false, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
    case DataType.yesNo:
      return n ? ctx.yes : ctx.no;
    default:
      return formatNumber(ctx.lang, n, digits);
  }
}

/** The colour of a value on a property's range colour scale, clamped to its ends; null without one. */
export function rangeColorOf(p: Pick<LocationProperty, 'rangeColor' | 'numberValue'>): string | null {
  const r = p.rangeColor;
  if (!r || p.numberValue === null) return null;
  const span = r.maximumValue - r.minimumValue;
  const f = span === 0 ? 1 : Math.min(1, Math.max(0, (p.numberValue - r.minimumValue) / span));
  return interpolateRgb(r.minimumColor, r.maximumColor)(f);
}

export interface PropertySection {
  name: string;
  title: string;
  order: number;
  secondary: boolean;
  properties: LocationProperty[];
}

/** Properties flagged viewLocation, grouped in their sections in sectionViewOrder. */
export function drawerSections(properties: readonly LocationProperty[]): PropertySection[] {
  const sections = new Map<string, PropertySection>();
  for (const p of properties) {
    if (p.viewLocation === null || p.viewLocation === undefined || !p.visible) continue;
    const name = p.sectionName ?? '';
    let section = sections.get(name);
    if (!section) {
      section = {
        name,
        title: p.sectionTitle ?? p.sectionName ?? '',
        order: p.sectionViewOrder ?? Number.MAX_SAFE_INTEGER,
        secondary: p.sectionSecondary,
        properties: [],
      };
      sections.set(name, section);
    }
    section.properties.push(p);
  }
  return [...sections.values()].sort((a, b) => a.order - b.order);
}
