// Editing an editor's draft: fields, rows added and deleted (after confirmation).
import type { TravelModeParameters } from '@locus/contract';
import { t } from '../../i18n';
import { confirm } from '../ui';
import {
  type DriverFilterRow,
  type DriverRow,
  type Drafts,
  type FunctionRow,
  type ModelParametersDraft,
  type ScoreRow,
  newDriverFilterRow,
  newDriverRow,
  newFunctionRow,
  newScoreRow,
} from './drafts';

/** The actions that edit the drafts' fields and rows. */
export function rowActions({ driversDraft, fieldError, parametersDraft, scoresDraft }: Drafts) {
  function updateParameters(patch: Partial<Omit<ModelParametersDraft, 'functions'>>): void {
    if (parametersDraft.value) parametersDraft.value = { ...parametersDraft.value, ...patch };
  }
  function updateMode(mode: 'car' | 'pedestrian', patch: Partial<TravelModeParameters>): void {
    const d = parametersDraft.value;
    if (d) parametersDraft.value = { ...d, [mode]: { ...d[mode], ...patch } };
  }
  function updateFunctionRow(rowKey: string, patch: Partial<FunctionRow>): void {
    const d = parametersDraft.value;
    if (d) parametersDraft.value = { ...d, functions: d.functions.map((r) => (r.key === rowKey ? { ...r, ...patch } : r)) };
    clearErrorOf(rowKey);
  }
  function addFunctionRow(): FunctionRow {
    const row = newFunctionRow();
    const d = parametersDraft.value;
    if (d) parametersDraft.value = { ...d, functions: [...d.functions, row] };
    return row;
  }
  async function deleteFunctionRow(rowKey: string, ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
    if (!(await ask(t('confirmDeleteRow')))) return false;
    const d = parametersDraft.value;
    if (d) parametersDraft.value = { ...d, functions: d.functions.filter((r) => r.key !== rowKey) };
    clearErrorOf(rowKey);
    return true;
  }

  function updateScoreRow(rowKey: string, patch: Partial<ScoreRow>): void {
    if (scoresDraft.value) scoresDraft.value = scoresDraft.value.map((r) => (r.key === rowKey ? { ...r, ...patch } : r));
    clearErrorOf(rowKey);
  }
  function addScoreRow(): ScoreRow {
    const row = newScoreRow();
    scoresDraft.value = [...(scoresDraft.value ?? []), row];
    return row;
  }
  async function deleteScoreRow(rowKey: string, ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
    if (!(await ask(t('confirmDeleteRow')))) return false;
    scoresDraft.value = (scoresDraft.value ?? []).filter((r) => r.key !== rowKey);
    clearErrorOf(rowKey);
    return true;
  }

  function updateFilterRow(filterKey: string, patch: Partial<Omit<DriverFilterRow, 'drivers'>>): void {
    driversDraft.value = (driversDraft.value ?? []).map((f) => (f.key === filterKey ? { ...f, ...patch } : f));
    clearErrorOf(filterKey);
  }
  function updateDriverRow(filterKey: string, driverKey: string, patch: Partial<DriverRow>): void {
    driversDraft.value = (driversDraft.value ?? []).map((f) =>
      f.key === filterKey ? { ...f, drivers: f.drivers.map((d) => (d.key === driverKey ? { ...d, ...patch } : d)) } : f,
    );
    clearErrorOf(driverKey);
  }
  function addDriverFilter(): DriverFilterRow {
    const row = newDriverFilterRow();
    driversDraft.value = [...(driversDraft.value ?? []), row];
    return row;
  }
  function addDriver(filterKey: string): DriverRow {
    const row = newDriverRow();
    driversDraft.value = (driversDraft.value ?? []).map((f) => (f.key === filterKey ? { ...f, drivers: [...f.drivers, row] } : f));
    return row;
  }
  async function deleteDriverFilter(filterKey: string, ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
    if (!(await ask(t('confirmDeleteRow')))) return false;
    driversDraft.value = (driversDraft.value ?? []).filter((f) => f.key !== filterKey);
    return true;
  }
  async function deleteDriver(filterKey: string, driverKey: string, ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
    if (!(await ask(t('confirmDeleteRow')))) return false;
    driversDraft.value = (driversDraft.value ?? []).map((f) => (f.key === filterKey ? { ...f, drivers: f.drivers.filter((d) => d.key !== driverKey) } : f));
    return true;
  }

  function clearErrorOf(rowKey: string): void {
    if (fieldError.value?.row === rowKey) fieldError.value = null;
  }

  return {
    updateParameters,
    updateMode,
    updateFunctionRow,
    addFunctionRow,
    deleteFunctionRow,
    updateScoreRow,
    addScoreRow,
    deleteScoreRow,
    updateFilterRow,
    updateDriverRow,
    addDriverFilter,
    addDriver,
    deleteDriverFilter,
    deleteDriver,
  };
}
