// The model administrator's editors: model
// parameters, drivers and normalized scores functions, plus the calibration
// of the model parameters to the actual turnover. Each editor keeps a draft
// and the JSON it was loaded as (dirty check); a save sends every expression
// to PUT /api/functions/validate first and saves nothing when the server
// answers any message (the first is shown at its field, with its position).
import {
  DataType,
  DriverWeight,
  NewDriver,
  NewFunctionRow,
  type DriverFilter,
  type FunctionMessage,
  type ModelParameters,
  type NewLocationProperty,
  type NormalizedScoresFunction,
  type TravelModeParameters,
} from '@locus/contract';
import type { CalibrationJob } from '@locus/contract/routes/calibration';
import { FUNCTION_NAMES, validateExpression } from '@locus/engine/expression';
import { batch, computed, signal } from '@preact/signals-react';
import { ApiFailure, type ApiClient } from '@locus/contract/client';
import { catalogue, language, t, type TextKey } from '../i18n';
import { api as defaultApi } from './api';
import { modelId, submodelId } from './models';
import { loadLocationDetail, reloadScenarios } from './planner';
import { clearRefusal, isConnectionOrServerFailure, refusal } from './refusals';
import { confirm, notify } from './ui';

let api: ApiClient = defaultApi;
/** Tests hand in their own client. */
export function setEditorsApi(client: ApiClient): void {
  api = client;
}

export type EditorKind = 'modelParameters' | 'drivers' | 'normalizedScores' | 'propertyRanges' | 'log';
/** The editors that save a draft. */
export type DraftEditorKind = Exclude<EditorKind, 'log'>;
/** The editor (or the log viewer) open on the main screen. */
export const openEditor = signal<EditorKind | null>(null);

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
export const fieldError = signal<FieldError | null>(null);

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

/** The loaded parameters (property lists for the expression help). */
export const parameters = signal<ModelParameters | null>(null);
export const parametersDraft = signal<ModelParametersDraft | null>(null);
export const driversDraft = signal<DriverFilterRow[] | null>(null);
export const scoresDraft = signal<ScoreRow[] | null>(null);

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
export const rangesDraft = signal<RangeRow[] | null>(null);
const savedJson = signal<string>('');

let nextKey = 1;
const key = (prefix: string) => `${prefix}${nextKey++}`;

export const editorDirty = computed(() => {
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

function markSaved(draft: unknown): void {
  savedJson.value = JSON.stringify(stripKeys(draft));
}

// --- New rows ----------------------------------------------------------

export function newFunctionRow(): FunctionRow {
  return { key: key('f'), description: '', function: '', defaultValue: NewFunctionRow.defaultValue, type: NewFunctionRow.type };
}
export function newScoreRow(): ScoreRow {
  return { key: key('s'), title: '', function: '', weight: 1, defaultValue: NewFunctionRow.defaultValue, type: NewFunctionRow.type };
}
export function newDriverRow(): DriverRow {
  return { key: key('d'), title: '', function: '', weight: DriverWeight.maximum, roundingDigits: NewDriver.roundingDigits, inverse: NewDriver.inverse };
}
export function newDriverFilterRow(): DriverFilterRow {
  return { key: key('g'), title: '', function: '', drivers: [] };
}

// --- Opening and closing ---------------------------------------------------------------

export async function loadParameters(): Promise<ModelParameters | null> {
  const sid = submodelId.value;
  if (sid === null) return null;
  const loaded = await api.call('modelParameters', { params: { submodelId: sid } });
  parameters.value = loaded;
  return loaded;
}

export async function openModelParameters(): Promise<void> {
  const loaded = await loadParameters();
  if (!loaded) return;
  const draft: ModelParametersDraft = {
    fractionCutOffThreshold: loaded.fractionCutOffThreshold,
    car: { ...loaded.car },
    pedestrian: { ...loaded.pedestrian },
    functions: loaded.functions.map((f) => ({ key: key('f'), ...f })),
  };
  batch(() => {
    parametersDraft.value = draft;
    markSaved(draft);
    resetCalibration();
    fieldError.value = null;
    openEditor.value = 'modelParameters';
  });
}

function driverRows(filters: DriverFilter[]): DriverFilterRow[] {
  return filters.map((f) => ({ key: key('g'), id: f.id, title: f.title, function: f.function, drivers: f.drivers.map((d) => ({ key: key('d'), ...d })) }));
}

export async function openDrivers(): Promise<void> {
  const mid = modelId.value;
  if (mid === null) return;
  const [filters] = await Promise.all([api.call('driverFilters', { params: { modelId: mid } }), parameters.value ? null : loadParameters()]);
  const draft = driverRows(filters);
  batch(() => {
    driversDraft.value = draft;
    markSaved(draft);
    fieldError.value = null;
    openEditor.value = 'drivers';
  });
}

function scoreRows(rows: NormalizedScoresFunction[]): ScoreRow[] {
  return rows.map((r) => ({ key: key('s'), ...r }));
}

export async function openNormalizedScores(): Promise<void> {
  const sid = submodelId.value;
  if (sid === null) return;
  const [rows] = await Promise.all([api.call('normalizedScoresFunctions', { params: { submodelId: sid } }), parameters.value ? null : loadParameters()]);
  const draft = scoreRows(rows);
  batch(() => {
    scoresDraft.value = draft;
    markSaved(draft);
    fieldError.value = null;
    openEditor.value = 'normalizedScores';
  });
}

/** A property whose range the editor offers: a number a planner types (not text, yes/no, a POI count or an output). */
export function hasRange(p: Pick<NewLocationProperty, 'dataType' | 'autoCalculateType' | 'propertyType'>): boolean {
  return p.dataType !== DataType.text && p.dataType !== DataType.yesNo && p.autoCalculateType === null && p.propertyType !== 4;
}

/** A stored bound in the unit typed (a percentage x100, without float noise); '' for none. */
function typedBound(p: Pick<NewLocationProperty, 'dataType'>, value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(p.dataType === DataType.percentage ? Math.round(value * 100 * 1e9) / 1e9 : value);
}

/** A typed bound in stored units; null for an empty field, NaN for text that is no number. */
export function storedBound(dataType: number, text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return NaN;
  return dataType === DataType.percentage ? Math.round((n / 100) * 1e12) / 1e12 : n;
}

function rangeRows(properties: NewLocationProperty[]): RangeRow[] {
  return properties.filter(hasRange).map((p) => ({
    id: p.id,
    name: p.name,
    title: p.title,
    dataType: p.dataType,
    minimum: typedBound(p, p.minimumValue),
    maximum: typedBound(p, p.maximumValue),
    step: typedBound(p, p.step),
    wholeNumbers: !!p.wholeNumbers,
  }));
}

export async function openPropertyRanges(): Promise<void> {
  const mid = modelId.value;
  if (mid === null) return;
  const draft = rangeRows(await api.call('newLocationProperties', { params: { modelId: mid } }));
  batch(() => {
    rangesDraft.value = draft;
    markSaved(draft);
    fieldError.value = null;
    refusal.value = null;
    openEditor.value = 'propertyRanges';
  });
}

export function updateRangeRow(id: number, patch: Partial<Omit<RangeRow, 'id'>>): void {
  if (rangesDraft.value) rangesDraft.value = rangesDraft.value.map((r) => (r.id === id ? { ...r, ...patch } : r));
}

export function openLogViewer(): void {
  openEditor.value = 'log';
}

/** Closes the open editor; with unsaved changes only after the confirmation. */
export async function closeEditor(ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
  if (editorDirty.value && !(await ask(t('confirmClose')))) return false;
  batch(() => {
    openEditor.value = null;
    fieldError.value = null;
    refusal.value = null;
    stopCalibrationPolling();
  });
  return true;
}

// --- Editing ---------------------------------------------------------------------------------

export function updateParameters(patch: Partial<Omit<ModelParametersDraft, 'functions'>>): void {
  if (parametersDraft.value) parametersDraft.value = { ...parametersDraft.value, ...patch };
}
export function updateMode(mode: 'car' | 'pedestrian', patch: Partial<TravelModeParameters>): void {
  const d = parametersDraft.value;
  if (d) parametersDraft.value = { ...d, [mode]: { ...d[mode], ...patch } };
}
export function updateFunctionRow(rowKey: string, patch: Partial<FunctionRow>): void {
  const d = parametersDraft.value;
  if (d) parametersDraft.value = { ...d, functions: d.functions.map((r) => (r.key === rowKey ? { ...r, ...patch } : r)) };
  clearErrorOf(rowKey);
}
export function addFunctionRow(): FunctionRow {
  const row = newFunctionRow();
  const d = parametersDraft.value;
  if (d) parametersDraft.value = { ...d, functions: [...d.functions, row] };
  return row;
}
export async function deleteFunctionRow(rowKey: string, ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
  if (!(await ask(t('confirmDeleteRow')))) return false;
  const d = parametersDraft.value;
  if (d) parametersDraft.value = { ...d, functions: d.functions.filter((r) => r.key !== rowKey) };
  clearErrorOf(rowKey);
  return true;
}

export function updateScoreRow(rowKey: string, patch: Partial<ScoreRow>): void {
  if (scoresDraft.value) scoresDraft.value = scoresDraft.value.map((r) => (r.key === rowKey ? { ...r, ...patch } : r));
  clearErrorOf(rowKey);
}
export function addScoreRow(): ScoreRow {
  const row = newScoreRow();
  scoresDraft.value = [...(scoresDraft.value ?? []), row];
  return row;
}
export async function deleteScoreRow(rowKey: string, ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
  if (!(await ask(t('confirmDeleteRow')))) return false;
  scoresDraft.value = (scoresDraft.value ?? []).filter((r) => r.key !== rowKey);
  clearErrorOf(rowKey);
  return true;
}

export function updateFilterRow(filterKey: string, patch: Partial<Omit<DriverFilterRow, 'drivers'>>): void {
  driversDraft.value = (driversDraft.value ?? []).map((f) => (f.key === filterKey ? { ...f, ...patch } : f));
  clearErrorOf(filterKey);
}
export function updateDriverRow(filterKey: string, driverKey: string, patch: Partial<DriverRow>): void {
  driversDraft.value = (driversDraft.value ?? []).map((f) =>
    f.key === filterKey ? { ...f, drivers: f.drivers.map((d) => (d.key === driverKey ? { ...d, ...patch } : d)) } : f,
  );
  clearErrorOf(driverKey);
}
export function addDriverFilter(): DriverFilterRow {
  const row = newDriverFilterRow();
  driversDraft.value = [...(driversDraft.value ?? []), row];
  return row;
}
export function addDriver(filterKey: string): DriverRow {
  const row = newDriverRow();
  driversDraft.value = (driversDraft.value ?? []).map((f) => (f.key === filterKey ? { ...f, drivers: [...f.drivers, row] } : f));
  return row;
}
export async function deleteDriverFilter(filterKey: string, ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
  if (!(await ask(t('confirmDeleteRow')))) return false;
  driversDraft.value = (driversDraft.value ?? []).filter((f) => f.key !== filterKey);
  return true;
}
export async function deleteDriver(filterKey: string, driverKey: string, ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
  if (!(await ask(t('confirmDeleteRow')))) return false;
  driversDraft.value = (driversDraft.value ?? []).map((f) => (f.key === filterKey ? { ...f, drivers: f.drivers.filter((d) => d.key !== driverKey) } : f));
  return true;
}

function clearErrorOf(rowKey: string): void {
  if (fieldError.value?.row === rowKey) fieldError.value = null;
}

// --- Validation and saving ---------------------------------------------------------------

/** The expressions of an editor in order, each with the field it came from. */
export function expressionsOf(kind: 'modelParameters' | 'drivers' | 'normalizedScores'): { ref: FieldRef; source: string }[] {
  if (kind === 'modelParameters') return (parametersDraft.value?.functions ?? []).map((r) => ({ ref: { row: r.key, field: 'function' }, source: r.function }));
  if (kind === 'normalizedScores') return (scoresDraft.value ?? []).map((r) => ({ ref: { row: r.key, field: 'function' }, source: r.function }));
  return (driversDraft.value ?? []).flatMap((f) => [
    { ref: { row: f.key, field: 'function' as const }, source: f.function },
    ...f.drivers.map((d) => ({ ref: { row: d.key, field: 'function' as const }, source: d.function })),
  ]);
}

/** An expression message as the server or the engine sends it: English text, and a code with its values. */
export interface ExpressionMessage {
  message: string;
  code?: string;
  params?: Record<string, string | number>;
  /** 0-based offset in the expression. */
  position: number | null;
}

/** The message in the interface language: its code's text with its values, else the English sentence as sent. */
export function expressionMessageText(m: ExpressionMessage): string {
  const { code } = m;
  if (!code || !(code in catalogue(language.value))) return m.message;
  const params = { ...(m.params ?? {}) };
  if ('found' in params) params.found = params.found === '' ? t('exprTheEnd') : `'${params.found}'`;
  let key = code as TextKey;
  if (code === 'exprArgumentCount') {
    const minimum = Number(params.minimum);
    const maximum = Number(params.maximum);
    key =
      maximum < 0 ? 'exprArgumentCountAtLeast' : minimum !== maximum ? 'exprArgumentCountEither' : minimum === 1 ? 'exprArgumentCountOne' : 'exprArgumentCount';
  }
  const reason = t(key, params);
  // An unknown property names its place itself; a syntax error gets it in front.
  if (code === 'exprUnknownProperty' || m.position === null) return reason;
  return t('exprSyntaxAt', { position: m.position + 1, reason });
}

/** The server's first message at its field; null when every expression is valid. */
export async function validateExpressions(kind: 'modelParameters' | 'drivers' | 'normalizedScores'): Promise<FieldError | null> {
  const mid = modelId.value;
  if (mid === null) return null;
  const list = expressionsOf(kind);
  const { messages } = await api.call('functionsValidate', { query: { modelId: mid }, body: list.map((e) => e.source) });
  const first: FunctionMessage | undefined = messages[0];
  if (!first) return null;
  const ref = list[first.index]?.ref ?? { row: '', field: 'function' as const };
  return { ...ref, message: expressionMessageText(first), position: first.position };
}

/** Validates, then saves; false (nothing saved) when the server found a problem. */
export async function saveEditor(kind: DraftEditorKind): Promise<boolean> {
  const problem = kind === 'propertyRanges' ? null : await validateExpressions(kind);
  if (problem) {
    fieldError.value = problem;
    // The server's message names its position already; the field marks it.
    notify(problem.message, 'error');
    return false;
  }
  fieldError.value = null;
  clearRefusal();
  try {
    if (kind === 'modelParameters') await saveParameters();
    else if (kind === 'drivers') await saveDrivers();
    else if (kind === 'propertyRanges') await saveRanges();
    else await saveScores();
  } catch (error) {
    // A refusal is shown at its field (and in a notification); the editor stays open with every edit.
    if (error instanceof ApiFailure && !isConnectionOrServerFailure(error)) return false;
    throw error;
  }
  notify(t('editorSaved'), 'success');
  return true;
}

async function saveParameters(): Promise<void> {
  const d = parametersDraft.value;
  const sid = submodelId.value;
  if (!d || sid === null) return;
  const saved = await api.call('modelParametersSave', {
    params: { submodelId: sid },
    body: {
      fractionCutOffThreshold: d.fractionCutOffThreshold,
      car: d.car,
      pedestrian: d.pedestrian,
      functions: d.functions.map(({ key: _key, ...f }) => f),
    },
  });
  parameters.value = saved;
  const draft: ModelParametersDraft = {
    fractionCutOffThreshold: saved.fractionCutOffThreshold,
    car: { ...saved.car },
    pedestrian: { ...saved.pedestrian },
    functions: saved.functions.map((f) => ({ key: key('f'), ...f })),
  };
  batch(() => {
    parametersDraft.value = draft;
    markSaved(draft);
  });
  // The save marked the model's scenarios for recalculation: show them so.
  await reloadScenarios();
}

async function saveDrivers(): Promise<void> {
  const mid = modelId.value;
  const d = driversDraft.value;
  if (!d || mid === null) return;
  const saved = await api.call('driversSave', {
    params: { modelId: mid },
    body: d.map((f) => ({ id: f.id, title: f.title, function: f.function, drivers: f.drivers.map(({ key: _key, ...driver }) => driver) })),
  });
  const draft = driverRows(saved);
  batch(() => {
    driversDraft.value = draft;
    markSaved(draft);
  });
}

async function saveRanges(): Promise<void> {
  const mid = modelId.value;
  const d = rangesDraft.value;
  if (!d || mid === null) return;
  const saved = await api.call('propertyRangesSave', {
    params: { modelId: mid },
    body: d.map((r) => {
      // Text that is no number goes as typed: the server refuses it at its field (NaN would travel as null, no bound).
      const bound = (text: string) => {
        const value = storedBound(r.dataType, text);
        return (Number.isNaN(value) ? text : value) as number | null;
      };
      return { id: r.id, minimumValue: bound(r.minimum), maximumValue: bound(r.maximum), step: bound(r.step), wholeNumbers: r.wholeNumbers };
    }),
  });
  const draft = rangeRows(saved);
  batch(() => {
    rangesDraft.value = draft;
    markSaved(draft);
  });
  // The drawer states the ranges and flags values outside them: the selected location is read again.
  await loadLocationDetail();
}

async function saveScores(): Promise<void> {
  const sid = submodelId.value;
  const d = scoresDraft.value;
  if (!d || sid === null) return;
  const saved = await api.call('normalizedScoresFunctionsSave', { params: { submodelId: sid }, body: d.map(({ key: _key, ...r }) => r) });
  const draft = scoreRows(saved);
  batch(() => {
    scoresDraft.value = draft;
    markSaved(draft);
  });
}

// --- Expression help as you type -------------------------------------------------------------

/** Names an expression may use: the model's properties and the language's functions. */
export const expressionNames = computed(() => {
  const p = parameters.value;
  const properties = p ? [...p.locationProperties, ...p.locationGroupProperties, ...p.locationClusterProperties] : [];
  const seen = new Set<string>();
  const names: { name: string; title: string | null; kind: 'property' | 'function' }[] = [];
  for (const prop of properties) {
    if (seen.has(prop.name)) continue;
    seen.add(prop.name);
    names.push({ name: prop.name, title: prop.title, kind: 'property' });
  }
  for (const name of FUNCTION_NAMES) names.push({ name, title: null, kind: 'function' });
  return names;
});

/** The word being typed at the caret, with where it starts. */
export function wordAt(source: string, caret: number): { word: string; start: number } {
  let start = caret;
  while (start > 0 && /[A-Za-z0-9_]/.test(source[start - 1]!)) start--;
  return { word: source.slice(start, caret), start };
}

/** Suggestions for the word at the caret (at most 8, properties first). */
export function suggestionsFor(
  source: string,
  caret: number,
  names = expressionNames.value,
): { name: string; title: string | null; kind: 'property' | 'function' }[] {
  const { word } = wordAt(source, caret);
  if (!word || /^\d/.test(word)) return [];
  const lower = word.toLowerCase();
  return names.filter((n) => n.name.toLowerCase().startsWith(lower) && n.name !== word).slice(0, 8);
}

/** The word at the caret replaced by a suggestion; answers the new text and caret. */
export function applySuggestion(source: string, caret: number, name: string, kind: 'property' | 'function'): { text: string; caret: number } {
  const { start } = wordAt(source, caret);
  const insert = kind === 'function' ? `${name}(` : name;
  return { text: source.slice(0, start) + insert + source.slice(caret), caret: start + insert.length };
}

/**
 * The syntax problem of an expression while typing, checked in the browser
 * by the engine's expression package (property names are checked by the
 * server on save: type 2 functions read area properties the editor does not list).
 */
export function syntaxProblem(source: string): { message: string; position: number } | null {
  if (!source.trim()) return null;
  const messages = validateExpression(source, []).filter((m) => m.kind === 'syntax');
  return messages[0] ? { message: expressionMessageText(messages[0]), position: messages[0].position } : null;
}

// --- Decay curve -----------------------------------------------------------------------------

/** f(t) = scale * (t + constant)^(-power) for t <= maximumMinutes, else 0 (docs/calculation-model.md). */
export function decayValue(mode: TravelModeParameters, minutes: number): number {
  if (!(minutes <= mode.maximumMinutes) || mode.maximumMinutes <= 0) return 0;
  const base = Math.max(minutes + mode.constant, 1e-6);
  return mode.scale * Math.pow(base, -mode.power);
}

/** Points of the curve from 0 to the maximum minutes (1 beyond it, where it drops to 0). */
export function decayCurve(mode: TravelModeParameters, steps = 60): { t: number; f: number }[] {
  const end = Math.max(1, mode.maximumMinutes * 1.1);
  return Array.from({ length: steps + 1 }, (_, i) => {
    const minutes = (end * i) / steps;
    return { t: minutes, f: decayValue(mode, minutes) };
  });
}

// --- Calibration -------------------------------------------------------------------------------

export const calibration = signal<CalibrationJob | null>(null);
let calibrationTimer: ReturnType<typeof setTimeout> | null = null;
/** How often a running calibration is asked for its progress. */
export const CALIBRATION_POLL_MS = 500;

function resetCalibration(): void {
  stopCalibrationPolling();
  calibration.value = null;
}

function stopCalibrationPolling(): void {
  if (calibrationTimer) clearTimeout(calibrationTimer);
  calibrationTimer = null;
}

/** Starts the calibration of the current sub-model and follows it until it completes or fails. */
export async function startCalibration(pollMs = CALIBRATION_POLL_MS): Promise<CalibrationJob | null> {
  const sid = submodelId.value;
  if (sid === null) return null;
  stopCalibrationPolling();
  let job = await api.call('calibrationStart', { params: { submodelId: sid }, body: { fitDecay: true, fitAttractiveness: true } });
  calibration.value = job;
  while (job.state === 'running') {
    await new Promise<void>((resolve) => {
      calibrationTimer = setTimeout(resolve, pollMs);
    });
    if (openEditor.value !== 'modelParameters' || calibration.value?.id !== job.id) return null;
    job = await api.call('calibrationStatus', { params: { submodelId: sid, calibrationId: job.id } });
    calibration.value = job;
  }
  if (job.state === 'failed') notify(t('calibrationFailed', { reason: job.error ?? '' }), 'error');
  return job;
}

/**
 * Applies the fitted parameters after the administrator confirms: the decay
 * powers and the rewritten attractiveness functions go into the draft and are
 * saved like any edit (validated by the server first).
 */
export async function applyCalibration(ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
  const result = calibration.value?.result;
  const d = parametersDraft.value;
  if (!result || !d) return false;
  if (!(await ask(t('calibrationApplyConfirm')))) return false;
  const after = result.after.parameters;
  const rewritten = new Map(result.functions.map((f) => [f.id, f.function]));
  parametersDraft.value = {
    ...d,
    car: after.carPower !== null ? { ...d.car, power: after.carPower } : d.car,
    pedestrian: after.pedestrianPower !== null ? { ...d.pedestrian, power: after.pedestrianPower } : d.pedestrian,
    functions: d.functions.map((f) => (f.id !== undefined && rewritten.has(f.id) ? { ...f, function: rewritten.get(f.id)! } : f)),
  };
  const saved = await saveEditor('modelParameters');
  if (saved) calibration.value = null;
  return saved;
}
