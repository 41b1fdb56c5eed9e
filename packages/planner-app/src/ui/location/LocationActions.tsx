// The selected location's action buttons in the left drawer:
// the actions of its changeType, disabled with a hint while the scenario is
// read-only or, for delete and the undos, in the base scenario.
import { useSignals } from '@preact/signals-react/runtime';
import { CircleX, Pencil, Trash2, Undo2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { t, type TextKey } from '../../i18n';
import { locationActionStates, type LocationActionState } from '../../stores/editing/rules';
import { runLocationAction } from '../../stores/editing/location-actions';
import { selectedLocation } from '../../stores/locations';
import type { LocationAction } from '../../stores/locations';
import { scenario } from '../../stores/scenarios';

const LABELS: Record<LocationAction, TextKey> = {
  edit: 'editLocation',
  close: 'closeLocation',
  undoClose: 'undoClose',
  undoEdit: 'undoEdit',
  delete: 'removeLocation',
};

const ICONS: Record<LocationAction, ReactNode> = {
  edit: <Pencil size={16} aria-hidden="true" />,
  close: <CircleX size={16} aria-hidden="true" />,
  undoClose: <Undo2 size={16} aria-hidden="true" />,
  undoEdit: <Undo2 size={16} aria-hidden="true" />,
  delete: <Trash2 size={16} aria-hidden="true" />,
};

function ActionButton({ state, locationId }: { state: LocationActionState; locationId: number }) {
  const hintId = useId();
  const reason = state.reason ? t(state.reason) : null;
  return (
    <button
      type="button"
      className={`button small ${state.action === 'delete' ? 'danger' : ''}`}
      aria-disabled={state.disabled || undefined}
      aria-describedby={reason ? hintId : undefined}
      title={reason ?? undefined}
      onClick={() => {
        if (!state.disabled) void runLocationAction(state.action, locationId);
      }}
    >
      {ICONS[state.action]}
      <span>{t(LABELS[state.action])}</span>
      {reason && (
        <span id={hintId} className="visually-hidden">
          {reason}
        </span>
      )}
    </button>
  );
}

export function LocationActions() {
  useSignals();
  const location = selectedLocation.value;
  const s = scenario.value;
  if (!location || !s) return null;
  const states = locationActionStates(location.changeType, s.parentScenarioId !== null, s.status);
  const reason = states.find((x) => x.disabled)?.reason;
  return (
    <div className="location-actions" role="group" aria-label={t('locationActions')}>
      <div className="location-action-buttons">
        {states.map((state) => (
          <ActionButton key={state.action} state={state} locationId={location.id} />
        ))}
      </div>
      {reason && states.every((x) => x.disabled) && <p className="field-hint">{t(reason)}</p>}
    </div>
  );
}
