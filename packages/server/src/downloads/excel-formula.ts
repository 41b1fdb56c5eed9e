// The expression language written as an Excel formula, so the calculation
// workbook recalculates when a planner changes an input. Property names become
// references to the input cells; comparisons and logic give 1 or 0 as in
// Locus; a missing value (empty cell) fails like in Locus, and the function's
// IFERROR then gives its default value. Texts compare without regard to case
// in Excel, a difference that only shows with texts differing in case only.
import { parse, type Node } from '@locus/engine';

const FUNCTIONS: Record<string, (args: string[]) => string> = {
  min: (a) => `MIN(${a.join(',')})`,
  max: (a) => `MAX(${a.join(',')})`,
  abs: (a) => `ABS(${a[0]})`,
  log: (a) => (a.length === 2 ? `LOG(${a[0]},${a[1]})` : `LN(${a[0]})`),
  exp: (a) => `EXP(${a[0]})`,
  sqrt: (a) => `SQRT(${a[0]})`,
  pow: (a) => `POWER(${a[0]},${a[1]})`,
  round: (a) => `ROUND(${a[0]},${a[1] ?? 0})`,
};

const COMPARISON: Record<string, string> = { '=': '=', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

const number = (v: number) => String(v).toUpperCase();
const text = (v: string) => `"${v.replace(/"/g, '""')}"`;

/** Translates an expression; `cellOf` answers the absolute reference of a property's input cell. */
export function excelFormula(source: string, cellOf: (name: string) => string): string {
  const write = (node: Node): string => {
    switch (node.type) {
      case 'number':
        return number(node.value);
      case 'string':
        return text(node.value);
      case 'name': {
        const ref = cellOf(node.name);
        return `IF(ISBLANK(${ref}),NA(),${ref})`;
      }
      case 'unary':
        if (node.operator === 'not') return `IF(${write(node.operand)},0,1)`;
        return node.operator === '-' ? `(-${write(node.operand)})` : `(+${write(node.operand)})`;
      case 'binary': {
        const l = write(node.left);
        const r = write(node.right);
        switch (node.operator) {
          case 'and':
            return `IF(AND(${l},${r}),1,0)`;
          case 'or':
            return `IF(OR(${l},${r}),1,0)`;
          case '%':
            return `MOD(${l},${r})`;
          case '^':
            return `POWER(${l},${r})`;
          case '+':
          case '-':
          case '*':
          case '/':
            return `(${l}${node.operator}${r})`;
          default:
            return `IF(${l}${COMPARISON[node.operator]}${r},1,0)`;
        }
      }
      case 'if':
        return `IF(${write(node.condition)},${write(node.then)},${write(node.otherwise)})`;
      case 'call':
        return FUNCTIONS[node.name.toLowerCase()]!(node.args.map(write));
    }
  };
  return write(parse(source));
}
