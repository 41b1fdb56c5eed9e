// The isoline tool panel (global administrators): isoline set, minutes slider
// from 0 to the set's maximum (the call uses at least 1), profile, provider
// help for providers 1 and 4, the point from the map's context menu or the
// selected location, and the result drawn on the map with the isoline style.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { X } from 'lucide-react';
import { t } from '../../i18n';
import { formatLatLonDms } from '../../i18n/format';
import { addContextMenuEntry } from '../../map/context-menu-entries';
import { api } from '../../stores/api';
import { locations, selectedLocationId } from '../../stores/locations';
import { model } from '../../stores/models';
import { notify } from '../../stores/ui';
import {
  callMinutes,
  chosenParameter,
  drawToolIsoline,
  isolineToolOpen,
  loadToolParameters,
  PROVIDER_HELP,
  toolBusy,
  toolIsoline,
  toolMinutes,
  toolParameters,
  toolPoint,
  toolProfile,
  toolSetId,
} from './state';
import '../results/results.css';

export { isolineToolOpen } from './state';

export function IsolineToolPanel() {
  useSignals();
  const open = isolineToolOpen.value;
  const m = model.value;
  useEffect(() => {
    if (!open || !m) return;
    void loadToolParameters(api, m.id);
    // The point follows the selected location until the context menu sets another.
    const selected = locations.peek().find((l) => l.id === selectedLocationId.peek());
    if (selected && !toolPoint.peek()) toolPoint.value = { lon: selected.longitude, lat: selected.latitude };
    return addContextMenuEntry((state, close) => (
      <button
        key="isoline-tool"
        type="button"
        role="menuitem"
        className="menu-item"
        onClick={() => {
          toolPoint.value = { lon: state.lon, lat: state.lat };
          close();
        }}
      >
        {t('isolinePoint')}
      </button>
    ));
  }, [open, m]);
  if (!open || !m) return null;
  const list = toolParameters.value;
  const sets = m.isoLineSets.filter((s) => list.some((p) => p.isoLineSetId === s.id));
  const parameter = chosenParameter(list, toolSetId.value, toolProfile.value);
  const profiles = list.filter((p) => p.isoLineSetId === toolSetId.value);
  const maximum = parameter?.maximumMinutes ?? 60;
  const help = parameter ? PROVIDER_HELP[parameter.provider] : undefined;
  const point = toolPoint.value;
  const draw = async () => {
    try {
      const minutes = await drawToolIsoline(api);
      if (minutes !== null) notify(t('isolineDrawn', { minutes }), 'success');
    } catch {
      /* the error dialog shows the failure */
    }
  };
  return (
    <section className="isoline-tool" aria-labelledby="isoline-tool-title">
      <header className="isoline-tool-head">
        <h2 id="isoline-tool-title">{t('isolineToolTitle')}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('close')}
          onClick={() => {
            isolineToolOpen.value = false;
          }}
        >
          <X size={18} aria-hidden="true" />
        </button>
      </header>
      <label className="field">
        <span>{t('isolineSet')}</span>
        <select
          value={toolSetId.value ?? ''}
          onChange={(e) => {
            const id = Number(e.target.value);
            toolSetId.value = id;
            toolProfile.value = list.find((p) => p.isoLineSetId === id)?.profile ?? '';
          }}
        >
          {sets.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>
          {t('isolineMinutes')}: {callMinutes(toolMinutes.value, maximum)}
        </span>
        <input
          type="range"
          min={0}
          max={maximum}
          step={1}
          value={Math.min(toolMinutes.value, maximum)}
          onChange={(e) => {
            toolMinutes.value = Number(e.target.value);
          }}
        />
      </label>
      <label className="field">
        <span>{t('isolineProfile')}</span>
        <select
          value={parameter?.profile ?? ''}
          onChange={(e) => {
            toolProfile.value = e.target.value;
          }}
        >
          {profiles.map((p) => (
            <option key={p.profile} value={p.profile}>
              {p.profile}
            </option>
          ))}
        </select>
      </label>
      {help && (
        <p>
          <a href={help} target="_blank" rel="noreferrer noopener">
            {t('isolineProviderHelp')}
          </a>
        </p>
      )}
      <p className="muted" data-testid="isoline-point">
        {point ? formatLatLonDms(point.lat, point.lon) : t('isolinePointNone')}
      </p>
      <div className="isoline-tool-actions">
        <button type="button" className="button primary" disabled={!point || !parameter || toolBusy.value} onClick={() => void draw()}>
          {t('isolineDraw')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!toolIsoline.value}
          onClick={() => {
            toolIsoline.value = null;
          }}
        >
          {t('isolineClear')}
        </button>
      </div>
    </section>
  );
}
