// The calibration of the model parameters to the actual turnover: started,
// followed until it completes or fails, applied after confirmation.
import type { CalibrationJob } from '@locus/contract/routes/calibration';
import { signal } from '@preact/signals-react';
import { t } from '../../i18n';
import { submodelId } from '../models';
import { confirm, notify } from '../ui';
import { api } from './client';
import { openEditor, parametersDraft } from './drafts';
import { saveEditor } from './saving';

export const calibration = signal<CalibrationJob | null>(null);
let calibrationTimer: ReturnType<typeof setTimeout> | null = null;
/** How often a running calibration is asked for its progress. */
export const CALIBRATION_POLL_MS = 500;

export function resetCalibration(): void {
  stopCalibrationPolling();
  calibration.value = null;
}

export function stopCalibrationPolling(): void {
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
