// The Graphics toolbar entry: a menu of the four charts, each
// opened in a dialog after its data is read. Disabled with the
// spec's hint when no scenario is calculated or no location is selected. The
// dialog and the charts are a lazy chunk, loaded when a chart first opens.
import { useSignals } from '@preact/signals-react/runtime';
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { t, type TextKey } from '../../i18n';
import { model } from '../../stores/models';
import { outputHint } from '../../stores/results';
import { CHART_KINDS, type ChartKind } from '../../stores/charts-reports';
import { hidePopover, IconButton } from '../common';
import { usePopoverOpen } from '../tools/panel';
import './charts.css';
import { useAppModel } from '../app-model';

export const TITLES: Record<ChartKind, TextKey> = {
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
  const { showChart } = useAppModel().chartsReports;
  const hint = outputHint({ location: true });
  const open = usePopoverOpen('graphics-menu');
  return (
    <>
      <IconButton
        label={t('graphicsButton')}
        expanded={open}
        icon={<ChartColumn size={20} aria-hidden="true" />}
        disabled={hint !== null}
        disabledReason={hint ? t(hint) : undefined}
        popoverTarget="graphics-menu"
      />
      <div id="graphics-menu" popover="auto" className="menu toolbar-menu" role="menu" aria-label={t('graphicsButton')}>
        {CHART_KINDS.filter(chartApplies).map((kind) => (
          <button
            key={kind}
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              hidePopover('graphics-menu');
              void showChart(kind);
            }}
          >
            {t(TITLES[kind])}
          </button>
        ))}
      </div>
    </>
  );
}

const ChartsDialog = lazy(() => import('./ChartsDialog').then((m) => ({ default: m.ChartsDialog })));

/** Mounts the charts dialog (its chunk) once a chart is opened. */
export function ChartsHost() {
  useSignals();
  const { openChart } = useAppModel().chartsReports;
  if (openChart.value === null) return null;
  return (
    <Suspense fallback={null}>
      <ChartsDialog />
    </Suspense>
  );
}
