// Errors of the expression language. A syntax error carries the 0-based
// offset where the parser stopped; an evaluation error says what was missing
// or wrong so a model editor can fix the function.

export class ExpressionSyntaxError extends Error {
  readonly position: number;
  constructor(reason: string, position: number) {
    super(`syntax error at position ${position + 1}: ${reason}`);
    this.name = 'ExpressionSyntaxError';
    this.position = position;
  }
}

export class ExpressionEvaluationError extends Error {
  /** The property that was missing, when that was the cause. */
  readonly propertyName?: string;
  constructor(message: string, propertyName?: string) {
    super(message);
    this.name = 'ExpressionEvaluationError';
    this.propertyName = propertyName;
  }
}
