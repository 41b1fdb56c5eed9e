// The legend: entries with colour and title; text on a colour
// is dark when the colour's brightness is above 0.5, otherwise light.
import { DEFAULT_IMPACT_STYLE, impactScale, legendTextColor } from '@locus/map-canvas';
import { HEAT_MAP_GRADIENT } from '../../map/overlays';
import { useSignals } from '@preact/signals-react/runtime';
import { List } from 'lucide-react';
import { language, t, type TextKey } from '../../i18n';
import { formatOutput } from '../../i18n/format';
import { impactLayerOn, impactSymbols } from '../../stores/impact';
import { api } from '../../stores/api';
import { layers } from '../../stores/layers';
import { visibleLocations } from '../../stores/locations';
import { model } from '../../stores/models';
import { groupLogo, imageVersion, legendSections, poiSetLogo, type LegendEntry, type LegendSection } from '../../stores/tools';
import { IconButton } from '../common';
import { ToolPanel, usePopoverOpen } from './panel';

export const LEGEND_PANEL_ID = 'tool-legend';

const SECTION_TEXT: Record<LegendSection['id'], TextKey> = {
  groups: 'legendLocations',
  zones: 'legendCatchmentZones',
  heatMaps: 'legendHeatMaps',
  pois: 'legendPois',
};

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
  void imageVersion.value;
  const m = model.value;
  switch (entry.kind) {
    case 'zone': {
      const style = colouredEntryStyle(entry.color);
      return (
        <li className="legend-entry legend-colour" style={style ?? undefined}>
          {entry.title}
        </li>
      );
    }
    case 'heatMap':
      return (
        <li className="legend-entry legend-heat">
          <span>{entry.title}</span>
          <span className="legend-ramp" style={{ background: `linear-gradient(to right, transparent, ${entry.gradient.join(', ')})` }} aria-hidden="true" />
          <span className="legend-ramp-ends muted">
            <span>{t('legendLow')}</span>
            <span>{t('legendHigh')}</span>
          </span>
        </li>
      );
    case 'group': {
      const logo = m ? groupLogo(api, entry.groupId, m.modified) : null;
      return (
        <li className="legend-entry">
          {logo ? <img className="tool-logo" src={logo} alt="" /> : <span className="tool-logo" aria-hidden="true" />}
          <span>{entry.title}</span>
        </li>
      );
    }
    case 'poi': {
      const logo = m ? poiSetLogo(api, m.id, entry.poiSetId) : null;
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

export function LegendPanel() {
  useSignals();
  const sections = legendSections(model.value, layers.value, visibleLocations.value, HEAT_MAP_GRADIENT);
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
