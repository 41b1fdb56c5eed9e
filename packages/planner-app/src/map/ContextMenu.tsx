// The map's context menu: the position in degrees, minutes and
// seconds with N/S and E/W, and for a location its name with select and zoom.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { t } from '../i18n';
import { formatLatLonDms } from '../i18n/format';
import { locations } from '../stores/locations';
import { selectLocation } from '../stores/planner';
import { notify } from '../stores/ui';
import { requestFit } from '../stores/view';
import { contextMenuEntries } from './context-menu-entries';

export interface ContextMenuState {
  x: number;
  y: number;
  lon: number;
  lat: number;
  locationId: number | null;
}

export function ContextMenu({ state, onClose }: { state: ContextMenuState; onClose: () => void }) {
  useSignals();
  const ref = useRef<HTMLDivElement>(null);
  const location = state.locationId === null ? null : (locations.value.find((l) => l.id === state.locationId) ?? null);
  const dms = formatLatLonDms(state.lat, state.lon);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    addEventListener('keydown', onKey);
    addEventListener('pointerdown', onDown, true);
    return () => {
      removeEventListener('keydown', onKey);
      removeEventListener('pointerdown', onDown, true);
    };
  }, [onClose]);

  const item = (label: string, action: () => void) => (
    <button
      type="button"
      role="menuitem"
      className="menu-item"
      onClick={() => {
        action();
        onClose();
      }}
    >
      {label}
    </button>
  );

  return (
    <div ref={ref} className="menu context-menu" role="menu" aria-label={t('contextMenu')} style={{ left: state.x, top: state.y }}>
      {location && (
        <div className="menu-heading" role="presentation">
          {location.name}
        </div>
      )}
      {location && item(t('selectLocation', { name: location.name }), () => void selectLocation(location.id))}
      {location &&
        item(t('zoomToLocation', { name: location.name }), () => requestFit({ kind: 'point', lon: location.longitude, lat: location.latitude, zoom: 15 }))}
      {contextMenuEntries.value.map((entry) => entry(state, onClose))}
      <div className="menu-info" role="presentation">
        <span>{t('coordinates')}</span>
        <span className="coordinates">{dms}</span>
      </div>
      {item(t('copyCoordinates'), () => {
        void navigator.clipboard?.writeText(dms).then(
          () => notify(t('coordinatesCopied')),
          () => undefined,
        );
      })}
    </div>
  );
}
