// What lies over every screen and tells the planner what happens: the busy bar,
// the database-starting overlay, the error dialog, confirmations and notifications.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { t } from '../i18n';
import type { AppModel } from '../stores/app';
import { useAppModel } from './app-model';
import { closeDraft } from '../stores/editing/location-actions';
import { copyDraft } from '../stores/editing/copy-changes';
import { locationDraft } from '../stores/editing/location-dialog';
import { scenarioDraft } from '../stores/editing/scenario-dialog';
import { confirm, confirmations, debugMode, dismiss, globalError, isBusy, notifications } from '../stores/ui';

export function BusyBar() {
  useSignals();
  // Decorative: the acting control says what is happening; the bar only shows that something is.
  return <div className={`busy-bar ${isBusy.value ? 'active' : ''}`} aria-hidden="true" />;
}

export function StartingOverlay() {
  useSignals();
  const { databaseStarting } = useAppModel().system;
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
function ModalDialog({
  labelledBy,
  className,
  children,
  onCancel,
}: {
  labelledBy: string;
  className?: string;
  children: React.ReactNode;
  onCancel: () => void;
}) {
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
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}

/** True while an open dialog or form holds edits that a reload would throw away. */
export function hasUnsavedWork({ admin, editors }: Pick<AppModel, 'admin' | 'editors'>): boolean {
  const { modelEditorDirty, userEditorDirty, loginForm, createdLogin } = admin;
  const { editorDirty } = editors;
  const login = loginForm.value;
  return !!(
    locationDraft.value ||
    scenarioDraft.value ||
    copyDraft.value ||
    closeDraft.value ||
    editorDirty.value ||
    userEditorDirty.value ||
    modelEditorDirty.value ||
    (!createdLogin.value && (login.displayName.trim() || login.email.trim()))
  );
}

/** Reloads the page; with edits open, only after the user says so. */
export async function refreshPage(app: Pick<AppModel, 'admin' | 'editors'>): Promise<void> {
  if (hasUnsavedWork(app) && !(await confirm(t('refreshDiscardsEdits')))) return;
  globalError.value = null;
  location.reload();
}

/**
 * 'Error', the unexpected-error text (the server's body in debug
 * mode) and Refresh. It is for network failures and server errors only (the
 * refusals go to their field, stores/refusals.ts); Escape and Close dismiss it
 * and leave every open edit as it was, Refresh asks before throwing edits away.
 */
export function ErrorDialog() {
  useSignals();
  const app = useAppModel();
  const error = globalError.value;
  if (!error) return null;
  const close = () => {
    globalError.value = null;
  };
  return (
    <ModalDialog labelledBy="error-title" className="error-dialog" onCancel={close}>
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
        <button type="button" className="button" onClick={close}>
          {t('close')}
        </button>
        <button type="button" className="button primary" onClick={() => void refreshPage(app)}>
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
        <button type="button" className="button" onClick={() => current.resolve(false)}>
          {t('no')}
        </button>
        <button type="button" className="button primary" autoFocus onClick={() => current.resolve(true)}>
          {t('yes')}
        </button>
      </footer>
    </ModalDialog>
  );
}

/**
 * The open modal dialogs in the order they were opened (the last is on top).
 * A modal <dialog> lies in the top layer and makes the rest of the page inert,
 * so the notifications are rendered inside the topmost one while any is open.
 */
function useTopDialog(): Element {
  const [host, setHost] = useState<Element>(document.body);
  useEffect(() => {
    const stack: HTMLDialogElement[] = [];
    let current: Element = document.body;
    const update = () => {
      for (const dialog of document.querySelectorAll('dialog')) {
        if (dialog.open && !stack.includes(dialog)) stack.push(dialog);
      }
      for (let i = stack.length - 1; i >= 0; i--) if (!stack[i]!.open || !stack[i]!.isConnected) stack.splice(i, 1);
      const next = stack[stack.length - 1] ?? document.body;
      if (next !== current) setHost((current = next));
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    update();
    return () => observer.disconnect();
  }, []);
  return host;
}

export function Notifications() {
  useSignals();
  const host = useTopDialog();
  return createPortal(
    <section className="notifications" aria-label={t('notifications')}>
      {notifications.value.map((n) => (
        <div key={n.id} className={`notification ${n.tone}`} role={n.tone === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          <button type="button" className="icon-button small" aria-label={t('closeNotification')} onClick={() => dismiss(n.id)}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      ))}
    </section>,
    host,
  );
}

export function NotFound() {
  useSignals();
  return (
    <main className="not-found">
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
      <p>
        <a href="/">{t('backToMap')}</a>
      </p>
    </main>
  );
}
