// zod schemas for the numeric codes of constants.ts, so an entity field
// accepts exactly the codes the decisions doc fixes.
import * as z from 'zod';
import { CatchmentAreaMode, ChangeType, DataType, LocationVisibility, OutputType } from './constants';

function codeOf<const T extends Record<string, number>>(codes: T, field: string) {
  const values = [...new Set(Object.values(codes))] as T[keyof T][];
  return z.union(values.map((value) => z.literal(value)) as unknown as [z.ZodLiteral<T[keyof T]>, ...z.ZodLiteral<T[keyof T]>[]], {
    error: `${field} must be one of ${values.join(', ')}`,
  });
}

/** 0 unchanged, 1 added, 2 closed, 3 edited. */
export const ChangeTypeCode = codeOf(ChangeType, 'changeType');
export type ChangeTypeCode = z.infer<typeof ChangeTypeCode>;

/** 0 text or choice, 1 number, 2 percentage, 3 currency, 4 plain number, 5 yes/no. */
export const DataTypeCode = codeOf(DataType, 'dataType');
export type DataTypeCode = z.infer<typeof DataTypeCode>;

/** 0 shown, 1 shown without information, 2 hidden. */
export const VisibilityCode = codeOf(LocationVisibility, 'visibility');
export type VisibilityCode = z.infer<typeof VisibilityCode>;

/** 1 turnover, 2 counts, 3 currency values, 4 score model. */
export const OutputTypeCode = codeOf(OutputType, 'outputType');
export type OutputTypeCode = z.infer<typeof OutputTypeCode>;

/** 0 one catchment area with coverage choices, 1 catchment areas on the map. */
export const CatchmentAreaModeCode = codeOf(CatchmentAreaMode, 'catchmentAreaMode');
export type CatchmentAreaModeCode = z.infer<typeof CatchmentAreaModeCode>;

/** Any integer: 0..10 have a meaning (the scenario status codes), every other value is shown as 'Error'. */
export const ScenarioStatusCode = z.number().int();
export type ScenarioStatusCode = z.infer<typeof ScenarioStatusCode>;
