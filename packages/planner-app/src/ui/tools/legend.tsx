// The legend: one entry for every layer drawn, with colour and
// title; text on a colour is dark when the colour's brightness is above 0.5,
// otherwise light. Groups, zones, area sets, heat maps (a count as a density,
// a rate per area), the catchment as drawn (shares or the change against the
// default scenario), isolines (estimates say so, with their speeds), range
// circles, POI sets and the Impact layer.
import type { IsolineParameter } from '@locus/contract';
import { DEFAULT_IMPACT_STYLE, impactScale, legendTextColor } from '@locus/map-canvas';
import { signal } from '@preact/signals-react';
import { HEAT_MAP_GRADIENT, RATE_MAP_GRADIENT } from '../../map/overlays';
import { layerLegendSections, type DrawnLayers } from '../../map/legend-layers';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { List } from 'lucide-react';
import { language, t, type TextKey } from '../../i18n';
import { formatOutput } from '../../i18n/format';
import { useAppModel } from '../app-model';
import { api } from '../../stores/api';
import { layers } from '../../stores/layers';
import { selectedLocationId, visibleLocations } from '../../stores/locations';
import { model } from '../../stores/models';
import type { ResultsModel } from '../../stores/results';
import { legendSections, type LegendEntry, type LegendSection, type LegendText } from '../../stores/tools';
import { toolIsoline, toolParameters, toolSetId } from '../isoline-tool/state';
import { IconButton } from '../common';
import { ToolPanel, usePopoverOpen } from './panel';

export const LEGEND_PANEL_ID = 'tool-legend';

const SECTION_TEXT: Record<LegendSection['id'], TextKey> = {
  groups: 'legendLocations',
  zones: 'legendCatchmentZones',
  areaSets: 'legendAreaSets',
  heatMaps: 'legendHeatMaps',
  catchment: 'legendCatchment',
  isolines: 'legendIsolines',
  ranges: 'legendRanges',
  pois: 'legendPois',
};

/** Top to bottom as the layers lie on the map, from the locations down. */
const SECTION_ORDER: readonly LegendSection['id'][] = ['groups', 'ranges', 'isolines', 'catchment', 'zones', 'pois', 'heatMaps', 'areaSets'];

function text(value: LegendText): string {
  return typeof value === 'string' ? value : t(value.key, value.vars);
}

/** The model's isoline parameters (read once per model when isolines are drawn): which sets are estimates. */
const isolineParameters = signal<{ modelId: number; list: IsolineParameter[] } | null>(null);

/** The look of an entry drawn on its colour: the colour as background and the legend text colour; null for a colour that cannot be read. */
export function colouredEntryStyle(color: string): { background: string; color: string } | null {
  try {
    return { background: color, color: legendTextColor(color) };
  } catch {
    return null;
  }
}

function Entry({ entry }: { entry: LegendEntry }) {
  useSignals();
  const { imageVersion, groupLogo, poiSetLogo } = useAppModel().tools;
  void imageVersion.value;
  const m = model.value;
  switch (entry.kind) {
    case 'zone': {
      const style = colouredEntryStyle(entry.color);
      return (
        <li className="legend-entry legend-colour" data-entry={entry.id} style={style ?? undefined}>
          {text(entry.title)}
        </li>
      );
    }
    case 'ramp': {
      const stops = entry.fade ? ['transparent', ...entry.colors] : entry.colors;
      return (
        <li className="legend-entry legend-heat">
          <span>
            {text(entry.title)}
            {entry.note && <span className="muted legend-note"> · {text(entry.note)}</span>}
          </span>
          <span className="legend-ramp" style={{ background: `linear-gradient(to right, ${stops.join(', ')})` }} aria-hidden="true" />
          <span className="legend-ramp-ends muted">
            <span>{t('legendLow')}</span>
            <span>{t('legendHigh')}</span>
          </span>
        </li>
      );
    }
    case 'line':
      return (
        <li className="legend-entry legend-line-entry">
          <span className="legend-line" style={{ borderColor: entry.color, borderTopStyle: entry.dashed ? 'dashed' : 'solid' }} aria-hidden="true" />
          <span>
            {text(entry.title)}
            {entry.note && <span className="legend-note muted">{text(entry.note)}</span>}
          </span>
        </li>
      );
    case 'group': {
      const logo = m ? groupLogo(entry.groupId, m.modified) : null;
      return (
        <li className="legend-entry">
          {logo ? <img className="tool-logo" src={logo} alt="" /> : <span className="tool-logo" aria-hidden="true" />}
          <span>{entry.title}</span>
        </li>
      );
    }
    case 'poi': {
      const logo = m ? poiSetLogo(m.id, entry.poiSetId) : null;
      return (
        <li className="legend-entry">
          {logo ? <img className="tool-logo" src={logo} alt="" /> : <span className="tool-logo" aria-hidden="true" />}
          <span>{entry.title}</span>
        </li>
      );
    }
  }
}

/** The Impact layer's entry: loss and gain with their colour and sign, and what the largest circle stands for. */
function ImpactLegend() {
  useSignals();
  const { impactSymbols } = useAppModel().impact;
  const m = model.value;
  const scale = impactScale(impactSymbols.value);
  const value = m ? formatOutput(language.value, scale, m.outputType, m.currency) : String(scale);
  return (
    <section className="legend-section" aria-labelledby="legend-impact">
      <h3 id="legend-impact">{t('impactLayer')}</h3>
      <ul>
        <li className="legend-entry">
          <span className="legend-impact-symbol" style={{ borderColor: DEFAULT_IMPACT_STYLE.loss, color: DEFAULT_IMPACT_STYLE.loss }} aria-hidden="true">
            −
          </span>
          <span>{t('impactLoss')}</span>
        </li>
        <li className="legend-entry">
          <span className="legend-impact-symbol" style={{ borderColor: DEFAULT_IMPACT_STYLE.gain, color: DEFAULT_IMPACT_STYLE.gain }} aria-hidden="true">
            +
          </span>
          <span>{t('impactGain')}</span>
        </li>
        <li className="legend-entry muted">{t('impactLegendScale', { value })}</li>
      </ul>
    </section>
  );
}

/** What the map draws beyond the layer choices, from the stores. */
function drawnLayers({ catchments, compareWithDefault, isolines }: ResultsModel): DrawnLayers {
  const m = model.value;
  const state = layers.value;
  const chosen = state.catchmentAreaId;
  const shown = chosen === null ? undefined : catchments.value.get(chosen);
  const definition = m?.catchmentAreas.find((c) => c.id === chosen);
  const zone = m && definition && m.catchmentAreaMode === 1 ? m.catchmentAreaZones.some((z) => z.catchmentAreaName === definition.name) : false;
  const ready = shown?.state === 'ready' && shown.value !== null;
  const own = isolines.value;
  const tool = toolIsoline.value;
  const known = isolineParameters.value;
  const parameters = toolParameters.value.length ? toolParameters.value : known && known.modelId === m?.id ? known.list : null;
  return {
    catchment: !ready ? null : compareWithDefault.value ? 'compare' : zone ? 'zone' : 'shares',
    isolines:
      own && own.features.length && state.isoLineSetId !== null
        ? { minutes: own.features.map((f) => f.properties.minutes), isoLineSetId: state.isoLineSetId }
        : null,
    toolIsoline:
      tool && tool.features.length && toolSetId.value !== null
        ? { minutes: tool.features.map((f) => f.properties.minutes), isoLineSetId: toolSetId.value }
        : null,
    parameters,
    ranges: selectedLocationId.value !== null ? (m?.mapRanges ?? []) : [],
  };
}

export function LegendPanel() {
  useSignals();
  const { impactLayerOn, impactSymbols } = useAppModel().impact;
  const m = model.value;
  const drawn = drawnLayers(useAppModel().results);
  const needParameters = (drawn.isolines !== null || drawn.toolIsoline !== null) && drawn.parameters === null && m !== null;
  useEffect(() => {
    if (!needParameters || !m) return;
    const modelId = m.id;
    api
      .call('isolinesParameters', { params: { modelId } })
      .then((list) => (isolineParameters.value = { modelId, list }))
      .catch(() => (isolineParameters.value = { modelId, list: [] }));
  }, [needParameters, m]);
  const sections = [
    ...legendSections(m, layers.value, visibleLocations.value, { density: HEAT_MAP_GRADIENT, rate: RATE_MAP_GRADIENT }),
    ...layerLegendSections(language.value, drawn),
  ].sort((a, b) => SECTION_ORDER.indexOf(a.id) - SECTION_ORDER.indexOf(b.id));
  const impactShown = impactLayerOn.value && impactSymbols.value.length > 0;
  return (
    <ToolPanel id={LEGEND_PANEL_ID} title={t('legendTitle')} className="legend-panel">
      {sections.length === 0 && !impactShown && <p className="muted">{t('legendEmpty')}</p>}
      {impactShown && <ImpactLegend />}
      {sections.map((s) => (
        <section key={s.id} className="legend-section" aria-labelledby={`legend-${s.id}`}>
          <h3 id={`legend-${s.id}`}>{t(SECTION_TEXT[s.id])}</h3>
          <ul>
            {s.entries.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </ul>
        </section>
      ))}
    </ToolPanel>
  );
}

/** The toolbar's Legend button with its panel. */
export function LegendTool() {
  useSignals();
  // Focus moves into the panel (its close button), so keyboard users read the legend from there.
  const open = usePopoverOpen(LEGEND_PANEL_ID, (panel) => panel.querySelector<HTMLElement>('button')?.focus());
  return (
    <>
      <IconButton label={t('legendButton')} icon={<List size={20} aria-hidden="true" />} popoverTarget={LEGEND_PANEL_ID} expanded={open} />
      <LegendPanel />
    </>
  );
}
