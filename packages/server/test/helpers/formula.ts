// A small spreadsheet evaluator for the tests of the calculation workbook: it
// reads the formulas exceljs wrote and computes them from the cells, the way
// Excel does, for the functions the workbook uses. Inputs can be overridden
// to check that the output follows a change.
import type ExcelJS from 'exceljs';

export class FormulaError {
  constructor(readonly code: string) {}
}
type Scalar = number | string | boolean | null | FormulaError;
type Value = Scalar | Scalar[];

type Token = { kind: 'number' | 'string' | 'ref' | 'name' | 'op' | 'paren' | 'comma'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const ref = /^(?:(?:'[^']+'|[A-Za-z_][\w.]*)!)?\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?/;
  while (i < source.length) {
    const rest = source.slice(i);
    const c = source[i]!;
    if (c === ' ') { i++; continue; }
    let m: RegExpMatchArray | null;
    if ((m = rest.match(/^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/))) tokens.push({ kind: 'number', text: m[0] });
    else if (c === '"') {
      let j = i + 1, text = '';
      for (;;) {
        if (source[j] === '"' && source[j + 1] === '"') { text += '"'; j += 2; continue; }
        if (source[j] === '"') break;
        text += source[j++];
      }
      tokens.push({ kind: 'string', text });
      i = j + 1;
      continue;
    } else if ((m = rest.match(/^[A-Z][A-Z0-9.]*(?=\()/))) tokens.push({ kind: 'name', text: m[0] });
    else if ((m = rest.match(ref))) tokens.push({ kind: 'ref', text: m[0] });
    else if ((m = rest.match(/^(<>|<=|>=|[-+*/^&=<>])/))) tokens.push({ kind: 'op', text: m[0] });
    else if (c === '(' || c === ')') tokens.push({ kind: 'paren', text: c });
    else if (c === ',') tokens.push({ kind: 'comma', text: c });
    else throw new Error(`cannot read '${rest}' in formula ${source}`);
    i += m ? m[0].length : 1;
  }
  return tokens;
}

type Node =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'ref'; sheet?: string; from: string; to?: string }
  | { type: 'unary'; op: string; operand: Node }
  | { type: 'binary'; op: string; left: Node; right: Node }
  | { type: 'call'; name: string; args: Node[] };

const POWER: Record<string, number> = { '=': 1, '<>': 1, '<': 1, '<=': 1, '>': 1, '>=': 1, '&': 2, '+': 3, '-': 3, '*': 4, '/': 4, '^': 5 };

function parse(source: string): Node {
  const tokens = tokenize(source);
  let p = 0;
  const expression = (min: number): Node => {
    let left = primary();
    for (;;) {
      const t = tokens[p];
      if (!t || t.kind !== 'op' || POWER[t.text]! < min) return left;
      p++;
      left = { type: 'binary', op: t.text, left, right: expression(POWER[t.text]! + 1) };
    }
  };
  const primary = (): Node => {
    const t = tokens[p++];
    if (!t) throw new Error(`unexpected end of ${source}`);
    if (t.kind === 'number') return { type: 'number', value: Number(t.text) };
    if (t.kind === 'string') return { type: 'string', value: t.text };
    if (t.kind === 'op' && (t.text === '-' || t.text === '+')) return { type: 'unary', op: t.text, operand: expression(6) };
    if (t.kind === 'paren' && t.text === '(') {
      const inner = expression(0);
      p++;
      return inner;
    }
    if (t.kind === 'ref') {
      const [sheetPart, cellPart] = t.text.includes('!') ? [t.text.slice(0, t.text.lastIndexOf('!')).replace(/^'|'$/g, ''), t.text.slice(t.text.lastIndexOf('!') + 1)] : [undefined, t.text];
      const [from, to] = cellPart!.replace(/\$/g, '').split(':');
      return { type: 'ref', sheet: sheetPart, from: from!, to };
    }
    if (t.kind === 'name') {
      p++; // (
      const args: Node[] = [];
      if (!(tokens[p]?.kind === 'paren' && tokens[p]?.text === ')')) {
        for (;;) {
          args.push(expression(0));
          if (tokens[p]?.kind === 'comma') { p++; continue; }
          break;
        }
      }
      p++; // )
      return { type: 'call', name: t.text, args };
    }
    throw new Error(`unexpected '${t.text}' in ${source}`);
  };
  return expression(0);
}

const columnNumber = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
const split = (address: string) => {
  const m = address.match(/^([A-Z]+)(\d+)$/)!;
  return { column: columnNumber(m[1]!), row: Number(m[2]) };
};

const isError = (v: unknown): v is FormulaError => v instanceof FormulaError;

function toNumber(v: Scalar): number | FormulaError {
  if (isError(v)) return v;
  if (v === null) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) ? n : new FormulaError('#VALUE!');
}

function numeric(result: number): number | FormulaError {
  return Number.isFinite(result) ? result : new FormulaError(Number.isNaN(result) ? '#NUM!' : '#DIV/0!');
}

export class WorkbookEvaluator {
  private cache = new Map<string, Scalar>();
  private overrides = new Map<string, Scalar>();
  private parsed = new Map<string, Node>();

  constructor(private readonly workbook: ExcelJS.Workbook) {}

  /** Replaces an input cell's value, as a planner typing in Excel. */
  set(sheet: string, address: string, value: Scalar) {
    this.overrides.set(`${sheet}!${address}`, value);
    this.cache.clear();
  }

  value(sheet: string, address: string): Scalar {
    const key = `${sheet}!${address}`;
    if (this.overrides.has(key)) return this.overrides.get(key)!;
    if (this.cache.has(key)) return this.cache.get(key)!;
    const ws = this.workbook.getWorksheet(sheet);
    if (!ws) throw new Error(`no sheet ${sheet}`);
    const cell = ws.getCell(address);
    let result: Scalar;
    if (cell.formula) {
      let node = this.parsed.get(cell.formula);
      if (!node) {
        node = parse(cell.formula);
        this.parsed.set(cell.formula, node);
      }
      result = this.scalar(this.evaluate(node, sheet));
    } else {
      const v = cell.value as unknown;
      result = v === null || v === undefined || v === '' ? null : typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : String(v);
    }
    this.cache.set(key, result);
    return result;
  }

  private scalar(v: Value): Scalar {
    return Array.isArray(v) ? (v[0] ?? null) : v;
  }

  private range(sheet: string, from: string, to: string): Scalar[] {
    const a = split(from);
    const b = split(to);
    const out: Scalar[] = [];
    for (let r = Math.min(a.row, b.row); r <= Math.max(a.row, b.row); r++) {
      for (let c = Math.min(a.column, b.column); c <= Math.max(a.column, b.column); c++) {
        out.push(this.value(sheet, this.workbook.getWorksheet(sheet)!.getRow(r).getCell(c).address));
      }
    }
    return out;
  }

  private evaluate(node: Node, sheet: string): Value {
    switch (node.type) {
      case 'number': return node.value;
      case 'string': return node.value;
      case 'ref': {
        const s = node.sheet ?? sheet;
        return node.to ? this.range(s, node.from, node.to) : this.value(s, node.from);
      }
      case 'unary': {
        const v = toNumber(this.scalar(this.evaluate(node.operand, sheet)));
        return isError(v) ? v : node.op === '-' ? -v : v;
      }
      case 'binary': return this.binary(node.op, this.scalar(this.evaluate(node.left, sheet)), this.scalar(this.evaluate(node.right, sheet)));
      case 'call': return this.call(node.name, node.args, sheet);
    }
  }

  private binary(op: string, l: Scalar, r: Scalar): Scalar {
    if (isError(l)) return l;
    if (isError(r)) return r;
    if (op === '&') return `${l ?? ''}${r ?? ''}`;
    if (['=', '<>', '<', '<=', '>', '>='].includes(op)) {
      const norm = (v: Scalar) => (typeof v === 'string' ? v.toLowerCase() : v === null ? 0 : typeof v === 'boolean' ? (v ? 1 : 0) : v);
      const a = norm(l) as number | string;
      const b = norm(r) as number | string;
      const cmp = typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === 'string' ? 1 : -1;
      return { '=': cmp === 0, '<>': cmp !== 0, '<': cmp < 0, '<=': cmp <= 0, '>': cmp > 0, '>=': cmp >= 0 }[op]!;
    }
    const a = toNumber(l);
    const b = toNumber(r);
    if (isError(a)) return a;
    if (isError(b)) return b;
    switch (op) {
      case '+': return a + b;
      case '-': return a - b;
      case '*': return a * b;
      case '/': return b === 0 ? new FormulaError('#DIV/0!') : a / b;
      default: return numeric(Math.pow(a, b));
    }
  }

  private numbers(args: Node[], sheet: string): number[] | FormulaError {
    const out: number[] = [];
    for (const arg of args) {
      const v = this.evaluate(arg, sheet);
      for (const x of Array.isArray(v) ? v : [v]) {
        if (isError(x)) return x;
        // Ranges skip blanks and texts, as in Excel.
        if (Array.isArray(v) && typeof x !== 'number') continue;
        const n = toNumber(x);
        if (isError(n)) return n;
        out.push(n);
      }
    }
    return out;
  }

  private call(name: string, args: Node[], sheet: string): Value {
    const one = (k: number) => this.scalar(this.evaluate(args[k]!, sheet));
    const num = (k: number) => toNumber(one(k));
    const truth = (v: Scalar): boolean | FormulaError => {
      if (isError(v)) return v;
      if (typeof v === 'string') return new FormulaError('#VALUE!');
      return v !== null && v !== false && v !== 0;
    };
    const math = (f: (...x: number[]) => number) => {
      const xs = args.map((_, k) => num(k));
      const bad = xs.find(isError);
      return bad ?? numeric(f(...(xs as number[])));
    };
    switch (name) {
      case 'IF': {
        const c = truth(one(0));
        if (isError(c)) return c;
        return c ? one(1) : args.length > 2 ? one(2) : false;
      }
      case 'IFERROR': {
        const v = one(0);
        return isError(v) ? one(1) : v;
      }
      case 'ISNUMBER': return typeof one(0) === 'number';
      case 'ISBLANK': return one(0) === null;
      case 'NA': return new FormulaError('#N/A');
      case 'AND': case 'OR': {
        const values = args.map((_, k) => truth(one(k)));
        const bad = values.find(isError);
        if (bad) return bad;
        return name === 'AND' ? values.every(Boolean) : values.some(Boolean);
      }
      case 'NOT': {
        const c = truth(one(0));
        return isError(c) ? c : !c;
      }
      case 'SUM': case 'MAX': case 'MIN': case 'PRODUCT': {
        const xs = this.numbers(args, sheet);
        if (isError(xs)) return xs;
        if (name === 'SUM') return xs.reduce((s, x) => s + x, 0);
        if (name === 'PRODUCT') return xs.reduce((s, x) => s * x, 1);
        if (!xs.length) return 0;
        return name === 'MAX' ? Math.max(...xs) : Math.min(...xs);
      }
      case 'SUMIF': {
        const values = this.evaluate(args[0]!, sheet) as Scalar[];
        const criterion = String(one(1));
        const m = criterion.match(/^(>=|<=|<>|>|<|=)?(.*)$/)!;
        const target = Number(m[2]);
        let sum = 0;
        for (const v of values) {
          if (isError(v)) return v;
          if (typeof v !== 'number') continue;
          const ok = { '>=': v >= target, '<=': v <= target, '<>': v !== target, '>': v > target, '<': v < target, '=': v === target }[m[1] ?? '=']!;
          if (ok) sum += v;
        }
        return sum;
      }
      case 'POWER': return math((a, b) => Math.pow(a, b));
      case 'ABS': return math(Math.abs);
      case 'LN': return math((a) => (a > 0 ? Math.log(a) : NaN));
      case 'LOG': return math((a, b = 10) => Math.log(a) / Math.log(b));
      case 'EXP': return math(Math.exp);
      case 'SQRT': return math((a) => (a >= 0 ? Math.sqrt(a) : NaN));
      case 'MOD': return math((a, b) => (b === 0 ? NaN : a - b * Math.floor(a / b)));
      case 'ROUND': return math((a, d = 0) => {
        const f = Math.pow(10, d);
        return Math.sign(a) * Math.round(Math.abs(a) * f) / f;
      });
      default: throw new Error(`function ${name} is not known to the test evaluator`);
    }
  }
}
