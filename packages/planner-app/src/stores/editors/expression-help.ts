// Help while an expression is typed (names, suggestions, syntax) and the
// decay curve of a travel mode's parameters. Pure functions over the model's
// names.
import type { TravelModeParameters } from '@locus/contract';
import { FUNCTION_NAMES, validateExpression } from '@locus/engine/expression';
import { computed, type ReadonlySignal } from '@preact/signals-react';
import type { ModelParameters } from '@locus/contract';
import { expressionMessageText } from './saving';

/** A name an expression may use: a property of the model or a function of the language. */
export interface ExpressionName {
  name: string;
  title: string | null;
  kind: 'property' | 'function';
}

/** Names an expression may use: the loaded parameters' properties and the language's functions. */
export const expressionNamesOf = (parameters: ReadonlySignal<ModelParameters | null>) =>
  computed(() => {
    const p = parameters.value;
    const properties = p ? [...p.locationProperties, ...p.locationGroupProperties, ...p.locationClusterProperties] : [];
    const seen = new Set<string>();
    const names: ExpressionName[] = [];
    for (const prop of properties) {
      if (seen.has(prop.name)) continue;
      seen.add(prop.name);
      names.push({ name: prop.name, title: prop.title, kind: 'property' });
    }
    for (const name of FUNCTION_NAMES) names.push({ name, title: null, kind: 'function' });
    return names;
  });

/** The word being typed at the caret, with where it starts. */
export function wordAt(source: string, caret: number): { word: string; start: number } {
  let start = caret;
  while (start > 0 && /[A-Za-z0-9_]/.test(source[start - 1]!)) start--;
  return { word: source.slice(start, caret), start };
}

/** Suggestions for the word at the caret (at most 8, properties first). */
export function suggestionsFor(source: string, caret: number, names: readonly ExpressionName[]): ExpressionName[] {
  const { word } = wordAt(source, caret);
  if (!word || /^\d/.test(word)) return [];
  const lower = word.toLowerCase();
  return names.filter((n) => n.name.toLowerCase().startsWith(lower) && n.name !== word).slice(0, 8);
}

/** The word at the caret replaced by a suggestion; answers the new text and caret. */
export function applySuggestion(source: string, caret: number, name: string, kind: 'property' | 'function'): { text: string; caret: number } {
  const { start } = wordAt(source, caret);
  const insert = kind === 'function' ? `${name}(` : name;
  return { text: source.slice(0, start) + insert + source.slice(caret), caret: start + insert.length };
}

/**
 * The syntax problem of an expression while typing, checked in the browser
 * by the engine's expression package (property names are checked by the
 * server on save: type 2 functions read area properties the editor does not list).
 */
export function syntaxProblem(source: string): { message: string; position: number } | null {
  if (!source.trim()) return null;
  const messages = validateExpression(source, []).filter((m) => m.kind === 'syntax');
  return messages[0] ? { message: expressionMessageText(messages[0]), position: messages[0].position } : null;
}

// --- Decay curve -----------------------------------------------------------------------------

/** f(t) = scale * (t + constant)^(-power) for t <= maximumMinutes, else 0 (docs/calculation-model.md). */
export function decayValue(mode: TravelModeParameters, minutes: number): number {
  if (!(minutes <= mode.maximumMinutes) || mode.maximumMinutes <= 0) return 0;
  const base = Math.max(minutes + mode.constant, 1e-6);
  return mode.scale * Math.pow(base, -mode.power);
}

/** Points of the curve from 0 to the maximum minutes (1 beyond it, where it drops to 0). */
export function decayCurve(mode: TravelModeParameters, steps = 60): { t: number; f: number }[] {
  const end = Math.max(1, mode.maximumMinutes * 1.1);
  return Array.from({ length: steps + 1 }, (_, i) => {
    const minutes = (end * i) / steps;
    return { t: minutes, f: decayValue(mode, minutes) };
  });
}
