// What lies over every screen: the busy bar, the database-starting overlay,
// the error dialog (spec point 8), confirmations and notifications.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import { t } from '../i18n';
import { databaseStarting } from '../stores/system';
import { confirmations, debugMode, dismiss, globalError, isBusy, notifications } from '../stores/ui';

export function BusyBar() {
  useSignals();
  // Decorative: the acting control says what is happening; the bar only shows that something is.
  return <div className={`busy-bar ${isBusy.value ? 'active' : ''}`} aria-hidden="true" />;
}

export function StartingOverlay() {
  useSignals();
  if (!databaseStarting.value) return null;
  return (
    <div className="starting-overlay" role="alert" aria-live="assertive">
      <div className="starting-card">
        <span className="spinner" aria-hidden="true" />
        <p>{t('databaseStarting')}</p>
      </div>
    </div>
  );
}

/** A modal <dialog> that is open while mounted. */
function ModalDialog({ labelledBy, className, children, onCancel }: { labelledBy: string; className?: string; children: React.ReactNode; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    const opener = document.activeElement;
    return () => {
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className={`dialog ${className ?? ''}`} aria-labelledby={labelledBy} onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      {children}
    </dialog>
  );
}

/** Spec point 8: 'Error', the unexpected-error text (the server's body in debug mode) and Refresh. */
export function ErrorDialog() {
  useSignals();
  const error = globalError.value;
  if (!error) return null;
  return (
    <ModalDialog labelledBy="error-title" className="error-dialog" onCancel={() => undefined}>
      <header className="dialog-title">
        <h2 id="error-title">{t('errorTitle')}</h2>
      </header>
      <div className="dialog-body">
        <p>{t('errorUnexpected')}</p>
        {debugMode.value && (
          <>
            <h3>{t('errorServerResponse')}</h3>
            <pre className="server-response">{error.response ?? error.message}</pre>
          </>
        )}
      </div>
      <footer className="dialog-footer">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            globalError.value = null;
            location.reload();
          }}
        >
          {t('refresh')}
        </button>
      </footer>
    </ModalDialog>
  );
}

export function Confirmations() {
  useSignals();
  const current = confirmations.value[confirmations.value.length - 1];
  if (!current) return null;
  return (
    <ModalDialog key={current.id} labelledBy={`confirm-${current.id}`} className="confirm-dialog" onCancel={() => current.resolve(false)}>
      <header className="dialog-title">
        <h2 id={`confirm-${current.id}`}>{current.title ?? t('productName')}</h2>
      </header>
      <div className="dialog-body">
        <p>{current.text}</p>
      </div>
      <footer className="dialog-footer">
        <button type="button" className="button" onClick={() => current.resolve(false)}>{t('no')}</button>
        <button type="button" className="button primary" autoFocus onClick={() => current.resolve(true)}>{t('yes')}</button>
      </footer>
    </ModalDialog>
  );
}

export function Notifications() {
  useSignals();
  return (
    <section className="notifications" aria-label={t('notifications')}>
      {notifications.value.map((n) => (
        <div key={n.id} className={`notification ${n.tone}`} role={n.tone === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          <button type="button" className="icon-button small" aria-label={t('closeNotification')} onClick={() => dismiss(n.id)}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ))}
    </section>
  );
}

export function NotFound() {
  useSignals();
  return (
    <main className="not-found">
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <p><a href="/">{t('backToMap')}</a></p>
    </main>
  );
}
