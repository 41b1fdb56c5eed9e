// The layers menu: area sets with the server's raster tiles
// (and the area under the pointer for hover sets), heat maps and POI sets
// (one or several as the model allows), the catchment area, the isoline set
// and the satellite imagery when the server has one configured.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Map as MapIcon } from 'lucide-react';
import { formatPropertyValue } from '../../format/property';
import { language, t } from '../../i18n';
import { useAppModel } from '../app-model';
import { layers } from '../../stores/layers';
import { model } from '../../stores/models';
import { allowsMultiple, clearSets, setCatchmentArea, setIsoLineSet, setSetVisible, type SetKind } from '../../stores/tools';
import { IconButton } from '../common';
import { ToolPanel, usePopoverOpen } from './panel';

export const LAYERS_PANEL_ID = 'tool-layers';
/** Properties the area tooltip lists at most. */
export const AREA_TOOLTIP_PROPERTIES = 6;

interface SetOption {
  id: number;
  title: string;
  logo?: string | null;
}

/** Sets of one kind: checkboxes when several may be on, else radio buttons with 'None'. */
function SetChoices({ kind, legend, options }: { kind: SetKind; legend: string; options: SetOption[] }) {
  useSignals();
  const on = layers.value[kind];
  const multiple = allowsMultiple(kind, model.value);
  if (options.length === 0) return null;
  const name = `layers-${kind}`;
  return (
    <fieldset className="tool-fieldset">
      <legend>{legend}</legend>
      <div className="tool-choices">
        {!multiple && (
          <label className="tool-check">
            <input type="radio" name={name} checked={on.length === 0} onChange={() => clearSets(kind)} />
            <span>{t('layersNone')}</span>
          </label>
        )}
        {options.map((o) => (
          <label key={o.id} className="tool-check">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={multiple ? undefined : name}
              checked={on.includes(o.id)}
              onChange={(e) => setSetVisible(kind, o.id, multiple ? e.currentTarget.checked : true)}
            />
            {o.logo !== undefined && (o.logo ? <img className="tool-logo" src={o.logo} alt="" /> : <span className="tool-logo" aria-hidden="true" />)}
            <span>{o.title}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number | null;
  options: { id: number; title: string }[];
  onChange: (id: number | null) => void;
}) {
  if (options.length === 0) return null;
  return (
    <label className="tool-field">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}>
        <option value="">{t('layersNone')}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
          </option>
        ))}
      </select>
    </label>
  );
}

export function LayersPanel() {
  useSignals();
  const { imageVersion, satelliteImagery, setSatellite, poiSetLogo } = useAppModel().tools;
  const { impactLayerOn, impactSymbols } = useAppModel().impact;
  const m = model.value;
  const state = layers.value;
  void imageVersion.value;
  const imagery = satelliteImagery.value;
  if (!m)
    return (
      <ToolPanel id={LAYERS_PANEL_ID} title={t('layersTitle')} className="layers-panel">
        <p className="muted">{t('loading')}</p>
      </ToolPanel>
    );
  const nothing =
    !imagery &&
    !impactSymbols.value.length &&
    !m.areaSets.length &&
    !m.heatMapSets.length &&
    !m.poiSets.length &&
    !m.catchmentAreas.length &&
    !m.isoLineSets.length;
  return (
    <ToolPanel id={LAYERS_PANEL_ID} title={t('layersTitle')} className="layers-panel">
      {imagery && (
        <label className="tool-check tool-switch">
          <input type="checkbox" role="switch" checked={state.satellite} onChange={(e) => setSatellite(e.currentTarget.checked)} />
          <span>{t('satellite')}</span>
        </label>
      )}
      {impactSymbols.value.length > 0 && (
        <label className="tool-check tool-switch">
          <input
            type="checkbox"
            role="switch"
            checked={impactLayerOn.value}
            onChange={(e) => {
              impactLayerOn.value = e.currentTarget.checked;
            }}
          />
          <span>{t('impactLayer')}</span>
        </label>
      )}
      <SetChoices kind="areaSetIds" legend={t('layersAreas')} options={m.areaSets.map((s) => ({ id: s.id, title: s.title }))} />
      <SetChoices kind="heatMapSetIds" legend={t('layersHeatMaps')} options={m.heatMapSets.map((s) => ({ id: s.id, title: s.title }))} />
      <SetChoices kind="poiSetIds" legend={t('layersPois')} options={m.poiSets.map((s) => ({ id: s.id, title: s.title, logo: poiSetLogo(m.id, s.id) }))} />
      <Choice label={t('layersCatchmentArea')} value={state.catchmentAreaId} options={m.catchmentAreas} onChange={setCatchmentArea} />
      <Choice label={t('layersIsolines')} value={state.isoLineSetId} options={m.isoLineSets} onChange={setIsoLineSet} />
      {nothing && <p className="muted">{t('layersNothing')}</p>}
    </ToolPanel>
  );
}

/** The area under the pointer in a hover-enabled area set, next to the pointer. */
export function AreaTooltip() {
  useSignals();
  const { areaHover } = useAppModel().tools;
  const hover = areaHover.value;
  const m = model.value;
  if (!hover || !m) return null;
  const ctx = { lang: language.value, currency: m.currency, yes: t('yesValue'), no: t('noValue') };
  const properties = hover.area.properties.filter((p) => p.title).slice(0, AREA_TOOLTIP_PROPERTIES);
  const left = Math.min(hover.x + 14, window.innerWidth - 280);
  const top = Math.min(hover.y + 14, window.innerHeight - 40 - properties.length * 22);
  return (
    <div className="area-tooltip" role="status" style={{ left, top }}>
      <div className="area-tooltip-title">
        {hover.setTitle}: {hover.area.areaCode}
      </div>
      {properties.length > 0 && (
        <dl>
          {properties.map((p) => (
            <div key={p.name} className="area-tooltip-row">
              <dt>{p.title}</dt>
              <dd>{formatPropertyValue({ ...p, choices: [] }, ctx)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** The name of the point of interest under the pointer. */
export function PoiTooltip() {
  useSignals();
  const { poiHover } = useAppModel().tools;
  const hover = poiHover.value;
  if (!hover) return null;
  return (
    <div className="area-tooltip poi-tooltip" role="status" style={{ left: Math.min(hover.x + 14, window.innerWidth - 280), top: Math.max(0, hover.y - 34) }}>
      {hover.name}
    </div>
  );
}

/** The imagery's credit line while the satellite imagery is on. */
export function SatelliteAttribution() {
  useSignals();
  const { satelliteImagery } = useAppModel().tools;
  const imagery = satelliteImagery.value;
  if (!imagery?.attribution || !layers.value.satellite) return null;
  return <div className="map-attribution">{imagery.attribution}</div>;
}

/** The toolbar's Layers button with its panel, the area tooltip and the imagery credit. */
export function LayersTool() {
  useSignals();
  const { loadSatelliteImagery } = useAppModel().tools;
  useEffect(() => {
    void loadSatelliteImagery();
  }, [loadSatelliteImagery]);
  const open = usePopoverOpen(LAYERS_PANEL_ID, (panel) => panel.querySelector<HTMLElement>('input, select')?.focus());
  return (
    <>
      <IconButton label={t('layersButton')} icon={<MapIcon size={20} aria-hidden="true" />} popoverTarget={LAYERS_PANEL_ID} expanded={open} />
      <LayersPanel />
      <AreaTooltip />
      <PoiTooltip />
      <SatelliteAttribution />
    </>
  );
}
