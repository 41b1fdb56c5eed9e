// Toolbar entries of the results: scores, export,
// processing log and, for global administrators, the isoline tool; each
// disabled with the spec's hint when its output is not available. And the
// host of the results' dialogs.
import { useSignals } from '@preact/signals-react/runtime';
import { Download, ListChecks, ScrollText, Waypoints } from 'lucide-react';
import { t } from '../../i18n';
import { isGlobalAdmin, model } from '../../stores/models';
import { outputHint } from '../../stores/results';
import { scenario } from '../../stores/scenarios';
import { IconButton } from '../common';
import { ExportDialog, exportOpen } from '../export/ExportDialog';
import { IsolineToolPanel, isolineToolOpen } from '../isoline-tool/IsolineTool';
import { StreetViewFigure } from '../streetview/StreetView';
import { AreaScoresDialog, ProcessingLogDialog, ScoresDialog } from './dialogs';
import { useAppModel } from '../app-model';

export function ScoresButton() {
  useSignals();
  const { openScores } = useAppModel().results;
  if (!model.value?.hasNormalizedScoresFunctions) return null;
  const hint = outputHint({ location: true });
  return (
    <IconButton
      label={t('scoresButton')}
      icon={<ListChecks size={20} aria-hidden="true" />}
      disabled={hint !== null}
      disabledReason={hint ? t(hint) : undefined}
      onClick={() => void openScores()}
    />
  );
}

export function ExportButton() {
  useSignals();
  const hint = scenario.value ? null : 'scenarioNotSelected';
  return (
    <IconButton
      label={t('exportButton')}
      icon={<Download size={20} aria-hidden="true" />}
      disabled={hint !== null}
      disabledReason={hint ? t(hint) : undefined}
      onClick={() => {
        exportOpen.value = true;
      }}
    />
  );
}

export function ProcessingLogButton() {
  useSignals();
  const { openProcessingLog } = useAppModel().results;
  const hint = model.value ? null : 'scenarioNotSelected';
  return (
    <IconButton
      label={t('processingLogButton')}
      icon={<ScrollText size={20} aria-hidden="true" />}
      disabled={hint !== null}
      disabledReason={hint ? t(hint) : undefined}
      onClick={() => void openProcessingLog()}
    />
  );
}

export function IsolineToolButton() {
  useSignals();
  const m = model.value;
  if (!isGlobalAdmin.value || !m || m.isoLineSets.length === 0) return null;
  return (
    <IconButton
      label={t('isolineToolButton')}
      icon={<Waypoints size={20} aria-hidden="true" />}
      pressed={isolineToolOpen.value}
      onClick={() => {
        isolineToolOpen.value = !isolineToolOpen.value;
      }}
    />
  );
}

/** Every dialog of the results and the street-view figure, mounted once on the main screen. */
export function ResultsDialogs() {
  return (
    <>
      <ScoresDialog />
      <AreaScoresDialog />
      <ProcessingLogDialog />
      <ExportDialog />
      <IsolineToolPanel />
      <StreetViewFigure />
    </>
  );
}
