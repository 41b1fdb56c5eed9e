// The model administrator's editors (model parameters, drivers, normalized
// scores functions, property ranges): which is open, their drafts and the JSON
// each was loaded as (dirty check), the error shown at a field, new rows. The
// state is made per editors model (createDrafts, in model.ts); the row shapes
// and new rows are plain exports.
import { DriverWeight, NewDriver, NewFunctionRow, type ModelParameters, type TravelModeParameters } from '@locus/contract';
import { computed, signal } from '@preact/signals-react';

export type EditorKind = 'modelParameters' | 'drivers' | 'normalizedScores' | 'propertyRanges' | 'log';
/** The editors that save a draft. */
export type DraftEditorKind = Exclude<EditorKind, 'log'>;

/** Where an expression sits in an editor: the row's key and the field. */
export interface FieldRef {
  /** 'f3' for function row 3, 'd1' for filter 1, 'd1.2' for driver 2 of filter 1. */
  row: string;
  field: 'function';
}

/** The server's message shown at its field. */
export interface FieldError extends FieldRef {
  message: string;
  position: number | null;
}

// --- Drafts -----------------------------------------------------------------------

/** A function row of the model parameters editor; key is stable across edits (rows without id are new). */
export interface FunctionRow {
  key: string;
  id?: number;
  description: string;
  function: string;
  defaultValue: number;
  type: number;
}
export interface ModelParametersDraft {
  fractionCutOffThreshold: number;
  car: TravelModeParameters;
  pedestrian: TravelModeParameters;
  functions: FunctionRow[];
}
export interface DriverRow {
  key: string;
  id?: number;
  title: string;
  function: string;
  weight: number;
  roundingDigits: number;
  inverse: boolean;
}
export interface DriverFilterRow {
  key: string;
  id?: number;
  title: string;
  function: string;
  drivers: DriverRow[];
}
export interface ScoreRow {
  key: string;
  id?: number;
  title: string;
  function: string;
  weight: number;
  defaultValue: number;
  type: number;
}

/**
 * A row of the property ranges editor: the bounds as typed, in the unit the
 * planner types (a percentage in %); an empty text is no bound.
 */
export interface RangeRow {
  id: number;
  name: string;
  title: string | null;
  dataType: number;
  minimum: string;
  maximum: string;
  step: string;
  wholeNumbers: boolean;
}

let nextKey = 1;
/** A new row's key, unique in this session (the dirty check leaves keys out). */
export const rowKey = (prefix: string) => `${prefix}${nextKey++}`;

/** The draft without its row keys (what the dirty check compares). */
function stripKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'key')
        .map(([k, v]) => [k, stripKeys(v)]),
    );
  }
  return value;
}

// --- New rows ----------------------------------------------------------

export function newFunctionRow(): FunctionRow {
  return { key: rowKey('f'), description: '', function: '', defaultValue: NewFunctionRow.defaultValue, type: NewFunctionRow.type };
}
export function newScoreRow(): ScoreRow {
  return { key: rowKey('s'), title: '', function: '', weight: 1, defaultValue: NewFunctionRow.defaultValue, type: NewFunctionRow.type };
}
export function newDriverRow(): DriverRow {
  return { key: rowKey('d'), title: '', function: '', weight: DriverWeight.maximum, roundingDigits: NewDriver.roundingDigits, inverse: NewDriver.inverse };
}
export function newDriverFilterRow(): DriverFilterRow {
  return { key: rowKey('g'), title: '', function: '', drivers: [] };
}

// --- State -----------------------------------------------------------------------

/** The editors' state: which editor is open, its draft and what it was loaded as, the error at a field. */
export function createDrafts() {
  /** The editor (or the log viewer) open on the main screen. */
  const openEditor = signal<EditorKind | null>(null);
  const fieldError = signal<FieldError | null>(null);
  /** The loaded parameters (property lists for the expression help). */
  const parameters = signal<ModelParameters | null>(null);
  const parametersDraft = signal<ModelParametersDraft | null>(null);
  const driversDraft = signal<DriverFilterRow[] | null>(null);
  const scoresDraft = signal<ScoreRow[] | null>(null);
  const rangesDraft = signal<RangeRow[] | null>(null);
  const savedJson = signal<string>('');

  const editorDirty = computed(() => {
    const draft =
      openEditor.value === 'modelParameters'
        ? parametersDraft.value
        : openEditor.value === 'drivers'
          ? driversDraft.value
          : openEditor.value === 'normalizedScores'
            ? scoresDraft.value
            : openEditor.value === 'propertyRanges'
              ? rangesDraft.value
              : null;
    return draft !== null && JSON.stringify(stripKeys(draft)) !== savedJson.value;
  });

  function markSaved(draft: unknown): void {
    savedJson.value = JSON.stringify(stripKeys(draft));
  }

  return { openEditor, fieldError, parameters, parametersDraft, driversDraft, scoresDraft, rangesDraft, editorDirty, markSaved };
}
export type Drafts = ReturnType<typeof createDrafts>;
