// Compiles a syntax tree into a tree of closures: parse once, evaluate many
// times over plain value records. The closures read values only through
// `Object.hasOwn` on the record handed in, so nothing else is reachable.

import { namesOf, type Node } from './ast.js';
import { ExpressionEvaluationError } from './errors.js';
import { FUNCTIONS, toNumber, type Value } from './functions.js';
import { tokenize } from './lexer.js';
import { parse } from './parser.js';

/** A property value as stored: numbers, texts, yes/no; null or undefined count as missing. */
export type PropertyValue = number | string | boolean | null | undefined;
/** The values an expression may read: property name to value. */
export type PropertyValues = Readonly<Record<string, PropertyValue>>;

export interface CompiledExpression {
  readonly source: string;
  /** Property names the expression reads, in order of first appearance. */
  readonly names: readonly string[];
  /** Evaluates over one record of values. Throws ExpressionEvaluationError on a missing property or a type error. */
  evaluate(values: PropertyValues): Value;
  /** Evaluates to a finite number, or returns `fallback` when evaluation fails or gives no finite number. */
  evaluateNumber(values: PropertyValues, fallback: number): number;
  /** The source text with every property name replaced by its value (the "calculation" of a location score). */
  fillIn(values: PropertyValues, format?: (value: Value) => string): string;
}

type Evaluator = (values: PropertyValues) => Value;

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function truthy(v: Value): boolean {
  return typeof v === 'number' ? v !== 0 && !Number.isNaN(v) : v.length > 0;
}

function readName(name: string): Evaluator {
  return (values) => {
    const v = hasOwn(values, name) ? values[name] : undefined;
    if (v === undefined || v === null) throw new ExpressionEvaluationError(`property '${name}' has no value`, name);
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (typeof v === 'number' || typeof v === 'string') return v;
    throw new ExpressionEvaluationError(`property '${name}' is neither a number nor a text`, name);
  };
}

function compare(op: string, a: Value, b: Value): boolean {
  if (typeof a !== typeof b) {
    if (op === '=') return false;
    if (op === '!=') return true;
    throw new ExpressionEvaluationError(`cannot compare a number with a text using '${op}'`);
  }
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

function build(node: Node): Evaluator {
  switch (node.type) {
    case 'number': {
      const v = node.value;
      return () => v;
    }
    case 'string': {
      const v = node.value;
      return () => v;
    }
    case 'name':
      return readName(node.name);
    case 'unary': {
      const operand = build(node.operand);
      if (node.operator === 'not') return (vs) => (truthy(operand(vs)) ? 0 : 1);
      if (node.operator === '-') return (vs) => -toNumber(operand(vs), "'-'");
      return (vs) => toNumber(operand(vs), "'+'");
    }
    case 'binary': {
      const l = build(node.left);
      const r = build(node.right);
      switch (node.operator) {
        case 'and':
          return (vs) => (truthy(l(vs)) && truthy(r(vs)) ? 1 : 0);
        case 'or':
          return (vs) => (truthy(l(vs)) || truthy(r(vs)) ? 1 : 0);
        case '+':
          return (vs) => toNumber(l(vs), "'+'") + toNumber(r(vs), "'+'");
        case '-':
          return (vs) => toNumber(l(vs), "'-'") - toNumber(r(vs), "'-'");
        case '*':
          return (vs) => toNumber(l(vs), "'*'") * toNumber(r(vs), "'*'");
        case '/':
          return (vs) => toNumber(l(vs), "'/'") / toNumber(r(vs), "'/'");
        case '%':
          return (vs) => toNumber(l(vs), "'%'") % toNumber(r(vs), "'%'");
        case '^':
          return (vs) => Math.pow(toNumber(l(vs), "'^'"), toNumber(r(vs), "'^'"));
        default: {
          const op = node.operator;
          return (vs) => (compare(op, l(vs), r(vs)) ? 1 : 0);
        }
      }
    }
    case 'if': {
      const c = build(node.condition);
      const a = build(node.then);
      const b = build(node.otherwise);
      return (vs) => (truthy(c(vs)) ? a(vs) : b(vs));
    }
    case 'call': {
      const fn = FUNCTIONS.get(node.name);
      if (!fn) throw new ExpressionEvaluationError(`unknown function '${node.name}'`);
      const args = node.args.map(build);
      const label = `${node.name}()`;
      return (vs) => fn.apply(args.map((a) => toNumber(a(vs), label)));
    }
  }
}

function defaultFormat(v: Value): string {
  return typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "\\'")}'`;
}

/** Parses and compiles. Throws ExpressionSyntaxError (with `position`) on bad syntax. */
export function compileExpression(source: string): CompiledExpression {
  const tree = parse(source);
  const run = build(tree);
  const names = namesOf(tree);
  return {
    source,
    names,
    evaluate: run,
    evaluateNumber(values, fallback) {
      try {
        const v = run(values);
        return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
      } catch (e) {
        if (e instanceof ExpressionEvaluationError) return fallback;
        throw e;
      }
    },
    fillIn(values, format = defaultFormat) {
      let out = '';
      let at = 0;
      for (const t of tokenize(source)) {
        if (t.kind !== 'name') continue;
        // A name followed by '(' is a function, not a property.
        if (!t.quoted && /^\s*\(/.test(source.slice(t.end))) continue;
        const v = hasOwn(values, t.text) ? values[t.text] : undefined;
        const shown = v === undefined || v === null ? '?' : format(typeof v === 'boolean' ? (v ? 1 : 0) : v);
        out += source.slice(at, t.start) + shown;
        at = t.end;
      }
      return out + source.slice(at);
    },
  };
}
