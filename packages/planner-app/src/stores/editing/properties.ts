// The location dialog's property values: how a stored value is shown and
// stored, which properties are calculated, which are visible (dependency
// expressions) and the dialog's sections.
import { AutoCalculateType, DataType, PropertyType, type NewLocationProperty } from '@locus/contract';
import { compileExpression, truthy, type CompiledExpression, type PropertyValues } from '@locus/engine/expression';

export type EditableProperty = NewLocationProperty & { oldStringValue?: string | null; oldNumberValue?: number | null };
/** A field's value as the dialog shows it: text, a number (percentages x100) or empty. */
export type FieldValue = string | number | null;

const round = (n: number, digits = 10) => Number(n.toFixed(digits));

/** The value shown in the dialog: text for text properties, a percentage x100, else the number. */
export function displayValue(p: Pick<EditableProperty, 'dataType' | 'stringValue' | 'numberValue' | 'percentageValue'>): FieldValue {
  if (p.dataType === DataType.text) return p.stringValue ?? '';
  if (p.numberValue === null || p.numberValue === undefined) return null;
  if (p.dataType === DataType.percentage) return round(p.percentageValue ?? p.numberValue * 100);
  return round(p.numberValue);
}

/** The value saved: text as stringValue, numbers as numberValue, a percentage divided by 100. */
export function storedValue(
  p: Pick<EditableProperty, 'id' | 'dataType'>,
  value: FieldValue,
): { id: number; stringValue: string | null; numberValue: number | null } {
  if (p.dataType === DataType.text) return { id: p.id, stringValue: value === null ? null : String(value), numberValue: null };
  const n = typeof value === 'number' ? value : value === null || value.trim() === '' ? NaN : Number(value.replace(',', '.'));
  if (!Number.isFinite(n)) return { id: p.id, stringValue: null, numberValue: null };
  return { id: p.id, stringValue: null, numberValue: p.dataType === DataType.percentage ? round(n / 100) : n };
}

/** Properties the dialog shows: visible ones that are not outputs of the calculation. */
export function dialogProperties<P extends EditableProperty>(properties: readonly P[]): P[] {
  return properties.filter((p) => p.visible && p.propertyType !== PropertyType.output);
}

/** Calculated by the server (auto-calculated): shown, never written. */
export function isCalculated(p: Pick<EditableProperty, 'autoCalculateType'>): boolean {
  return p.autoCalculateType !== null && p.autoCalculateType !== undefined;
}

export function isPoisInRange(p: Pick<EditableProperty, 'autoCalculateType'>): boolean {
  return p.autoCalculateType === AutoCalculateType.pointsOfInterestInRange;
}

/** The record a dependencyExpression reads: every property by name (stored form) and the group code. */
export function expressionValues(
  properties: readonly EditableProperty[],
  values: Readonly<Record<number, FieldValue>>,
  groupCode: string | null,
): PropertyValues {
  const record: Record<string, string | number | null> = { locationGroupCode: groupCode };
  for (const p of properties) {
    const v = p.id in values ? values[p.id]! : displayValue(p);
    const stored = storedValue(p, v);
    record[p.name] = p.dataType === DataType.text ? stored.stringValue : stored.numberValue;
  }
  return record;
}

const compiled = new Map<string, CompiledExpression | null>();

/** Shown when its dependencyExpression holds; stays visible when the expression cannot be evaluated. */
export function isPropertyVisible(p: Pick<EditableProperty, 'dependencyExpression'>, values: PropertyValues): boolean {
  const source = p.dependencyExpression?.trim();
  if (!source) return true;
  let expression = compiled.get(source);
  if (expression === undefined) {
    try {
      expression = compileExpression(source);
    } catch {
      expression = null;
    }
    compiled.set(source, expression);
  }
  if (!expression) return true;
  try {
    return truthy(expression.evaluate(values));
  } catch {
    return true;
  }
}

export interface DialogSection {
  name: string;
  title: string;
  label: string | null;
  order: number;
  /** Columns of a 12-column grid (sectionViewSize; the full width when not set). */
  size: number;
  secondary: boolean;
  properties: EditableProperty[];
}

/** The dialog's sections in sectionViewOrder; secondary sections after the others. */
export function dialogSections(properties: readonly EditableProperty[]): DialogSection[] {
  const sections = new Map<string, DialogSection>();
  for (const p of properties) {
    const name = p.sectionName ?? '';
    let section = sections.get(name);
    if (!section) {
      const size = p.sectionViewSize && p.sectionViewSize > 0 ? Math.min(12, p.sectionViewSize) : 12;
      section = {
        name,
        title: p.sectionTitle ?? p.sectionName ?? '',
        label: p.sectionLabel,
        order: p.sectionViewOrder ?? Number.MAX_SAFE_INTEGER,
        size,
        secondary: p.sectionSecondary,
        properties: [],
      };
      sections.set(name, section);
    }
    section.properties.push(p);
  }
  return [...sections.values()].sort((a, b) => Number(a.secondary) - Number(b.secondary) || a.order - b.order);
}
