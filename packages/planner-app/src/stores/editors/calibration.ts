// The calibration of the model parameters to the actual turnover: started,
// followed until it completes or fails, applied after confirmation. Made
// with the API client, the drafts and the save (calibrationActions, in
// model.ts).
import type { CalibrationJob } from '@locus/contract/routes/calibration';
import { signal } from '@preact/signals-react';
import type { ApiClient } from '@locus/contract/client';
import { t } from '../../i18n';
import { submodelId } from '../models';
import { confirm, notify } from '../ui';
import type { DraftEditorKind, Drafts } from './drafts';

/** How often a running calibration is asked for its progress. */
export const CALIBRATION_POLL_MS = 500;

/** The calibration's state and actions. */
export function calibrationActions(api: ApiClient, { openEditor, parametersDraft }: Drafts, saveEditor: (kind: DraftEditorKind) => Promise<boolean>) {
  const calibration = signal<CalibrationJob | null>(null);
  let calibrationTimer: ReturnType<typeof setTimeout> | null = null;

  function resetCalibration(): void {
    stopCalibrationPolling();
    calibration.value = null;
  }

  function stopCalibrationPolling(): void {
    if (calibrationTimer) clearTimeout(calibrationTimer);
    calibrationTimer = null;
  }

  /** Starts the calibration of the current sub-model and follows it until it completes or fails. */
  async function startCalibration(pollMs = CALIBRATION_POLL_MS): Promise<CalibrationJob | null> {
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
  async function applyCalibration(ask: (text: string) => Promise<boolean> = confirm): Promise<boolean> {
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

  return { calibration, resetCalibration, stopCalibrationPolling, startCalibration, applyCalibration };
}
