// The log viewer (global administrators): Information,
// Warning and Error checkboxes (all on), a source drop-down with refresh, and
// the table of 10 rows per page.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { utcText } from '../results/dialogs';
import { t } from '../../i18n';
import { eventTypeName, LOG_EVENT_TYPES, LOG_SOURCES } from '../../stores/admin';
import { useAppModel } from '../app-model';
import { Dialog, IconButton } from '../common';
import './admin.css';

export function LogViewer() {
  useSignals();
  const { closeEditor, openEditor } = useAppModel().editors;
  const { loadLog, logEventTypes, logPage, logPageCount, logPageRows, logSource, toggleLogEventType } = useAppModel().admin;
  const open = openEditor.value === 'log';
  useEffect(() => {
    if (open) void loadLog();
  }, [open, loadLog]);
  const types = logEventTypes.value;
  return (
    <Dialog title={t('logViewer')} open={open} confirmClose={false} onClose={() => void closeEditor()} width={1100} className="log-viewer">
      <div className="log-filters">
        <fieldset>
          <legend className="visually-hidden">{t('logEventTypes')}</legend>
          {LOG_EVENT_TYPES.map((e) => (
            <label key={e.type} className="check">
              <input
                type="checkbox"
                checked={types.includes(e.type)}
                onChange={(ev) => {
                  toggleLogEventType(e.type, ev.target.checked);
                  void loadLog();
                }}
              />
              <span>{t(e.key)}</span>
            </label>
          ))}
        </fieldset>
        <label className="field inline">
          <span>{t('logSource')}</span>
          <select
            value={logSource.value}
            onChange={(e) => {
              logSource.value = e.target.value;
              void loadLog();
            }}
          >
            {LOG_SOURCES.map((s) => (
              <option key={s} value={s}>
                {s === '' ? t('logAllSources') : s}
              </option>
            ))}
          </select>
        </label>
        <IconButton label={t('refresh')} icon={<RefreshCw size={18} aria-hidden="true" />} onClick={() => void loadLog()} />
      </div>
      <table className="admin-table log-table">
        <caption className="visually-hidden">{t('logViewer')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('logDateTimeUtc')}</th>
            <th scope="col">{t('logUser')}</th>
            <th scope="col">{t('logSource')}</th>
            <th scope="col">{t('logEventType')}</th>
            <th scope="col">{t('logMessage')}</th>
          </tr>
        </thead>
        <tbody>
          {logPageRows.value.map((row, i) => (
            <tr key={`${row.dateTimeUtc}-${i}`} className={`log-${row.eventType}`}>
              <td className="nowrap">{utcText(row.dateTimeUtc)}</td>
              <td>{row.user}</td>
              <td className="nowrap">{row.source}</td>
              <td className="nowrap">{eventTypeName(row.eventType)}</td>
              <td className="log-message">{row.message}</td>
            </tr>
          ))}
          {logPageRows.value.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                {t('logEmpty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <nav className="pager" aria-label={t('logPages')}>
        <IconButton
          label={t('previousPage')}
          icon={<ChevronLeft size={18} aria-hidden="true" />}
          disabled={logPage.value === 0}
          onClick={() => {
            logPage.value -= 1;
          }}
        />
        <span>{t('pageOf', { page: logPage.value + 1, count: logPageCount.value })}</span>
        <IconButton
          label={t('nextPage')}
          icon={<ChevronRight size={18} aria-hidden="true" />}
          disabled={logPage.value + 1 >= logPageCount.value}
          onClick={() => {
            logPage.value += 1;
          }}
        />
      </nav>
    </Dialog>
  );
}
