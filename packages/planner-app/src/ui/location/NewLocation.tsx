// Starting a new location: the toolbar button (the next map click places it),
// the hint while placing, the panel while the pin is moved, and the map's
// context-menu entries "New location here" and "Edit" for a location.
import { useSignals } from '@preact/signals-react/runtime';
import { MapPinPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { t } from '../../i18n';
import { formatLatLonDms } from '../../i18n/format';
import { nearPoints, parseLatLon } from '../../map/coordinates';
import type { ContextMenuEntry } from '../../map/context-menu-entries';
import {
  canAddLocation,
  cancelPlacingLocation,
  closeLocationDraft,
  locationDraft,
  openNewLocation,
  placingLocation,
  startPlacingLocation,
  updateLocationDraft,
} from '../../stores/editing/location-dialog';
import { locationActionStates } from '../../stores/editing/rules';
import { runLocationAction } from '../../stores/editing/location-actions';
import { locations } from '../../stores/locations';
import { scenario } from '../../stores/scenarios';
import { requestFit, view } from '../../stores/view';
import { IconButton } from '../common';

export function NewLocationButton() {
  useSignals();
  const state = canAddLocation.value;
  return (
    <IconButton
      label={t('newLocation')}
      icon={<MapPinPlus size={20} aria-hidden="true" />}
      pressed={placingLocation.value}
      disabled={state.disabled}
      disabledReason={state.reason ? t(state.reason) : undefined}
      onClick={() => (placingLocation.value ? cancelPlacingLocation() : startPlacingLocation())}
    />
  );
}

/** Zoom at which the map shows a new location placed by typed coordinates (streets and buildings). */
const TYPED_POSITION_ZOOM = 15;

/**
 * Placing by typed coordinates (latitude, longitude; decimal or the app's own
 * DMS form): the map goes there and the dialog opens at that point. A text that
 * is not a position, or a position far from the model's locations (latitude and
 * longitude swapped, a typo), is refused at the field and kept for correction.
 */
function CoordinatesForm() {
  useSignals();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const place = () => {
    const position = parseLatLon(text);
    if (!position) return setError(t('coordinatesInvalid'));
    if (!nearPoints(position, locations.peek())) return setError(t('coordinatesFar'));
    setError(null);
    // The field goes with the placing hint: the map takes the focus, and gets it back when the dialog closes.
    document.querySelector<HTMLElement>('.map-area .map')?.focus({ preventScroll: true });
    requestFit({ kind: 'point', lon: position.lon, lat: position.lat, zoom: Math.max(view.peek().zoom, TYPED_POSITION_ZOOM) });
    void openNewLocation(position.lon, position.lat);
  };
  return (
    <form
      className="placement-coordinates"
      onSubmit={(e) => {
        e.preventDefault();
        place();
      }}
    >
      <label htmlFor={id}>{t('coordinates')}</label>
      <input
        id={id}
        type="text"
        value={text}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-example`}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
      />
      <button type="submit" className="button small">
        {t('placeAtCoordinates')}
      </button>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-example`} className="field-hint">
          {t('coordinatesExample')}
        </p>
      )}
    </form>
  );
}

/** The hint while placing (with the typed-coordinates field) and the panel while the pin of a new location is moved. */
export function PlacementPanel() {
  useSignals();
  const draft = locationDraft.value;
  if (placingLocation.value) {
    return (
      <div className="placement-panel placing" role="region" aria-label={t('newLocation')}>
        <span role="status">{t('placeLocationHint')}</span>
        <div className="placement-row">
          <CoordinatesForm />
          <button type="button" className="button small" onClick={cancelPlacingLocation}>
            {t('cancel')}
          </button>
        </div>
      </div>
    );
  }
  if (draft?.movingPin) {
    return (
      <div className="placement-panel" role="region" aria-label={t('newLocation')}>
        <span>
          {t('movePinHint')}
          <span className="coordinates"> {formatLatLonDms(draft.latitude, draft.longitude)}</span>
        </span>
        <button type="button" className="button small" onClick={closeLocationDraft}>
          {t('cancel')}
        </button>
        <button type="button" className="button small primary" onClick={() => updateLocationDraft({ movingPin: false })}>
          {t('backToDialog')}
        </button>
      </div>
    );
  }
  return null;
}

/** Context-menu entries: a new location at the clicked point, the edit of the clicked location. */
export const editingContextMenuEntry: ContextMenuEntry = (state, close) => {
  const s = scenario.value;
  const hit = state.locationId === null ? null : (locations.value.find((l) => l.id === state.locationId) ?? null);
  const edit = hit && s ? locationActionStates(hit.changeType, s.parentScenarioId !== null, s.status).find((a) => a.action === 'edit') : undefined;
  const add = canAddLocation.value;
  return (
    <>
      {hit && edit && !edit.disabled && (
        <button
          key="edit-location"
          type="button"
          role="menuitem"
          className="menu-item"
          onClick={() => {
            close();
            void runLocationAction('edit', hit.id);
          }}
        >
          {t('editLocationOf', { name: hit.name })}
        </button>
      )}
      <button
        key="new-location"
        type="button"
        role="menuitem"
        className="menu-item"
        aria-disabled={add.disabled || undefined}
        title={add.reason ? t(add.reason) : undefined}
        onClick={() => {
          if (add.disabled) return;
          close();
          void openNewLocation(state.lon, state.lat);
        }}
      >
        {t('newLocationHere')}
      </button>
    </>
  );
};
