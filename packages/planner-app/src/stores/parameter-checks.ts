// Live warnings of the model parameters editor (docs/calculation-model.md,
// "Parameter rules"): within the rules the server enforces, a decay curve can
// still be implausible. It warns when the curve rises with travel time, and
// when it stays above half of its start up to the maximum minutes (travel time
// then hardly matters).
import type { TravelModeParameters } from '@locus/contract';
import type { TextKey } from '../i18n';
import { decayValue } from './editors/expression-help';

export interface DecayWarning {
  key: TextKey;
  vars?: Record<string, string | number>;
}

export function decayWarnings(mode: TravelModeParameters): DecayWarning[] {
  const end = mode.maximumMinutes;
  if (!(end > 0) || !Number.isFinite(end)) return [];
  // The start: at 0 minutes, or at 1 minute when the constant is 0 (the pull is unbounded at 0).
  const start = decayValue(mode, mode.constant > 0 ? 0 : Math.min(1, end));
  const last = decayValue(mode, end);
  if (!Number.isFinite(start) || !Number.isFinite(last)) return [];
  if (last > start || mode.power <= 0 || mode.scale <= 0) return [{ key: 'decayRises' }];
  if (start > 0 && last > start / 2) return [{ key: 'decayStaysHigh', vars: { minutes: end } }];
  return [];
}
