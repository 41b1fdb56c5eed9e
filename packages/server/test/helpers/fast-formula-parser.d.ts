// Types for the part of fast-formula-parser (which ships none) that the
// workbook tests use. The package is CommonJS: the parser class is the
// module, with the error class as one of its properties.
declare module 'fast-formula-parser' {
  namespace FormulaParser {
    interface CellRef {
      sheet: string;
      row: number;
      col: number;
    }
    interface RangeRef {
      sheet: string;
      from: { row: number; col: number };
      to: { row: number; col: number };
    }
    const Types: { NUMBER: number };
    const FormulaHelpers: {
      flattenParams(params: unknown[], valueType: number | null, allowUnion: boolean, hook: (item: unknown) => void): void;
    };
    class FormulaError {
      constructor(error: string, details?: unknown);
      readonly error: string;
    }
  }
  class FormulaParser {
    constructor(config: {
      functions?: Record<string, (...params: unknown[]) => unknown>;
      onCell?: (ref: FormulaParser.CellRef) => unknown;
      onRange?: (ref: FormulaParser.RangeRef) => unknown[][];
    });
    parse(formula: string, position: FormulaParser.CellRef, allowReturnArray?: boolean): unknown;
  }
  export = FormulaParser;
}
