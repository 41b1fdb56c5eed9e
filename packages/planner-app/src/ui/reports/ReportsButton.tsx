// The Reports toolbar entry: a menu with the location report
// (needs a calculated scenario and a selected location) and the scenario
// report (needs a scenario other than the base). The reports are a lazy
// chunk, loaded when a report first opens.
import { useSignals } from '@preact/signals-react/runtime';
import { FileText } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { t } from '../../i18n';
import { mark, MARKS } from '../../perf';
import { outputHint } from '../../stores/results';
import { scenario, scenarios } from '../../stores/scenarios';
import { hidePopover, IconButton } from '../common';
import { usePopoverOpen } from '../tools/panel';
import '../charts/charts.css';
import './reports.css';
import { useAppModel } from '../app-model';

/** The scenarios the report offers: every scenario but the base (no parent). */
export function reportScenarios<S extends { parentScenarioId: number | null }>(list: readonly S[]): S[] {
  return list.filter((s) => s.parentScenarioId !== null);
}

/** Why the scenario report cannot open: no scenario, or only the base scenario. */
function scenarioReportHint(): 'scenarioNotSelected' | null {
  if (!scenario.value || reportScenarios(scenarios.value).length === 0) return 'scenarioNotSelected';
  return null;
}

export function ReportsButton() {
  useSignals();
  const { locationReportOpen, scenarioReportOpen } = useAppModel().chartsReports;
  const open = usePopoverOpen('reports-menu');
  const locationHint = outputHint({ location: true });
  const scenarioHint = scenarioReportHint();
  const hint = locationHint && scenarioHint ? scenarioHint : null;
  return (
    <>
      <IconButton
        label={t('reportsButton')}
        icon={<FileText size={20} aria-hidden="true" />}
        expanded={open}
        disabled={hint !== null}
        disabledReason={hint ? t(hint) : undefined}
        popoverTarget="reports-menu"
      />
      <div id="reports-menu" popover="auto" className="menu toolbar-menu" role="menu" aria-label={t('reportsButton')}>
        <button
          type="button"
          role="menuitem"
          className="menu-item"
          aria-disabled={locationHint !== null || undefined}
          title={locationHint ? t(locationHint) : undefined}
          onClick={() => {
            if (locationHint) return;
            hidePopover('reports-menu');
            mark(MARKS.locationReportOpened);
            locationReportOpen.value = true;
          }}
        >
          {t('locationReportMenu')}
          {locationHint && <span className="menu-hint">{t(locationHint)}</span>}
        </button>
        <button
          type="button"
          role="menuitem"
          className="menu-item"
          aria-disabled={scenarioHint !== null || undefined}
          onClick={() => {
            if (scenarioHint) return;
            hidePopover('reports-menu');
            scenarioReportOpen.value = true;
          }}
        >
          {t('scenarioReportTitle')}
          {scenarioHint && <span className="menu-hint">{t(scenarioHint)}</span>}
        </button>
      </div>
    </>
  );
}

const ReportDialogs = lazy(() => import('./ReportsTools').then((m) => ({ default: m.ReportDialogs })));

/** Mounts the report dialogs (their chunk) once a report is opened. */
export function ReportsHost() {
  useSignals();
  const { locationReportOpen, scenarioReportOpen } = useAppModel().chartsReports;
  if (!locationReportOpen.value && !scenarioReportOpen.value) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialogs />
    </Suspense>
  );
}
