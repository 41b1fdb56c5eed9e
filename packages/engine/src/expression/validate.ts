// Validation for the model editors: one message per problem, each with its
// position, so the server can refuse a save and the editor can point at it.

import { nameNodes } from './ast.js';
import { ExpressionSyntaxError, type ExpressionErrorCode, type ExpressionErrorParams } from './errors.js';
import { parse } from './parser.js';

export interface ValidationMessage {
  kind: 'syntax' | 'unknownProperty';
  message: string;
  /** The message as a code and the values its text fills in (the model editors translate it). */
  code: ExpressionErrorCode;
  params: ExpressionErrorParams;
  /** 0-based offset in the expression. */
  position: number;
  /** The unknown property's name (kind unknownProperty). */
  name?: string;
}

/**
 * Checks one expression against the property names known to the model.
 * Returns an empty list when the expression is valid. A syntax error stops
 * parsing, so it is the only message in that case; otherwise there is one
 * message per unknown property name (each name reported once).
 */
export function validateExpression(source: string, knownNames: Iterable<string>): ValidationMessage[] {
  let tree;
  try {
    tree = parse(source);
  } catch (e) {
    if (e instanceof ExpressionSyntaxError) return [{ kind: 'syntax', message: e.message, code: e.code, params: e.params, position: e.position }];
    throw e;
  }
  const known = knownNames instanceof Set ? (knownNames as Set<string>) : new Set(knownNames);
  const messages: ValidationMessage[] = [];
  const reported = new Set<string>();
  for (const n of nameNodes(tree)) {
    if (known.has(n.name) || reported.has(n.name)) continue;
    reported.add(n.name);
    messages.push({
      kind: 'unknownProperty',
      message: `unknown property '${n.name}' at position ${n.start + 1}`,
      code: 'exprUnknownProperty',
      params: { name: n.name, position: n.start + 1 },
      position: n.start,
      name: n.name,
    });
  }
  return messages;
}
