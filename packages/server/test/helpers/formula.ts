// Computes the calculation workbook's formulas the way a spreadsheet does, for
// the tests of that workbook: fast-formula-parser (MIT, Excel's grammar and
// functions) reads each formula exceljs wrote; this file only answers its
// questions for cell and range values from the workbook, following formulas
// from cell to cell. Inputs can be overridden to check that the output follows
// a change, as a planner typing in Excel. The library leaves MAX and MIN
// unimplemented; they are given here with its own argument helper, as its
// AVERAGE is written: numbers in ranges count, blanks and texts there do not,
// an error anywhere is the answer.
import type ExcelJS from 'exceljs';
import FormulaParser from 'fast-formula-parser';

type CellRef = FormulaParser.CellRef;
type RangeRef = FormulaParser.RangeRef;
export const FormulaError = FormulaParser.FormulaError;
export type FormulaError = FormulaParser.FormulaError;
type Scalar = number | string | boolean | null | FormulaError;

function extreme(pick: (a: number, b: number) => number) {
  return (...params: unknown[]): number => {
    let result: number | undefined;
    FormulaParser.FormulaHelpers.flattenParams(params, FormulaParser.Types.NUMBER, true, (item) => {
      if (item instanceof FormulaError) throw item;
      if (typeof item === 'number') result = result === undefined ? item : pick(result, item);
    });
    return result ?? 0;
  };
}

export class WorkbookEvaluator {
  private cache = new Map<string, Scalar>();
  private overrides = new Map<string, Scalar>();
  // A parser cannot parse again while it is asking for a cell's value, and a
  // cell's value may be a formula itself: one parser per depth of that chain.
  private readonly parsers: FormulaParser[] = [];
  private depth = 0;

  constructor(private readonly workbook: ExcelJS.Workbook) {}

  private parser(): FormulaParser {
    this.parsers[this.depth] ??= new FormulaParser({
      functions: { MAX: extreme(Math.max), MIN: extreme(Math.min) },
      onCell: (ref: CellRef) => this.value(ref.sheet, this.address(ref.sheet, ref.row, ref.col)),
      onRange: (ref: RangeRef) => {
        const rows: Scalar[][] = [];
        for (let row = ref.from.row; row <= ref.to.row; row++) {
          const values: Scalar[] = [];
          for (let col = ref.from.col; col <= ref.to.col; col++) values.push(this.value(ref.sheet, this.address(ref.sheet, row, col)));
          rows.push(values);
        }
        return rows;
      },
    });
    return this.parsers[this.depth]!;
  }

  /** Replaces an input cell's value, as a planner typing in Excel. */
  set(sheet: string, address: string, value: Scalar) {
    this.overrides.set(`${sheet}!${address}`, value);
    this.cache.clear();
  }

  value(sheet: string, address: string): Scalar {
    const key = `${sheet}!${address}`;
    if (this.overrides.has(key)) return this.overrides.get(key)!;
    if (this.cache.has(key)) return this.cache.get(key)!;
    const cell = this.sheet(sheet).getCell(address);
    let result: Scalar;
    if (cell.formula) {
      const parser = this.parser();
      this.depth++;
      let answer: Scalar | Scalar[][];
      try {
        answer = parser.parse(cell.formula, { sheet, row: Number(cell.row), col: Number(cell.col) }) as Scalar | Scalar[][];
      } finally {
        this.depth--;
      }
      // A formula that yields a range shows its first value in its cell.
      result = Array.isArray(answer) ? (answer[0]?.[0] ?? null) : answer;
    } else {
      const v = cell.value as unknown;
      result = v === null || v === undefined || v === '' ? null : typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : String(v);
    }
    this.cache.set(key, result);
    return result;
  }

  private sheet(name: string): ExcelJS.Worksheet {
    const ws = this.workbook.getWorksheet(name);
    if (!ws) throw new Error(`no sheet ${name}`);
    return ws;
  }

  private address(sheet: string, row: number, col: number): string {
    return this.sheet(sheet).getRow(row).getCell(col).address;
  }
}
