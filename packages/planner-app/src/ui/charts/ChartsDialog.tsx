// The charts dialog, loaded as its own chunk when a chart is
// first opened: the chart of the Graphics entry's choice, drawn once its data
// has been read.
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../i18n';
import { locationDetail } from '../../stores/locations';
import { model } from '../../stores/models';
import { Dialog } from '../common';
import { DriversChart, MatchingBarChart, RadarChart, ScatterChart } from './charts';
import { scatterPoints, scatterProperties } from './rules';
import { TITLES } from './GraphicsButton';
import { useAppModel } from '../app-model';

function Message({ text }: { text: string }) {
  return (
    <p className="chart-message" role="status">
      {text}
    </p>
  );
}

function MatchingContent({ radar }: { radar: boolean }) {
  useSignals();
  const { chartMatching } = useAppModel().chartsReports;
  const state = chartMatching.value;
  const m = model.value;
  if (state.state === 'loading' || state.state === 'idle') return <Message text={t('chartLoading')} />;
  if (state.state === 'failed') return <Message text={t('chartUnavailable')} />;
  if (state.value.length <= 1) return <Message text={t('noMatchingLocations')} />;
  return radar ? (
    <RadarChart entries={state.value} />
  ) : (
    <MatchingBarChart entries={state.value} format={{ outputType: m?.outputType ?? 1, currency: m?.currency ?? 'EUR' }} />
  );
}

function DriversContent() {
  useSignals();
  const { chartDrivers } = useAppModel().chartsReports;
  const state = chartDrivers.value;
  if (state.state === 'loading' || state.state === 'idle') return <Message text={t('chartLoading')} />;
  if (state.state === 'failed') return <Message text={t('chartUnavailable')} />;
  if (state.value.length === 0) return <Message text={t('chartNoDrivers')} />;
  return <DriversChart filters={state.value} />;
}

function PropertiesContent() {
  useSignals();
  const { scatterAxes, chartProperties, loadScatter } = useAppModel().chartsReports;
  const options = scatterProperties(locationDetail.value?.locationProperties ?? []);
  const axes = scatterAxes.value;
  const state = chartProperties.value;
  const drawer = useAppModel().results.matching.value;
  const matchNames = drawer.state === 'ready' ? drawer.value.map((e) => e.name) : [];
  const x = options.find((p) => p.id === axes.x);
  const y = options.find((p) => p.id === axes.y);
  const choose = (axis: 'x' | 'y', value: string) => {
    scatterAxes.value = { ...scatterAxes.peek(), [axis]: value === '' ? null : Number(value) };
    void loadScatter();
  };
  return (
    <>
      <div className="chart-axes">
        <label>
          {t('chartAxisX')}
          <select value={axes.x ?? ''} onChange={(e) => choose('x', e.target.value)}>
            <option value="">{t('chartChooseProperty')}</option>
            {options.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('chartAxisY')}
          <select value={axes.y ?? ''} onChange={(e) => choose('y', e.target.value)}>
            <option value="">{t('chartChooseProperty')}</option>
            {options.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      {options.length === 0 ? (
        <Message text={t('chartNoProperties')} />
      ) : !x || !y ? (
        <Message text={t('chartChooseBoth')} />
      ) : state.state === 'loading' || state.state === 'idle' ? (
        <Message text={t('chartLoading')} />
      ) : state.state === 'failed' ? (
        <Message text={t('chartUnavailable')} />
      ) : (
        <ScatterChart
          points={scatterPoints(state.value, matchNames)}
          xTitle={x.title ?? ''}
          yTitle={y.title ?? ''}
          xDigits={x.roundingDigits ?? 0}
          yDigits={y.roundingDigits ?? 0}
        />
      )}
    </>
  );
}

export function ChartsDialog() {
  useSignals();
  const { openChart, closeChart } = useAppModel().chartsReports;
  const kind = openChart.value;
  const name = locationDetail.value?.name ?? '';
  return (
    <Dialog
      title={kind ? `${t(TITLES[kind])}${name ? ` – ${name}` : ''}` : ''}
      open={kind !== null}
      onClose={closeChart}
      confirmClose={false}
      width="min(760px, 96vw)"
      className="charts-dialog"
    >
      {kind === 'matching' && <MatchingContent radar={false} />}
      {kind === 'radar' && <MatchingContent radar />}
      {kind === 'drivers' && <DriversContent />}
      {kind === 'properties' && <PropertiesContent />}
    </Dialog>
  );
}
