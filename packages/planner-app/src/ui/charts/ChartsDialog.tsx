// The Graphics toolbar entry (spec point 2): a menu of the four charts, each
// opened in a dialog after its data is read (spec point 4). Disabled with the
// spec's hint when no scenario is calculated or no location is selected.
import { useSignals } from '@preact/signals-react/runtime';
import { ChartColumn } from 'lucide-react';
import { t, type TextKey } from '../../i18n';
import { api } from '../../stores/api';
import { locationDetail } from '../../stores/locations';
import { model } from '../../stores/models';
import { matching, outputHint } from '../../stores/results';
import {
  CHART_KINDS, chartDrivers, chartMatching, chartProperties, closeChart, loadScatter, openChart, scatterAxes, showChart, type ChartKind,
} from '../../stores/results-b';
import { Dialog, hidePopover, IconButton } from '../common';
import { usePopoverOpen } from '../tools/panel';
import { DriversChart, MatchingBarChart, RadarChart, ScatterChart } from './charts';
import { scatterPoints, scatterProperties } from './rules';

const TITLES: Record<ChartKind, TextKey> = {
  matching: 'chartMatchingTitle',
  radar: 'chartRadarTitle',
  drivers: 'chartDriversTitle',
  properties: 'chartPropertiesTitle',
};

/** Whether a chart applies to the model: the radar needs normalized scores, the drivers chart driver filters. */
function chartApplies(kind: ChartKind): boolean {
  const m = model.value;
  if (!m) return false;
  if (kind === 'radar') return m.hasNormalizedScoresFunctions;
  if (kind === 'drivers') return m.hasDriverFilters;
  return true;
}

export function GraphicsButton() {
  useSignals();
  const hint = outputHint({ location: true });
  const open = usePopoverOpen('graphics-menu');
  return (
    <>
      <IconButton label={t('graphicsButton')} expanded={open} icon={<ChartColumn size={20} aria-hidden="true" />} disabled={hint !== null}
        disabledReason={hint ? t(hint) : undefined} popoverTarget="graphics-menu" />
      <div id="graphics-menu" popover="auto" className="menu toolbar-menu" role="menu" aria-label={t('graphicsButton')}>
        {CHART_KINDS.filter(chartApplies).map((kind) => (
          <button key={kind} type="button" role="menuitem" className="menu-item" onClick={() => {
            hidePopover('graphics-menu');
            void showChart(api, kind);
          }}>{t(TITLES[kind])}</button>
        ))}
      </div>
    </>
  );
}

function Message({ text }: { text: string }) {
  return <p className="chart-message" role="status">{text}</p>;
}

function MatchingContent({ radar }: { radar: boolean }) {
  useSignals();
  const state = chartMatching.value;
  const m = model.value;
  if (state.state === 'loading' || state.state === 'idle') return <Message text={t('chartLoading')} />;
  if (state.state === 'failed') return <Message text={t('chartUnavailable')} />;
  if (state.value.length <= 1) return <Message text={t('noMatchingLocations')} />;
  return radar ? <RadarChart entries={state.value} />
    : <MatchingBarChart entries={state.value} format={{ outputType: m?.outputType ?? 1, currency: m?.currency ?? 'EUR' }} />;
}

function DriversContent() {
  useSignals();
  const state = chartDrivers.value;
  if (state.state === 'loading' || state.state === 'idle') return <Message text={t('chartLoading')} />;
  if (state.state === 'failed') return <Message text={t('chartUnavailable')} />;
  if (state.value.length === 0) return <Message text={t('chartNoDrivers')} />;
  return <DriversChart filters={state.value} />;
}

function PropertiesContent() {
  useSignals();
  const options = scatterProperties(locationDetail.value?.locationProperties ?? []);
  const axes = scatterAxes.value;
  const state = chartProperties.value;
  const drawer = matching.value;
  const matchNames = drawer.state === 'ready' ? drawer.value.map((e) => e.name) : [];
  const x = options.find((p) => p.id === axes.x);
  const y = options.find((p) => p.id === axes.y);
  const choose = (axis: 'x' | 'y', value: string) => {
    scatterAxes.value = { ...scatterAxes.peek(), [axis]: value === '' ? null : Number(value) };
    void loadScatter(api);
  };
  return (
    <>
      <div className="chart-axes">
        <label>{t('chartAxisX')}
          <select value={axes.x ?? ''} onChange={(e) => choose('x', e.target.value)}>
            <option value="">{t('chartChooseProperty')}</option>
            {options.map((p) => <option key={p.id} value={p.id}>{p.title}</option>)}
          </select>
        </label>
        <label>{t('chartAxisY')}
          <select value={axes.y ?? ''} onChange={(e) => choose('y', e.target.value)}>
            <option value="">{t('chartChooseProperty')}</option>
            {options.map((p) => <option key={p.id} value={p.id}>{p.title}</option>)}
          </select>
        </label>
      </div>
      {options.length === 0 ? <Message text={t('chartNoProperties')} />
        : !x || !y ? <Message text={t('chartChooseBoth')} />
          : state.state === 'loading' || state.state === 'idle' ? <Message text={t('chartLoading')} />
            : state.state === 'failed' ? <Message text={t('chartUnavailable')} />
              : <ScatterChart points={scatterPoints(state.value, matchNames)} xTitle={x.title ?? ''} yTitle={y.title ?? ''}
                xDigits={x.roundingDigits ?? 0} yDigits={y.roundingDigits ?? 0} />}
    </>
  );
}

export function ChartsDialog() {
  useSignals();
  const kind = openChart.value;
  const name = locationDetail.value?.name ?? '';
  return (
    <Dialog title={kind ? `${t(TITLES[kind])}${name ? ` – ${name}` : ''}` : ''} open={kind !== null} onClose={closeChart}
      confirmClose={false} width="min(760px, 96vw)" className="charts-dialog">
      {kind === 'matching' && <MatchingContent radar={false} />}
      {kind === 'radar' && <MatchingContent radar />}
      {kind === 'drivers' && <DriversContent />}
      {kind === 'properties' && <PropertiesContent />}
    </Dialog>
  );
}
