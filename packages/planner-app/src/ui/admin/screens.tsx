// The four admin screens: logins, users, models and scenario
// status. Lists on the left (AdminDrawer), the editor or form on the right.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Check, Copy, Lock, Pencil, RefreshCw, RotateCcw, Trash2, X } from 'lucide-react';
import type { ModelUser, UserModelAccess } from '@locus/contract';
import { serverMessage, t } from '../../i18n';
import { loginText, statusTotals } from '../../stores/admin';
import { useAppModel } from '../app-model';
import { confirm } from '../../stores/ui';
import { IconButton } from '../common';
import { AdminDrawer, ListFilter, VirtualList } from './layout';

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <IconButton
      label={label}
      icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      className="small"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    />
  );
}

// --- Logins ------------------------------------------------------------------------

export function LoginsScreen() {
  useSignals();
  const { createdLogin, createLogin, deleteLogin, loadLogins, loginFilter, loginForm, loginFormErrors, restartLoginForm, setLoginForm, visibleLogins } =
    useAppModel().admin;
  useEffect(() => {
    void loadLogins();
  }, [loadLogins]);
  const created = createdLogin.value;
  const errors = loginFormErrors.value;
  return (
    <div className="admin-split">
      <AdminDrawer label={t('adminLogins')}>
        <h2>{t('adminLogins')}</h2>
        <ListFilter
          label={t('adminFilter')}
          value={loginFilter.value}
          onChange={(v) => {
            loginFilter.value = v;
          }}
        />
        <VirtualList
          items={visibleLogins.value}
          label={t('adminLogins')}
          rowKey={(l) => l.id}
          renderRow={(l) => (
            <>
              <span className="admin-row-text">
                <span className="admin-row-title">{l.displayName}</span>
                <span className="admin-row-sub">{l.identity}</span>
              </span>
              {l.mfa && <Lock size={16} role="img" aria-label={t('mfaSet')} />}
              <IconButton
                label={t('deleteLoginOf', { name: l.displayName })}
                icon={<Trash2 size={16} aria-hidden="true" />}
                className="small"
                onClick={() => void deleteLogin(l, confirm)}
              />
            </>
          )}
        />
      </AdminDrawer>
      <section className="admin-panel" aria-labelledby="add-login-title">
        <header className="admin-panel-title">
          <h2 id="add-login-title">{t('addLogin')}</h2>
          {created && <IconButton label={t('addAnotherLogin')} icon={<RotateCcw size={18} aria-hidden="true" />} onClick={restartLoginForm} />}
        </header>
        {!created ? (
          <form
            className="admin-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void createLogin();
            }}
          >
            <label className="field">
              <span>{t('displayName')}</span>
              <input
                value={loginForm.value.displayName}
                aria-invalid={!!errors.displayName}
                aria-describedby={errors.displayName ? 'login-name-error' : undefined}
                onChange={(e) => setLoginForm({ displayName: e.target.value })}
              />
              {errors.displayName && (
                <span className="field-error" id="login-name-error" role="alert">
                  {serverMessage(errors.displayName)}
                </span>
              )}
            </label>
            <label className="field">
              <span>{t('emailAddress')}</span>
              <input
                type="email"
                value={loginForm.value.email}
                aria-invalid={!!errors.email}
                aria-describedby={errors.email ? 'login-email-error' : undefined}
                onChange={(e) => setLoginForm({ email: e.target.value })}
              />
              {errors.email && (
                <span className="field-error" id="login-email-error" role="alert">
                  {serverMessage(errors.email)}
                </span>
              )}
            </label>
            <div className="admin-actions">
              <button type="submit" className="button primary">
                {t('createLogin')}
              </button>
            </div>
          </form>
        ) : (
          <div className="created-login">
            <p>{t('loginCreatedFor', { name: created.created.DisplayName })}</p>
            <div className="created-block">
              <h3>{t('generatedPassword')}</h3>
              <div className="copy-row">
                <code aria-label={t('generatedPassword')}>{created.created.Password}</code>
                <CopyButton text={created.created.Password} label={t('copyPassword')} />
              </div>
            </div>
            <div className="created-block">
              <h3>{t('loginAndPassword')}</h3>
              <div className="copy-row">
                <pre aria-label={t('loginAndPassword')}>{loginText(created.created, created.identity)}</pre>
                <CopyButton text={loginText(created.created, created.identity)} label={t('copyLoginText')} />
              </div>
            </div>
            <div className="created-block">
              <h3>JSON</h3>
              <div className="copy-row">
                <pre aria-label="JSON">{JSON.stringify(created.created, null, 2)}</pre>
                <CopyButton text={JSON.stringify(created.created, null, 2)} label={t('copyJson')} />
              </div>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}

// --- Access tables (users and models) ------------------------------------------------------

function AccessTable<R extends UserModelAccess | ModelUser>({
  rows,
  caption,
  nameOf,
  onChange,
}: {
  rows: readonly R[];
  caption: string;
  nameOf: (row: R) => string;
  onChange: (id: number, patch: { hasAccess?: boolean; isAdmin?: boolean }) => void;
}) {
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('adminName')}</th>
          <th scope="col">{t('hasAccess')}</th>
          <th scope="col">{t('isAdmin')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{nameOf(row)}</th>
            <td>
              <input
                type="checkbox"
                checked={row.hasAccess}
                aria-label={t('hasAccessOf', { name: nameOf(row) })}
                onChange={(e) => onChange(row.id, { hasAccess: e.target.checked })}
              />
            </td>
            <td>
              <input
                type="checkbox"
                checked={row.isAdmin}
                disabled={!row.hasAccess}
                aria-label={t('isAdminOf', { name: nameOf(row) })}
                onChange={(e) => onChange(row.id, { isAdmin: e.target.checked })}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

async function closeWhenConfirmed(dirty: boolean, close: () => void) {
  if (!dirty || (await confirm(t('confirmClose')))) close();
}

// --- Users -----------------------------------------------------------------------------------

export function UsersScreen() {
  useSignals();
  const { loadUsers, openUser, saveUser, setUserRow, syncUsers, userEditor, userEditorDirty, userFilter, visibleUsers } = useAppModel().admin;
  useEffect(() => {
    void loadUsers();
  }, [loadUsers]);
  const editor = userEditor.value;
  return (
    <div className="admin-split">
      <AdminDrawer label={t('adminUsers')}>
        <div className="admin-list-head">
          <h2>{t('adminUsers')}</h2>
          <button type="button" className="button" onClick={() => void syncUsers()}>
            <RefreshCw size={16} aria-hidden="true" />
            {t('syncUsers')}
          </button>
        </div>
        <ListFilter
          label={t('adminFilter')}
          value={userFilter.value}
          onChange={(v) => {
            userFilter.value = v;
          }}
        />
        <VirtualList
          items={visibleUsers.value}
          label={t('adminUsers')}
          rowKey={(u) => u.id}
          selectedKey={editor?.user.id ?? null}
          renderRow={(u) => (
            <>
              <span className="admin-row-text">
                <span className="admin-row-title">{u.title}</span>
              </span>
              <IconButton
                label={t('editAccessOf', { name: u.title })}
                icon={<Pencil size={16} aria-hidden="true" />}
                className="small"
                onClick={() => void openUser(u)}
              />
            </>
          )}
        />
      </AdminDrawer>
      {editor ? (
        <section className="admin-panel" aria-labelledby="user-editor-title">
          <header className="admin-panel-title">
            <h2 id="user-editor-title">{t('modelAccessOf', { name: editor.user.title })}</h2>
          </header>
          <AccessTable rows={editor.rows} caption={t('modelAccessOf', { name: editor.user.title })} nameOf={(r) => r.name} onChange={setUserRow} />
          <div className="admin-actions">
            <button type="button" className="button primary" disabled={!userEditorDirty.value} onClick={() => void saveUser()}>
              {t('save')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                void closeWhenConfirmed(userEditorDirty.value, () => {
                  userEditor.value = null;
                })
              }
            >
              {t('close')}
            </button>
          </div>
        </section>
      ) : (
        <section className="admin-panel admin-hint">
          <p className="muted">{t('pickUser')}</p>
        </section>
      )}
    </div>
  );
}

// --- Models ----------------------------------------------------------------------------------

export function ModelsScreen() {
  useSignals();
  const {
    adminModels,
    loadAdminModels,
    modelEditor,
    modelEditorDirty,
    modelEditorOrphans,
    modelEditorUsers,
    modelFilter,
    openModel,
    saveModel,
    setModelRow,
    syncModelUsers,
    visibleAdminModels,
  } = useAppModel().admin;
  useEffect(() => {
    void loadAdminModels();
  }, [loadAdminModels]);
  const editor = modelEditor.value;
  const orphans = modelEditorOrphans.value;
  return (
    <div className="admin-split">
      <AdminDrawer label={t('adminModels')}>
        <h2>{t('adminModels')}</h2>
        <ListFilter
          label={t('adminFilter')}
          value={modelFilter.value}
          onChange={(v) => {
            modelFilter.value = v;
          }}
        />
        <VirtualList
          items={visibleAdminModels.value}
          label={t('adminModels')}
          rowKey={(m) => m.id}
          selectedKey={editor?.model.id ?? null}
          renderRow={(m) => (
            <>
              <span className="admin-row-text">
                <span className="admin-row-title">{m.name}</span>
              </span>
              <IconButton
                label={t('editUsersOf', { name: m.name })}
                icon={<Pencil size={16} aria-hidden="true" />}
                className="small"
                onClick={() => void openModel(m)}
              />
            </>
          )}
        />
        <p className="muted admin-count">{t('adminCount', { count: adminModels.value.length })}</p>
      </AdminDrawer>
      {editor ? (
        <section className="admin-panel" aria-labelledby="model-editor-title">
          <header className="admin-panel-title">
            <h2 id="model-editor-title">{t('usersOf', { name: editor.model.name })}</h2>
          </header>
          <AccessTable rows={modelEditorUsers.value} caption={t('usersOf', { name: editor.model.name })} nameOf={(r) => r.title} onChange={setModelRow} />
          <h3>{t('orphanedUsers')}</h3>
          {orphans.length ? (
            <AccessTable rows={orphans} caption={t('orphanedUsers')} nameOf={(r) => r.title} onChange={setModelRow} />
          ) : (
            <p className="muted">{t('noOrphanedUsers')}</p>
          )}
          <div className="admin-actions">
            <button type="button" className="button primary" disabled={!modelEditorDirty.value} onClick={() => void saveModel()}>
              {t('save')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                void closeWhenConfirmed(modelEditorDirty.value, () => {
                  modelEditor.value = null;
                })
              }
            >
              {t('close')}
            </button>
            <button type="button" className="button" onClick={() => void syncModelUsers()}>
              <RefreshCw size={16} aria-hidden="true" />
              {t('syncUsers')}
            </button>
          </div>
        </section>
      ) : (
        <section className="admin-panel admin-hint">
          <p className="muted">{t('pickModel')}</p>
        </section>
      )}
    </div>
  );
}

// --- Scenario status ---------------------------------------------------------------------------

export function ScenarioStatusScreen() {
  useSignals();
  const { loadScenarioStatus, scenarioStatus, startUnprocessed, statusEntry, statusModelId } = useAppModel().admin;
  useEffect(() => {
    void loadScenarioStatus();
  }, [loadScenarioStatus]);
  const rows = scenarioStatus.value;
  const totals = statusTotals(rows);
  const entry = statusEntry.value;
  return (
    <div className="admin-split">
      <section className="admin-status" aria-labelledby="status-title">
        <header className="admin-panel-title">
          <h2 id="status-title">{t('scenarioStatus')}</h2>
          <IconButton label={t('refresh')} icon={<RefreshCw size={18} aria-hidden="true" />} onClick={() => void loadScenarioStatus()} />
        </header>
        <table className="admin-table numbers">
          <caption className="visually-hidden">{t('scenarioStatus')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminName')}</th>
              <th scope="col">{t('statusTotal')}</th>
              <th scope="col">{t('statusUnprocessed')}</th>
              <th scope="col">{t('statusProcessing')}</th>
              <th scope="col">{t('statusCompleted')}</th>
              <th scope="col">{t('statusFailed')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('adminActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.modelId} className={r.modelId === statusModelId.value ? 'selected' : ''}>
                <th scope="row">{r.name}</th>
                <td>{r.total}</td>
                <td>{r.unprocessed}</td>
                <td>{r.processing}</td>
                <td>{r.completed}</td>
                <td>{r.failed}</td>
                <td>
                  <IconButton
                    label={t('openStatusOf', { name: r.name })}
                    icon={<Pencil size={16} aria-hidden="true" />}
                    className="small"
                    onClick={() => {
                      statusModelId.value = r.modelId;
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('statusTotals')}</th>
              <td>{totals.total}</td>
              <td>{totals.unprocessed}</td>
              <td>{totals.processing}</td>
              <td>{totals.completed}</td>
              <td>{totals.failed}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </section>
      {entry && (
        <aside className="admin-panel status-panel" aria-labelledby="status-panel-title">
          <header className="admin-panel-title">
            <h2 id="status-panel-title">{entry.name}</h2>
            <IconButton
              label={t('close')}
              icon={<X size={18} aria-hidden="true" />}
              onClick={() => {
                statusModelId.value = null;
              }}
            />
          </header>
          <p>{t('unprocessedCount', { count: entry.unprocessed })}</p>
          <button type="button" className="button primary" disabled={entry.unprocessed === 0} onClick={() => void startUnprocessed(entry.modelId)}>
            {t('calculateUnprocessed')}
          </button>
        </aside>
      )}
    </div>
  );
}
