// Result dialogs: the location score table, the area scores (per-area table)
// and the processing log (the result panels' details).
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { language, t } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { isModelAdmin } from '../../stores/models';
import { PROCESSING_LOG_PAGE, scoreProduct, selectedLocationName, showLogErrors } from '../../stores/results';
import { Dialog } from '../common';
import { AreaScoresTable } from './panels';
import './results.css';
import { useAppModel } from '../app-model';

/** Score cells: 4 decimals; the footer total: 2 decimals. */
export const SCORE_DIGITS = 4;
export const TOTAL_DIGITS = 2;

export function ScoresDialog() {
  useSignals();
  const { scoresOpen, scores } = useAppModel().results;
  const lang = language.value;
  const open = scoresOpen.value;
  const state = scores.value;
  const admin = isModelAdmin.value;
  const list = state.state === 'ready' ? state.value : [];
  const close = () => {
    scoresOpen.value = false;
  };
  return (
    <Dialog
      title={t('scoresTitle', { name: selectedLocationName.value })}
      open={open}
      onClose={close}
      confirmClose={false}
      width="min(820px, 96vw)"
      footer={
        <button type="button" className="button" onClick={close}>
          {t('close')}
        </button>
      }
    >
      {state.state === 'loading' && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {state.state === 'ready' && list.length === 0 && <p className="muted">{t('scoresNone')}</p>}
      {state.state === 'ready' && (
        <div className="table-scroll">
          <table className="results-table" data-testid="scores-table">
            <thead>
              <tr>
                <th scope="col">{t('scoreDescription')}</th>
                {admin && <th scope="col">{t('scoreExpression')}</th>}
                {admin && <th scope="col">{t('scoreCalculation')}</th>}
                <th scope="col" className="num">
                  {t('scoreDefault')}
                </th>
                <th scope="col" className="num">
                  {t('scoreValue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((s, i) => (
                <tr key={i}>
                  <td>{s.description}</td>
                  {admin && (
                    <td>
                      <code>{s.expression ?? ''}</code>
                    </td>
                  )}
                  {admin && (
                    <td>
                      <code>{s.calculation ?? ''}</code>
                    </td>
                  )}
                  <td className="num">{formatNumber(lang, s.defaultValue, SCORE_DIGITS)}</td>
                  <td className="num">{formatNumber(lang, s.score, SCORE_DIGITS)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={admin ? 4 : 2}>
                  {t('scoreTotal')}
                </th>
                <td className="num" data-testid="score-total">
                  {formatNumber(lang, scoreProduct(list), TOTAL_DIGITS)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Dialog>
  );
}

export function AreaScoresDialog() {
  useSignals();
  const { areaScoresOpen, selectedArea } = useAppModel().results;
  const close = () => {
    areaScoresOpen.value = false;
  };
  return (
    <Dialog
      title={t('areaScoresTitle', { code: selectedArea.value?.areaCode ?? '' })}
      open={areaScoresOpen.value && selectedArea.value !== null}
      onClose={close}
      confirmClose={false}
      width="min(720px, 96vw)"
      footer={
        <button type="button" className="button" onClick={close}>
          {t('close')}
        </button>
      }
    >
      <AreaScoresTable />
    </Dialog>
  );
}

/** A UTC time as 'YYYY-MM-DD HH:MM:SS' (the log's columns are UTC). */
export function utcText(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 19).replace('T', ' ');
}

export function ProcessingLogDialog() {
  useSignals();
  const { processingLogOpen, processingLogRows, processingLog } = useAppModel().results;
  const [page, setPage] = useState(0);
  const open = processingLogOpen.value;
  const rows = processingLogRows.value;
  const errors = showLogErrors.value;
  const pages = Math.max(1, Math.ceil(rows.length / PROCESSING_LOG_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * PROCESSING_LOG_PAGE, (current + 1) * PROCESSING_LOG_PAGE);
  const close = () => {
    processingLogOpen.value = false;
    setPage(0);
  };
  return (
    <Dialog
      title={t('processingLogTitle')}
      open={open}
      onClose={close}
      confirmClose={false}
      width="min(1100px, 96vw)"
      footer={
        <button type="button" className="button" onClick={close}>
          {t('close')}
        </button>
      }
    >
      {processingLog.value.state === 'loading' && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {processingLog.value.state === 'ready' && rows.length === 0 && <p className="muted">{t('processingLogEmpty')}</p>}
      {rows.length > 0 && (
        <>
          <div className="table-scroll">
            <table className="results-table" data-testid="processing-log">
              <thead>
                <tr>
                  <th scope="col">{t('logScenario')}</th>
                  <th scope="col">{t('logScheduled')}</th>
                  <th scope="col">{t('logStarted')}</th>
                  <th scope="col">{t('logIsolinesMissing')}</th>
                  <th scope="col">{t('logEnded')}</th>
                  <th scope="col">{t('processingLogUser')}</th>
                  {errors && <th scope="col">{t('processingLogError')}</th>}
                </tr>
              </thead>
              <tbody>
                {shown.map((r, i) => (
                  <tr key={`${current}-${i}`}>
                    <td>{r.scenarioName}</td>
                    <td>{utcText(r.scheduledDateTimeUtc)}</td>
                    <td>{utcText(r.startedDateTimeUtc)}</td>
                    <td>{utcText(r.isolinesMissingDateTimeUtc)}</td>
                    <td>{utcText(r.endedDateTimeUtc)}</td>
                    <td>{r.userName}</td>
                    {errors && <td className="log-error">{r.error ?? ''}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t('logPage', { page: current + 1, pages })}>
            <button type="button" className="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
              {t('logPrevious')}
            </button>
            <span>{t('logPage', { page: current + 1, pages })}</span>
            <button type="button" className="button" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
              {t('logNext')}
            </button>
          </nav>
        </>
      )}
    </Dialog>
  );
}
