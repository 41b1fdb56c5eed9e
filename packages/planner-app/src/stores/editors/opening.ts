// Opening and closing an editor: its draft read from the server (model
// parameters, drivers, normalized scores functions, property ranges). The
// rows a draft is made of are pure functions; the actions are made with the
// API client and the drafts (openingActions, in model.ts).
import { DataType, type DriverFilter, type ModelParameters, type NewLocationProperty, type NormalizedScoresFunction } from '@locus/contract';
import { batch } from '@preact/signals-react';
import { t } from '../../i18n';
import { modelId, submodelId } from '../models';
import { refusal } from '../refusals';
import { confirm } from '../ui';
import type { ApiClient } from '@locus/contract/client';
import { type Drafts, type DriverFilterRow, type ModelParametersDraft, type RangeRow, type ScoreRow, rowKey } from './drafts';

export function driverRows(filters: DriverFilter[]): DriverFilterRow[] {
  return filters.map((f) => ({
    key: rowKey('g'),
    id: f.id,
    title: f.title,
    function: f.function,
    drivers: f.drivers.map((d) => ({ key: rowKey('d'), ...d })),
  }));
}

export function scoreRows(rows: NormalizedScoresFunction[]): ScoreRow[] {
  return rows.map((r) => ({ key: rowKey('s'), ...r }));
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

export function rangeRows(properties: NewLocationProperty[]): RangeRow[] {
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

/** The actions that open and close the editors, made with the API client, the drafts and the calibration's reset. */
export function openingActions(
  api: ApiClient,
  { driversDraft, editorDirty, fieldError, markSaved, openEditor, parameters, parametersDraft, rangesDraft, scoresDraft }: Drafts,
  { resetCalibration, stopCalibrationPolling }: { resetCalibration: () => void; stopCalibrationPolling: () => void },
) {
  async function loadParameters(): Promise<ModelParameters | null> {
    const sid = submodelId.value;
    if (sid === null) return null;
    const loaded = await api.call('modelParameters', { params: { submodelId: sid } });
    parameters.value = loaded;
    return loaded;
  }

  async function openModelParameters(): Promise<void> {
    const loaded = await loadParameters();
    if (!loaded) return;
    const draft: ModelParametersDraft = {
      fractionCutOffThreshold: loaded.fractionCutOffThreshold,
      car: { ...loaded.car },
      pedestrian: { ...loaded.pedestrian },
      functions: loaded.functions.map((f) => ({ key: rowKey('f'), ...f })),
    };
    batch(() => {
      parametersDraft.value = draft;
      markSaved(draft);
      resetCalibration();
      fieldError.value = null;
      openEditor.value = 'modelParameters';
    });
  }

  async function openDrivers(): Promise<void> {
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

  async function openNormalizedScores(): Promise<void> {
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

  async function openPropertyRanges(): Promise<void> {
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

  function updateRangeRow(id: number, patch: Partial<Omit<RangeRow, 'id'>>): void {
    if (rangesDraft.value) rangesDraft.value = rangesDraft.value.map((r) => (r.id === id ? { ...r, ...patch } : r));
  }

  function openLogViewer(): void {
    openEditor.value = 'log';
  }

  /** Closes the open editor; with unsaved changes only after the confirmation. */
  async function closeEditor(ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
    if (editorDirty.value && !(await ask(t('confirmClose')))) return false;
    batch(() => {
      openEditor.value = null;
      fieldError.value = null;
      refusal.value = null;
      stopCalibrationPolling();
    });
    return true;
  }

  return { loadParameters, openModelParameters, openDrivers, openNormalizedScores, openPropertyRanges, updateRangeRow, openLogViewer, closeEditor };
}
