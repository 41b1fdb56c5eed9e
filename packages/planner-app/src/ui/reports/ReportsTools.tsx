// The report dialogs, loaded as their own chunk when a report
// is first opened: each report in a printable dialog 21 cm wide. Print goes
// through the browser with the report's print style sheet.
import { useSignals } from '@preact/signals-react/runtime';
import { accountName } from '../../auth/session';
import { t } from '../../i18n';
import { lastMark, MARKS } from '../../perf';
import { api } from '../../stores/api';
import { locations, selectedLocationId } from '../../stores/locations';
import { model, submodel, submodelId } from '../../stores/models';
import { layers } from '../../stores/layers';
import { calculate } from '../../stores/planner';
import { scenario, scenarios } from '../../stores/scenarios';
import { Dialog } from '../common';
import { LocationReport } from './LocationReport';
import { Report } from '@locus/contract';
import { ScenarioReport } from './ScenarioReport';
import '../charts/charts.css';
import { useAppModel } from '../app-model';

const WIDTH = `calc(${Report.widthCm}cm + 2px)`;

function LocationReportDialog() {
  useSignals();
  const { locationReportOpen } = useAppModel().chartsReports;
  const { environment } = useAppModel().system;
  const open = locationReportOpen.value;
  const m = model.value;
  const s = scenario.value;
  const lid = selectedLocationId.value;
  const sub = submodel.value;
  const close = () => {
    locationReportOpen.value = false;
  };
  const ready = open && m && s && lid !== null && submodelId.value !== null;
  return (
    <Dialog
      title={t('locationReportMenu')}
      open={!!ready}
      onClose={close}
      confirmClose={false}
      width={WIDTH}
      className="report-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            {t('cancel')}
          </button>
          <button type="button" className="button primary" onClick={() => window.print()}>
            {t('print')}
          </button>
        </>
      }
    >
      {ready && (
        <LocationReport
          api={api}
          model={m}
          scenario={s}
          submodel={{ id: submodelId.value!, name: sub?.name ?? 'Default' }}
          locationId={lid}
          catchmentAreaId={layers.value.catchmentAreaId}
          locations={locations.value}
          userName={accountName.value}
          environment={environment.value}
          openedAt={lastMark(MARKS.locationReportOpened)?.startTime}
        />
      )}
    </Dialog>
  );
}

function ScenarioReportDialog() {
  useSignals();
  const { scenarioReportOpen } = useAppModel().chartsReports;
  const { environment } = useAppModel().system;
  const open = scenarioReportOpen.value;
  const m = model.value;
  const sub = submodel.value;
  const close = () => {
    scenarioReportOpen.value = false;
  };
  const ready = open && m && submodelId.value !== null;
  return (
    <Dialog
      title={t('scenarioReportTitle')}
      open={!!ready}
      onClose={close}
      confirmClose={false}
      width={WIDTH}
      className="report-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={() => window.print()}>
            {t('print')}
          </button>
          <button type="button" className="button primary" onClick={close}>
            {t('close')}
          </button>
        </>
      }
    >
      {ready && (
        <ScenarioReport
          api={api}
          model={m}
          submodel={{ id: submodelId.value!, name: sub?.name ?? 'Default' }}
          scenarios={scenarios.value}
          scenarioId={scenario.value?.id ?? null}
          userName={accountName.value}
          environment={environment.value}
          onCalculate={(id) => void calculate(id)}
        />
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
