// Pratt parser of the expression language. Precedence, lowest first:
//   if-then-else, or, and, not, comparison, + -, * / %, unary - +, ^ (right-associative).
// Function calls are checked against the fixed function table at parse time,
// so an unknown function or a wrong number of arguments is a syntax error with a position.

import type { BinaryOperator, Node } from './ast.js';
import { ExpressionSyntaxError, type ExpressionErrorCode, type ExpressionErrorParams } from './errors.js';
import { FUNCTIONS } from './functions.js';
import { tokenize, type Token } from './lexer.js';

const BINARY: Record<string, { op: BinaryOperator; power: number; right?: boolean }> = {
  or: { op: 'or', power: 10 },
  '||': { op: 'or', power: 10 },
  and: { op: 'and', power: 20 },
  '&&': { op: 'and', power: 20 },
  '=': { op: '=', power: 40 },
  '==': { op: '=', power: 40 },
  '!=': { op: '!=', power: 40 },
  '<>': { op: '!=', power: 40 },
  '<': { op: '<', power: 40 },
  '<=': { op: '<=', power: 40 },
  '>': { op: '>', power: 40 },
  '>=': { op: '>=', power: 40 },
  '+': { op: '+', power: 50 },
  '-': { op: '-', power: 50 },
  '*': { op: '*', power: 60 },
  '/': { op: '/', power: 60 },
  '%': { op: '%', power: 60 },
  '^': { op: '^', power: 80, right: true },
};
const NOT_POWER = 30;
const UNARY_MINUS_POWER = 70;

export function parse(source: string): Node {
  const tokens = tokenize(source);
  let index = 0;
  const peek = (): Token => tokens[index];
  const next = (): Token => tokens[index++];

  const describe = (t: Token): string => (t.kind === 'end' ? 'the end of the expression' : `'${source.slice(t.start, t.end)}'`);
  const found = (t: Token): string => (t.kind === 'end' ? '' : source.slice(t.start, t.end));
  const fail = (t: Token, reason: string, code: ExpressionErrorCode, params: ExpressionErrorParams = {}): never => {
    throw new ExpressionSyntaxError(reason, t.start, code, params);
  };
  const isKeyword = (t: Token, word: string) => t.kind === 'keyword' && t.text === word;
  const isPunct = (t: Token, p: string) => t.kind === 'punctuation' && t.text === p;
  const expectKeyword = (word: string) => {
    const t = next();
    if (!isKeyword(t, word)) fail(t, `expected '${word}' but found ${describe(t)}`, 'exprExpected', { expected: word, found: found(t) });
  };
  const expectPunct = (p: string) => {
    const t = next();
    if (!isPunct(t, p)) fail(t, `expected '${p}' but found ${describe(t)}`, 'exprExpected', { expected: p, found: found(t) });
  };

  function binaryOf(t: Token) {
    if (t.kind === 'operator' || (t.kind === 'keyword' && (t.text === 'and' || t.text === 'or'))) return BINARY[t.text];
    return undefined;
  }

  function expression(minPower: number): Node {
    return infix(prefix(), minPower);
  }

  function infix(left: Node, minPower: number): Node {
    for (;;) {
      const t = peek();
      const b = binaryOf(t);
      if (!b || b.power <= minPower) return left;
      next();
      const right = expression(b.right ? b.power - 1 : b.power);
      if (b.power === 40 && binaryOf(peek())?.power === 40) fail(peek(), 'comparisons cannot be chained; use and', 'exprChainedComparison');
      left = { type: 'binary', operator: b.op, left, right, start: t.start };
    }
  }

  function argumentList(): Node[] {
    expectPunct('(');
    const args: Node[] = [];
    if (isPunct(peek(), ')')) {
      next();
      return args;
    }
    for (;;) {
      args.push(expression(0));
      const t = next();
      if (isPunct(t, ')')) return args;
      if (!isPunct(t, ',')) fail(t, `expected ',' or ')' but found ${describe(t)}`, 'exprExpectedCommaOrClose', { found: found(t) });
    }
  }

  function ifExpression(start: Token): Node {
    let condition: Node;
    if (isPunct(peek(), '(')) {
      // Either the function form if(c, a, b) or a parenthesised condition of if (c) then a else b.
      const open = peek();
      const args = argumentList();
      if (args.length === 3 && !isKeyword(peek(), 'then')) {
        return { type: 'if', condition: args[0], then: args[1], otherwise: args[2], start: start.start };
      }
      if (args.length !== 1) fail(open, 'if(...) takes 3 arguments: condition, value when true, value when false', 'exprIfArguments');
      condition = infix(args[0], 0);
    } else {
      condition = expression(0);
    }
    expectKeyword('then');
    const then = expression(0);
    expectKeyword('else');
    const otherwise = expression(0);
    return { type: 'if', condition, then, otherwise, start: start.start };
  }

  function prefix(): Node {
    const t = next();
    switch (t.kind) {
      case 'number':
        return { type: 'number', value: t.value as number, start: t.start };
      case 'string':
        return { type: 'string', value: t.text, start: t.start };
      case 'name': {
        if (!t.quoted && isPunct(peek(), '(')) {
          const fn = FUNCTIONS.get(t.text.toLowerCase());
          if (!fn) fail(t, `unknown function '${t.text}'`, 'exprUnknownFunction', { name: t.text });
          const args = argumentList();
          if (args.length < fn!.minArgs || args.length > fn!.maxArgs) {
            const count =
              fn!.minArgs === fn!.maxArgs ? `${fn!.minArgs}` : fn!.maxArgs === Infinity ? `at least ${fn!.minArgs}` : `${fn!.minArgs} or ${fn!.maxArgs}`;
            fail(t, `${t.text.toLowerCase()}() takes ${count} argument${count === '1' ? '' : 's'}, not ${args.length}`, 'exprArgumentCount', {
              name: t.text.toLowerCase(),
              minimum: fn!.minArgs,
              maximum: fn!.maxArgs === Infinity ? -1 : fn!.maxArgs,
              given: args.length,
            });
          }
          return { type: 'call', name: t.text.toLowerCase(), args, start: t.start };
        }
        return { type: 'name', name: t.text, start: t.start, end: t.end };
      }
      case 'keyword':
        if (t.text === 'true') return { type: 'number', value: 1, start: t.start };
        if (t.text === 'false') return { type: 'number', value: 0, start: t.start };
        if (t.text === 'not') return { type: 'unary', operator: 'not', operand: expression(NOT_POWER), start: t.start };
        if (t.text === 'if') return ifExpression(t);
        return fail(t, `unexpected ${describe(t)}`, 'exprUnexpected', { found: found(t) });
      case 'operator':
        if (t.text === '-' || t.text === '+') {
          return { type: 'unary', operator: t.text, operand: expression(UNARY_MINUS_POWER), start: t.start };
        }
        if (t.text === '!') return { type: 'unary', operator: 'not', operand: expression(NOT_POWER), start: t.start };
        return fail(t, `unexpected ${describe(t)}`, 'exprUnexpected', { found: found(t) });
      case 'punctuation':
        if (t.text === '(') {
          const inner = expression(0);
          expectPunct(')');
          return inner;
        }
        return fail(t, `unexpected ${describe(t)}`, 'exprUnexpected', { found: found(t) });
      default:
        return t.kind === 'end'
          ? fail(t, 'the expression is empty or ends too early', 'exprEndsEarly')
          : fail(t, `unexpected ${describe(t)}`, 'exprUnexpected', { found: found(t) });
    }
  }

  const root = expression(0);
  const rest = peek();
  if (rest.kind !== 'end') fail(rest, `unexpected ${describe(rest)}`, 'exprUnexpected', { found: found(rest) });
  return root;
}
