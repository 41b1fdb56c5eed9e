// Validating and saving an editor's draft: a save sends every expression to
// PUT /api/functions/validate first and saves nothing when the server answers
// any message (the first is shown at its field, with its position). The
// actions are made with the API client and the drafts (savingActions, in
// model.ts); the message text is a pure export.
import type { FunctionMessage } from '@locus/contract';
import { batch } from '@preact/signals-react';
import { ApiFailure, type ApiClient } from '@locus/contract/client';
import { catalogue, language, t, type TextKey } from '../../i18n';
import { modelId, submodelId } from '../models';
import { loadLocationDetail, reloadScenarios } from '../planner';
import { clearRefusal, isConnectionOrServerFailure } from '../refusals';
import { notify } from '../ui';
import { type DraftEditorKind, type Drafts, type FieldError, type FieldRef, type ModelParametersDraft, rowKey } from './drafts';
import { driverRows, rangeRows, scoreRows, storedBound } from './opening';

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

/** The actions that validate and save the drafts, made with the API client and the drafts. */
export function savingActions(api: ApiClient, { driversDraft, fieldError, markSaved, parameters, parametersDraft, rangesDraft, scoresDraft }: Drafts) {
  /** The expressions of an editor in order, each with the field it came from. */
  function expressionsOf(kind: 'modelParameters' | 'drivers' | 'normalizedScores'): { ref: FieldRef; source: string }[] {
    if (kind === 'modelParameters')
      return (parametersDraft.value?.functions ?? []).map((r) => ({ ref: { row: r.key, field: 'function' }, source: r.function }));
    if (kind === 'normalizedScores') return (scoresDraft.value ?? []).map((r) => ({ ref: { row: r.key, field: 'function' }, source: r.function }));
    return (driversDraft.value ?? []).flatMap((f) => [
      { ref: { row: f.key, field: 'function' as const }, source: f.function },
      ...f.drivers.map((d) => ({ ref: { row: d.key, field: 'function' as const }, source: d.function })),
    ]);
  }

  /** The server's first message at its field; null when every expression is valid. */
  async function validateExpressions(kind: 'modelParameters' | 'drivers' | 'normalizedScores'): Promise<FieldError | null> {
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
  async function saveEditor(kind: DraftEditorKind): Promise<boolean> {
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
      functions: saved.functions.map((f) => ({ key: rowKey('f'), ...f })),
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

  return { expressionsOf, validateExpressions, saveEditor };
}
