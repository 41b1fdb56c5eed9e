// Validation of expressions before an editor saves: one message per problem
// (a syntax error with its position, or each unknown property), numbered by
// the expression's place in the request or in the saved list.
import { validateExpression } from '@locus/engine';
import { RuleMessage, type FunctionMessage } from '@locus/contract';
import { DomainError } from '../domain/errors.js';

export function messagesOf(expressions: ReadonlyArray<{ source: string; known: ReadonlySet<string> }>): FunctionMessage[] {
  return expressions.flatMap(({ source, known }, index) =>
    validateExpression(source, known).map((m) => ({ index, message: m.message, code: m.code, params: m.params, position: m.position })),
  );
}

/** Refuses a save that has any message (409 functionValidationFailed); the messages travel in the reason. */
export function refuseWhenInvalid(messages: FunctionMessage[], label: (index: number) => string): void {
  if (!messages.length) return;
  const reason = messages.map((m) => `${label(m.index)}: ${m.message}`).join('; ');
  throw new DomainError('conflict', RuleMessage.functionValidationFailed, { key: RuleMessage.functionValidationFailed, reason });
}
