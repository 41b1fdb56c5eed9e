// The expression language: parsing, evaluation, error positions, validation and safety.

import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileExpression, ExpressionEvaluationError, ExpressionSyntaxError, validateExpression } from '../src/expression/index.js';

const ev = (src: string, values: Record<string, number | string | boolean | null> = {}) => compileExpression(src).evaluate(values);

function syntaxError(src: string): ExpressionSyntaxError {
  try {
    compileExpression(src);
  } catch (e) {
    if (e instanceof ExpressionSyntaxError) return e;
    throw e;
  }
  throw new Error(`'${src}' parsed without error`);
}

test('arithmetic with the usual precedence; ^ binds tighter than unary minus and is right-associative', () => {
  assert.is(ev('1 + 2 * 3'), 7);
  assert.is(ev('(1 + 2) * 3'), 9);
  assert.is(ev('-2 ^ 2'), -4);
  assert.is(ev('2 ^ 3 ^ 2'), 512);
  assert.is(ev('7 % 4 - 10 / 4'), 0.5);
  assert.is(ev('1.5e3 + .5'), 1500.5);
});

test('comparisons and logic give 1 or 0; and/or/not in words or symbols', () => {
  assert.is(ev('3 > 2 and 2 >= 2'), 1);
  assert.is(ev('3 < 2 or not (1 = 1)'), 0);
  assert.is(ev('1 <> 2 && !(0) || 0'), 1);
  assert.is(ev("formula = 'super'", { formula: 'super' }), 1);
  assert.is(ev("formula != 'super'", { formula: 'discount' }), 1);
  assert.is(ev("x = 'a'", { x: 1 }), 0, 'a number is never equal to a text');
  assert.is(ev('TRUE AND NOT FALSE'), 1, 'keywords in any case');
});

test('if-then-else in keyword and function form, including a parenthesised condition', () => {
  assert.is(ev('if a > 1 then 10 else 20', { a: 2 }), 10);
  assert.is(ev('if(a > 1, 10, 20)', { a: 0 }), 20);
  assert.is(ev('if (a > 1) and (b > 1) then 1 else 2', { a: 2, b: 0 }), 2);
  assert.is(ev('if (a) then 1 else 2', { a: 0 }), 2);
  assert.is(ev('1 + if a then 1 else if b then 2 else 3', { a: 0, b: 0 }), 4);
  // Only the chosen branch is evaluated: the missing property in the other one does not matter.
  assert.is(ev('if(1, 5, missing)'), 5);
});

test('functions: min, max, abs, log, exp, sqrt, pow, round', () => {
  assert.is(ev('min(3, 1, 2) + max(4, 9)'), 10);
  assert.is(ev('abs(-2.5)'), 2.5);
  assert.ok(Math.abs((ev('log(exp(2))') as number) - 2) < 1e-15);
  assert.ok(Math.abs((ev('log(1000, 10)') as number) - 3) < 1e-12);
  assert.is(ev('sqrt(16) + pow(2, 10)'), 1028);
  assert.is(ev('round(2.5) + round(-2.5) + round(1.2345, 2)'), 1.23);
  assert.is(ev('pow(salesArea, 0.9)', { salesArea: 1000 }), Math.pow(1000, 0.9));
  assert.is(ev('MAX(1, 2)'), 2, 'function names in any case');
});

test('property names: plain, with digits and underscores, and [quoted] for odd names', () => {
  assert.is(ev('sales_area_2024 * 2', { sales_area_2024: 4 }), 8);
  assert.is(ev('[Sales area (m2)] + [if]', { 'Sales area (m2)': 100, if: 1 }), 101);
  assert.is(ev('open', { open: true }), 1, 'yes/no values are 1/0');
  assert.equal(compileExpression('a + b * a + [c d]').names, ['a', 'b', 'c d']);
});

test('evaluation errors: missing property, text in arithmetic', () => {
  assert.throws(
    () => ev('a + 1'),
    (e: unknown) => e instanceof ExpressionEvaluationError && e.propertyName === 'a',
  );
  assert.throws(() => ev('a + 1', { a: null }), /has no value/);
  assert.throws(() => ev("'x' * 2"), /needs a number/);
  assert.throws(() => ev("'x' < 2"), /cannot compare/);
  assert.is(compileExpression('a / 0').evaluateNumber({ a: 1 }, 7), 7, 'a non-finite result falls back');
  assert.is(compileExpression('a').evaluateNumber({}, 3), 3);
});

test('syntax errors carry the position where parsing stopped', () => {
  assert.is(syntaxError('1 + * 2').position, 4);
  assert.is(syntaxError('a + (b * 2').position, 10);
  assert.is(syntaxError('foo(1)').position, 0);
  assert.match(syntaxError('foo(1)').message, "unknown function 'foo'");
  assert.is(syntaxError('pow(1)').position, 0);
  assert.match(syntaxError('pow(1)').message, 'takes 2 arguments');
  assert.is(syntaxError("'open").position, 0);
  assert.is(syntaxError('a $ b').position, 2);
  assert.is(syntaxError('1 < 2 < 3').position, 6);
  assert.is(syntaxError('if a then b').position, 11);
  assert.is(syntaxError('').position, 0);
  assert.match(syntaxError('a +').message, 'position 4');
});

test('validate: one message per unknown property (with its name and position), or the syntax error', () => {
  const known = new Set(['salesArea', 'parking']);
  assert.equal(validateExpression('pow(salesArea, 0.9) * parking', known), []);
  const messages = validateExpression('salesArea * foo + bar - foo', known);
  assert.equal(
    messages.map((m) => [m.kind, m.name, m.position]),
    [
      ['unknownProperty', 'foo', 12],
      ['unknownProperty', 'bar', 18],
    ],
  );
  const syntax = validateExpression('salesArea * (', known);
  assert.is(syntax.length, 1);
  assert.is(syntax[0].kind, 'syntax');
  assert.is(syntax[0].position, 13);
});

test('safety: no member access, no globals, no prototype: such names are only ever missing properties', () => {
  for (const name of ['constructor', '__proto__', 'process', 'globalThis', 'toString', 'prototype', 'eval', 'Function']) {
    assert.throws(
      () => ev(name),
      (e: unknown) => e instanceof ExpressionEvaluationError,
      name,
    );
    assert.throws(
      () => ev(`${name} + 1`, {}),
      (e: unknown) => e instanceof ExpressionEvaluationError,
      name,
    );
    assert.equal(
      validateExpression(name, []).map((m) => m.name),
      [name],
    );
  }
  // Calls only reach the fixed function table.
  for (const src of ['constructor(1)', 'process()', 'toString()', 'eval(1)', 'hasOwnProperty(1)']) syntaxError(src);
  // No syntax for member access or indexing.
  for (const src of ['a.constructor', "a['constructor']", 'a[0]', '(1).constructor', 'x => x', 'a; b', '`a`']) {
    assert.throws(
      () => compileExpression(src),
      (e: unknown) => e instanceof ExpressionSyntaxError,
      src,
    );
  }
  // An own property called constructor is an ordinary value.
  assert.is(ev('constructor * 2', { constructor: 21 }), 42);
  // A record whose prototype has a property does not leak it.
  const inherited = Object.create({ secret: 5 }) as Record<string, number>;
  assert.throws(() => compileExpression('secret').evaluate(inherited), /has no value/);
});

test('fillIn shows the calculation with values filled in', () => {
  const e = compileExpression("pow(salesArea, 0.9) * if formula = 'super' then 1.1 else 1");
  assert.is(e.fillIn({ salesArea: 1200, formula: 'super' }), "pow(1200, 0.9) * if 'super' = 'super' then 1.1 else 1");
  assert.is(compileExpression('[odd name] + a').fillIn({ 'odd name': 2 }), '2 + ?');
});

test('property: printed integer arithmetic evaluates like JavaScript', () => {
  const leaf = fc.integer({ min: -50, max: 50 }).map((n) => ({ src: n < 0 ? `(${n})` : String(n), v: n }));
  const tree = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.tuple(tie('node'), fc.constantFrom('+', '-', '*'), tie('node')).map(([a, op, b]) => {
        const x = a as { src: string; v: number };
        const y = b as { src: string; v: number };
        return { src: `(${x.src} ${op} ${y.src})`, v: op === '+' ? x.v + y.v : op === '-' ? x.v - y.v : x.v * y.v };
      }),
    ),
  })).node as fc.Arbitrary<{ src: string; v: number }>;
  fc.assert(fc.property(tree, ({ src, v }) => Object.is(ev(src), v) || ev(src) === v));
});

test('the expression module runs in the browser: it imports only its own files', () => {
  const dir = new URL('../src/expression/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  assert.ok(files.length >= 5);
  for (const file of files) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    for (const m of source.matchAll(/from\s+'([^']+)'/g)) assert.ok(m[1].startsWith('./'), `${file} imports ${m[1]}`);
    assert.not.match(source, /\b(process|require|Buffer|eval|Function)\s*[.(]/, file);
  }
});

test.run();
