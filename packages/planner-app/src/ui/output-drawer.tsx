// The right drawer for this stage: the model output of the selected location
// in the model's outputType and currency, compared with the base scenario,
// and the drawer texts 'not calculated' (with Calculate) and 'calculating';
// at status 9 the catchment-area panel, area information and matching locations.
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { language, t } from '../i18n';
import { formatOutput, formatPercent, formatSigned } from '../i18n/format';
import { locationDetail, selectedLocationId } from '../stores/locations';
import { model } from '../stores/models';
import type { LocationOutput } from '../stores/output';
import { useAppModel } from './app-model';
import { calculate, selectLocation } from '../stores/planner';
import { isProcessing, progressPercent, scenario } from '../stores/scenarios';
import { Drawer } from './drawer';
import { AreaInfoPanel, CatchmentPanel, MatchingPanel } from './results/panels';
import { ImpactSection } from './results/impact-section';

export function OutputDrawer({ children }: { children?: ReactNode }) {
  useSignals();
  const { locationOutput, outputLoading, outputUpdating } = useAppModel().output;
  const s = scenario.value;
  const m = model.value;
  const open = selectedLocationId.value !== null;
  const lang = language.value;
  const output = locationOutput.value;
  const outputProperty = m?.outputLocationPropertyId ? locationDetail.value?.locationProperties.find((p) => p.id === m.outputLocationPropertyId) : undefined;
  const title = output?.title ?? outputProperty?.title ?? t('output');
  const format = (v: number) => formatOutput(lang, v, m?.outputType ?? 1, m?.currency ?? 'EUR');

  const updating = outputUpdating.value;
  const kept = output && output.locationId === selectedLocationId.value ? output : null;
  /** The figure with its comparison to the base; while its successor comes, dimmed and marked as updating. */
  const figure = (shown: LocationOutput) => {
    const diff = shown.value !== null && shown.baseValue !== null ? shown.value - shown.baseValue : null;
    return (
      <div className={`output-figure${updating ? ' updating' : ''}`} aria-busy={updating || undefined}>
        <p className="output-title">
          {title}
          {updating && <span className="output-updating"> · {t('outputUpdating')}</span>}
        </p>
        <p className="output-value" data-testid="output-value">
          {shown.value === null ? '–' : format(shown.value)}
        </p>
        {diff !== null && shown.baseValue !== null && (
          <p className={`output-diff ${diff > 0 ? 'up' : diff < 0 ? 'down' : ''}`}>
            <span aria-hidden="true">{diff > 0 ? '▲ ' : diff < 0 ? '▼ ' : ''}</span>
            {t('versusBase', {
              difference: `${formatSigned(lang, diff, format)} (${formatSigned(lang, shown.baseValue === 0 ? 1 : diff / shown.baseValue, (v) => formatPercent(lang, v))})`,
            })}
          </p>
        )}
        {diff !== null && shown.baseValue !== null && <p className="muted">{t('baseValue', { value: format(shown.baseValue) })}</p>}
      </div>
    );
  };

  let body: ReactNode;
  if (!s) body = <p className="muted">{t('scenarioNotSelected')}</p>;
  else if (isProcessing(s.status)) {
    body = (
      <>
        {kept && updating && figure(kept)}
        <div className="drawer-state" role="status">
          <p>
            {t('drawerCalculating')} {progressPercent(s.status)} %
          </p>
          <progress max={100} value={progressPercent(s.status)} aria-label={t('drawerCalculating')} />
        </div>
      </>
    );
  } else if (s.status !== 9) {
    body = (
      <div className="drawer-state">
        <p>{s.status === 10 ? t('statusFailed') : t('drawerNotCalculated')}</p>
        <button type="button" className="button primary" onClick={() => void calculate()}>
          {t('calculate')}
        </button>
      </div>
    );
  } else if (!kept) {
    body = outputLoading.value ? (
      <p className="muted" role="status">
        {t('loading')}
      </p>
    ) : null;
  } else {
    body = figure(kept);
  }

  return (
    <Drawer side="right" label={t('outputDrawer')} open={open} onClose={() => void selectLocation(null)}>
      <h2 className="drawer-title">{t('outputDrawer')}</h2>
      {body}
      {s?.status === 9 && (
        <>
          <ImpactSection />
          <CatchmentPanel />
          <AreaInfoPanel />
          <MatchingPanel />
        </>
      )}
      {children}
    </Drawer>
  );
}
