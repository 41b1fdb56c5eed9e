// Errors of the expression language. A syntax error carries the 0-based
// offset where the parser stopped; an evaluation error says what was missing
// or wrong so a model editor can fix the function.

/**
 * What went wrong, as a code the model editors translate (their catalogues
 * hold a text per code, filled with the params); the English reason stays in
 * the message for logs and API callers.
 */
export type ExpressionErrorCode =
  | 'exprCharAfterNumber'
  | 'exprBracketNotClosed'
  | 'exprEmptyBracketName'
  | 'exprTextNotClosed'
  | 'exprUnexpectedCharacter'
  | 'exprExpected'
  | 'exprExpectedCommaOrClose'
  | 'exprChainedComparison'
  | 'exprIfArguments'
  | 'exprUnknownFunction'
  | 'exprArgumentCount'
  | 'exprUnexpected'
  | 'exprEndsEarly'
  | 'exprUnknownProperty';

/** Every code an expression message can carry (the app's catalogue test reads it). */
export const EXPRESSION_ERROR_CODES: readonly ExpressionErrorCode[] = [
  'exprCharAfterNumber',
  'exprBracketNotClosed',
  'exprEmptyBracketName',
  'exprTextNotClosed',
  'exprUnexpectedCharacter',
  'exprExpected',
  'exprExpectedCommaOrClose',
  'exprChainedComparison',
  'exprIfArguments',
  'exprUnknownFunction',
  'exprArgumentCount',
  'exprUnexpected',
  'exprEndsEarly',
  'exprUnknownProperty',
];

/** Values a code's text fills in; `found` is the text found, '' for the end of the expression. */
export type ExpressionErrorParams = Record<string, string | number>;

export class ExpressionSyntaxError extends Error {
  readonly position: number;
  readonly code: ExpressionErrorCode;
  readonly params: ExpressionErrorParams;
  constructor(reason: string, position: number, code: ExpressionErrorCode, params: ExpressionErrorParams = {}) {
    super(`syntax error at position ${position + 1}: ${reason}`);
    this.name = 'ExpressionSyntaxError';
    this.position = position;
    this.code = code;
    this.params = params;
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
