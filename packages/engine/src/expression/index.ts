// The expression language, usable in the browser (no Node APIs here).
export { compileExpression, truthy, type CompiledExpression, type PropertyValue, type PropertyValues } from './compile.js';
export { validateExpression, type ValidationMessage } from './validate.js';
export { EXPRESSION_ERROR_CODES, ExpressionSyntaxError, ExpressionEvaluationError, type ExpressionErrorCode, type ExpressionErrorParams } from './errors.js';
export { FUNCTION_NAMES, type Value } from './functions.js';
export { parse } from './parser.js';
export type { Node } from './ast.js';
