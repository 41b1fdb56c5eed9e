// The export dialog: every download the role
// allows, the culture nl/en kept in a cookie for 3 days, a progress bar while
// a file is fetched, and the file saved under a readable name.
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { language, t, type TextKey } from '../../i18n';
import { formatBytes, formatNumber } from '../../i18n/format';
import { api } from '../../stores/api';
import { locationDetail, selectedLocationId } from '../../stores/locations';
import { isGlobalAdmin, model, submodelId } from '../../stores/models';
import { scenario } from '../../stores/scenarios';
import { notify } from '../../stores/ui';
import { Dialog } from '../common';
import { availableDownloads, cultureCookie, downloading, fileNameOf, readCulture, runDownload, type Culture, type Download } from './downloads';
import './export.css';
import { useAppModel } from '../app-model';

export const exportOpen = signal(false);

/**
 * The progress of a running download: the share of the bytes when the server
 * said the size, else an indeterminate bar with the bytes received so far.
 */
export function DownloadProgressBar({ running }: { running: { fileName: string; received: number; total: number | null } }) {
  const lang = language.value;
  const received = formatBytes(lang, running.received);
  const amount = running.total ? t('exportReceivedOf', { received, total: formatBytes(lang, running.total) }) : received;
  return (
    <div className="export-progress" role="status">
      {running.total ? (
        <progress
          aria-label={t('exportProgress', { name: running.fileName, received: amount })}
          value={Math.min(running.received, running.total)}
          max={running.total}
        />
      ) : (
        <progress aria-label={t('exportProgress', { name: running.fileName, received: amount })} />
      )}
      <span className="muted">
        {running.fileName} · <span data-testid="export-received">{amount}</span>
      </span>
    </div>
  );
}

export function ExportDialog() {
  useSignals();
  const { selectedArea } = useAppModel().results;
  const lang = language.value;
  const m = model.value;
  const [chosen, setCulture] = useState<Culture | null>(null);
  if (!m) return null;
  // Read when shown: the cookie's choice, else the interface language's (the model may set it after start).
  const culture = chosen ?? readCulture(typeof document === 'undefined' ? '' : document.cookie, lang);
  const s = scenario.value;
  const list = availableDownloads({
    model: m,
    scenario: s,
    submodelId: submodelId.value,
    locationId: selectedLocationId.value,
    locationName: locationDetail.value?.name ?? null,
    areaCode: selectedArea.value?.areaCode ?? null,
    globalAdmin: isGlobalAdmin.value,
  });
  const running = downloading.value;
  const chooseCulture = (c: Culture) => {
    setCulture(c);
    document.cookie = cultureCookie(c);
  };
  const download = async (d: Download) => {
    const fileName = fileNameOf(d, m.name, s?.name ?? null);
    try {
      const size = await runDownload(api, d, culture, fileName);
      notify(`${t('exportSaved', { name: fileName })} (${formatNumber(lang, size / 1024, 0)} kB)`, 'success');
    } catch {
      notify(t('exportFailed'), 'error');
    }
  };
  const close = () => {
    exportOpen.value = false;
  };
  return (
    <Dialog
      title={t('exportTitle')}
      open={exportOpen.value}
      onClose={close}
      confirmClose={false}
      width="min(640px, 96vw)"
      footer={
        <button type="button" className="button" onClick={close}>
          {t('close')}
        </button>
      }
    >
      <fieldset className="export-culture">
        <legend>{t('exportCulture')}</legend>
        <label>
          <input type="radio" name="export-culture" value="nl" checked={culture === 'nl'} onChange={() => chooseCulture('nl')} />
          {t('cultureNl')}
        </label>
        <label>
          <input type="radio" name="export-culture" value="en" checked={culture === 'en'} onChange={() => chooseCulture('en')} />
          {t('cultureEn')}
        </label>
      </fieldset>
      <ul className="export-list" aria-label={t('exportTitle')}>
        {list.map((d) => {
          const label = t(d.label.key as TextKey, d.label.vars);
          const busy = running?.key === d.key;
          return (
            <li key={d.key} data-export={d.key}>
              <span className="export-label">
                {label}
                {d.hint && <span className="muted export-hint"> — {t(d.hint)}</span>}
              </span>
              <button
                type="button"
                className="button"
                aria-label={`${t('exportDownload')}: ${label}`}
                disabled={!!d.hint || running !== null}
                onClick={() => void download(d)}
              >
                {t('exportDownload')}
              </button>
              {busy && running && <DownloadProgressBar running={running} />}
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
