// The Reports toolbar entry (spec point 2): a menu with the location report
// (needs a calculated scenario and a selected location) and the scenario
// report (needs a scenario other than the base); each report in a printable
// dialog 21 cm wide. Print goes through the browser with the report's print
// style sheet.
import { useSignals } from '@preact/signals-react/runtime';
import { FileText } from 'lucide-react';
import { accountName } from '../../auth/session';
import { t } from '../../i18n';
import { api } from '../../stores/api';
import { locations, selectedLocationId } from '../../stores/locations';
import { model, submodel, submodelId } from '../../stores/models';
import { layers } from '../../stores/layers';
import { outputHint } from '../../stores/results';
import { locationReportOpen, scenarioReportOpen } from '../../stores/results-b';
import { scenario, scenarios } from '../../stores/scenarios';
import { environment } from '../../stores/system';
import { Dialog, hidePopover, IconButton } from '../common';
import { usePopoverOpen } from '../tools/panel';
import { LocationReport } from './LocationReport';
import { Report } from '@locus/contract';
import { reportScenarios, ScenarioReport } from './ScenarioReport';
import '../charts/charts.css';

/** Why the scenario report cannot open: no scenario, or only the base scenario. */
function scenarioReportHint(): 'scenarioNotSelected' | null {
  if (!scenario.value || reportScenarios(scenarios.value).length === 0) return 'scenarioNotSelected';
  return null;
}

export function ReportsButton() {
  useSignals();
  const open = usePopoverOpen('reports-menu');
  const locationHint = outputHint({ location: true });
  const scenarioHint = scenarioReportHint();
  const hint = locationHint && scenarioHint ? scenarioHint : null;
  return (
    <>
      <IconButton label={t('reportsButton')} icon={<FileText size={20} aria-hidden="true" />} expanded={open}
        disabled={hint !== null} disabledReason={hint ? t(hint) : undefined} popoverTarget="reports-menu" />
      <div id="reports-menu" popover="auto" className="menu toolbar-menu" role="menu" aria-label={t('reportsButton')}>
        <button type="button" role="menuitem" className="menu-item" aria-disabled={locationHint !== null || undefined}
          title={locationHint ? t(locationHint) : undefined}
          onClick={() => {
            if (locationHint) return;
            hidePopover('reports-menu');
            locationReportOpen.value = true;
          }}>
          {t('locationReportMenu')}{locationHint && <span className="menu-hint">{t(locationHint)}</span>}
        </button>
        <button type="button" role="menuitem" className="menu-item" aria-disabled={scenarioHint !== null || undefined}
          onClick={() => {
            if (scenarioHint) return;
            hidePopover('reports-menu');
            scenarioReportOpen.value = true;
          }}>
          {t('scenarioReportTitle')}{scenarioHint && <span className="menu-hint">{t(scenarioHint)}</span>}
        </button>
      </div>
    </>
  );
}

const WIDTH = `calc(${Report.widthCm}cm + 2px)`;

function LocationReportDialog() {
  useSignals();
  const open = locationReportOpen.value;
  const m = model.value;
  const s = scenario.value;
  const lid = selectedLocationId.value;
  const sub = submodel.value;
  const close = () => { locationReportOpen.value = false; };
  const ready = open && m && s && lid !== null && submodelId.value !== null;
  return (
    <Dialog title={t('locationReportMenu')} open={!!ready} onClose={close} confirmClose={false} width={WIDTH} className="report-dialog"
      footer={(
        <>
          <button type="button" className="button" onClick={close}>{t('cancel')}</button>
          <button type="button" className="button primary" onClick={() => window.print()}>{t('print')}</button>
        </>
      )}>
      {ready && (
        <LocationReport api={api} model={m} scenario={s} submodel={{ id: submodelId.value!, name: sub?.name ?? 'Default' }} locationId={lid}
          catchmentAreaId={layers.value.catchmentAreaId} locations={locations.value} userName={accountName.value} environment={environment.value} />
      )}
    </Dialog>
  );
}

function ScenarioReportDialog() {
  useSignals();
  const open = scenarioReportOpen.value;
  const m = model.value;
  const sub = submodel.value;
  const close = () => { scenarioReportOpen.value = false; };
  const ready = open && m && submodelId.value !== null;
  return (
    <Dialog title={t('scenarioReportTitle')} open={!!ready} onClose={close} confirmClose={false} width={WIDTH} className="report-dialog"
      footer={(
        <>
          <button type="button" className="button" onClick={() => window.print()}>{t('print')}</button>
          <button type="button" className="button primary" onClick={close}>{t('close')}</button>
        </>
      )}>
      {ready && (
        <ScenarioReport api={api} model={m} submodel={{ id: submodelId.value!, name: sub?.name ?? 'Default' }} scenarios={scenarios.value}
          scenarioId={scenario.value?.id ?? null} userName={accountName.value} environment={environment.value} />
      )}
    </Dialog>
  );
}

/** The report dialogs, mounted once on the main screen (the print style sheet shows only them on paper). */
export function ReportDialogs() {
  return (
    <div className="report-host">
      <LocationReportDialog />
      <ScenarioReportDialog />
    </div>
  );
}
