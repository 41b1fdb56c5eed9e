// The global administrator's screens: logins, users,
// models and scenario status, and the log viewer. The rules the screens show
// (e-mail pattern, admin needs access, the event-type bitmask, list filters)
// are pure functions here; the actions call the API and keep the lists.
import {
  EmailPattern,
  LogEventType,
  LogPageSize,
  LogSource,
  LogViewerDefaultEventTypes,
  ValidationMessage,
  type AdminModel,
  type CreatedLogin,
  type LogEntry,
  type Login,
  type ModelUser,
  type ScenarioStatusEntry,
  type User,
  type UserModelAccess,
} from '@locus/contract';
import { batch, computed, createModel, signal } from '@preact/signals-react';
import { ApiFailure, type ApiClient } from '@locus/contract/client';
import { t, type TextKey } from '../i18n';
import { isConnectionOrServerFailure } from './refusals';
import { latestApplied } from './latest';
import { notify } from './ui';

// --- Routes of the admin area -------------------------------------------------

export type AdminRoute = 'admin' | 'adminUsers' | 'adminLogins' | 'adminModels' | 'scenarioStatus';

export const ADMIN_PATHS: Record<AdminRoute, string> = {
  admin: '/admin',
  adminLogins: '/admin/logins',
  adminModels: '/admin/models',
  adminUsers: '/admin/users',
  scenarioStatus: '/admin/scenarioStatus',
};

/** The admin route of a path, or null for a path outside the admin area. */
export function adminRouteOf(pathname: string): AdminRoute | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const found = (Object.entries(ADMIN_PATHS) as [AdminRoute, string][]).find(([, p]) => p.toLowerCase() === path.toLowerCase());
  return found ? found[0] : null;
}

// --- Pure rules ---------------------------------------------------------------

/** Rows whose text contains the filter, case-insensitively (an empty filter keeps all). */
export function filterRows<T>(rows: readonly T[], filter: string, text: (row: T) => string): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => text(row).toLocaleLowerCase().includes(needle));
}

export interface LoginForm {
  displayName: string;
  email: string;
}
export interface LoginFormErrors {
  displayName?: string;
  email?: string;
}

/** The add-login rules, with the spec's messages. */
export function validateLoginForm(form: LoginForm): LoginFormErrors {
  const errors: LoginFormErrors = {};
  if (!form.displayName.trim()) errors.displayName = ValidationMessage.displayNameIsRequired;
  const email = form.email.trim();
  if (!email) errors.email = ValidationMessage.emailIsRequired;
  else if (!EmailPattern.test(email)) errors.email = ValidationMessage.emailIsInvalid;
  return errors;
}

/** Has access switched: turning access off turns admin off too (the admin checkbox is disabled without access). */
export function withAccess<R extends { hasAccess: boolean; isAdmin: boolean }>(row: R, hasAccess: boolean): R {
  return { ...row, hasAccess, isAdmin: hasAccess ? row.isAdmin : false };
}

/** Admin may only be set on a row with access. */
export function withAdmin<R extends { hasAccess: boolean; isAdmin: boolean }>(row: R, isAdmin: boolean): R {
  return { ...row, isAdmin: row.hasAccess ? isAdmin : false };
}

/** The event types of the log viewer combined into the bitmask of GET /api/admin/log. */
export function eventTypeMask(types: Iterable<number>): number {
  let mask = 0;
  for (const type of types) mask |= type;
  return mask;
}

export const LOG_EVENT_TYPES: { type: number; key: TextKey }[] = [
  { type: LogEventType.information, key: 'logInformation' },
  { type: LogEventType.warning, key: 'logWarning' },
  { type: LogEventType.error, key: 'logError' },
];
export const LOG_SOURCES: string[] = ['', LogSource.backend, LogSource.scenarioProcessing, LogSource.isoLineProcessing];

export function eventTypeName(type: number): string {
  const entry = LOG_EVENT_TYPES.find((e) => e.type === type);
  return entry ? t(entry.key) : String(type);
}

/** The text block shown after a login is created. */
export function loginText(created: CreatedLogin, identity: string): string {
  return `${t('loginLabel')}: ${identity}\n${t('passwordLabel')}: ${created.Password}`;
}

/** Totals over the scenario status rows. */
export function statusTotals(rows: readonly ScenarioStatusEntry[]): Omit<ScenarioStatusEntry, 'modelId' | 'name'> {
  const sum = (key: 'total' | 'unprocessed' | 'processing' | 'completed' | 'failed') => rows.reduce((s, r) => s + r[key], 0);
  return { total: sum('total'), unprocessed: sum('unprocessed'), processing: sum('processing'), completed: sum('completed'), failed: sum('failed') };
}

/** A change of an access row: has access, is admin (or both). */
export type AccessPatch = { hasAccess?: boolean; isAdmin?: boolean };

/** The rows with the row of an id changed by the admin-needs-access rules. */
export function patchAccessRow<R extends { id: number; hasAccess: boolean; isAdmin: boolean }>(rows: readonly R[], id: number, patch: AccessPatch): R[] {
  return rows.map((row) => {
    if (row.id !== id) return row;
    let next = row;
    if (patch.hasAccess !== undefined) next = withAccess(next, patch.hasAccess);
    if (patch.isAdmin !== undefined) next = withAdmin(next, patch.isAdmin);
    return next;
  });
}

/**
 * The admin area's state and actions: the lists, filters and editors of the
 * logins, users, models and scenario status screens, and the log viewer. Made
 * with the API client it calls.
 */
export const AdminAreaModel = createModel((api: ApiClient) => {
  // --- Logins ---------------------------------------------------------------------

  const logins = signal<Login[]>([]);
  const loginFilter = signal('');
  const visibleLogins = computed(() => filterRows(logins.value, loginFilter.value, (l) => `${l.displayName} ${l.identity}`));
  const loginForm = signal<LoginForm>({ displayName: '', email: '' });
  const loginFormErrors = signal<LoginFormErrors>({});
  /** The answer of the last creation: shown instead of the form until restarted. */
  const createdLogin = signal<{ created: CreatedLogin; identity: string } | null>(null);

  const loadLogins = latestApplied(
    (signal) => api.call('adminLogins', { signal }),
    (list) => {
      logins.value = list;
    },
  );

  function setLoginForm(patch: Partial<LoginForm>): void {
    loginForm.value = { ...loginForm.value, ...patch };
    if (Object.keys(loginFormErrors.value).length) loginFormErrors.value = validateLoginForm(loginForm.value);
  }

  /** Validates, creates the login and shows its generated password; false when the form has errors. */
  async function createLogin(): Promise<boolean> {
    const errors = validateLoginForm(loginForm.value);
    loginFormErrors.value = errors;
    if (errors.displayName || errors.email) return false;
    const body = { displayName: loginForm.value.displayName.trim(), email: loginForm.value.email.trim() };
    let created: CreatedLogin;
    try {
      created = await api.call('adminLoginCreate', { body });
    } catch (error) {
      // A refusal naming a field of the form (an e-mail address in use) shows at that field; the form keeps what was typed.
      const field = error instanceof ApiFailure ? error.body?.field : undefined;
      if (error instanceof ApiFailure && (field === 'displayName' || field === 'email')) {
        loginFormErrors.value = { ...loginFormErrors.value, [field]: error.body!.message };
        return false;
      }
      if (error instanceof ApiFailure && !isConnectionOrServerFailure(error)) return false;
      throw error;
    }
    createdLogin.value = { created, identity: body.email };
    notify(t('loginCreated', { name: body.displayName }), 'success');
    await loadLogins();
    return true;
  }

  /** Back to an empty add form (the restart icon). */
  function restartLoginForm(): void {
    batch(() => {
      createdLogin.value = null;
      loginForm.value = { displayName: '', email: '' };
      loginFormErrors.value = {};
    });
  }

  async function deleteLogin(login: Login, confirmDelete: (text: string) => Promise<boolean>): Promise<boolean> {
    if (!(await confirmDelete(t('deleteLoginConfirm', { name: login.displayName })))) return false;
    await api.call('adminLoginDelete', { params: { loginId: login.id } });
    notify(t('loginDeleted', { name: login.displayName }), 'success');
    await loadLogins();
    return true;
  }

  // --- Users ------------------------------------------------------------------------

  const users = signal<User[]>([]);
  const userFilter = signal('');
  const visibleUsers = computed(() => filterRows(users.value, userFilter.value, (u) => u.title));
  /** The user whose model access is being edited, with the edited rows. */
  const userEditor = signal<{ user: User; rows: UserModelAccess[]; saved: string } | null>(null);

  const loadUsers = latestApplied(
    (signal) => api.call('adminUsers', { signal }),
    (list) => {
      users.value = list;
    },
  );

  async function syncUsers(): Promise<void> {
    const result = await api.call('adminUsersSync');
    notify(t('usersSynced', { added: result.added, updated: result.updated, deleted: result.markedDeleted }), 'success');
    await loadUsers();
  }

  async function openUser(user: User): Promise<void> {
    const rows = await api.call('adminUserModels', { params: { userId: user.id } });
    userEditor.value = { user, rows, saved: JSON.stringify(rows) };
  }

  function setUserRow(modelId: number, patch: AccessPatch): void {
    const editor = userEditor.value;
    if (editor) userEditor.value = { ...editor, rows: patchAccessRow(editor.rows, modelId, patch) };
  }

  async function saveUser(): Promise<void> {
    const editor = userEditor.value;
    if (!editor) return;
    const rows = await api.call('adminUserModelsSave', { body: { user: editor.user, models: editor.rows } });
    userEditor.value = { ...editor, rows, saved: JSON.stringify(rows) };
    notify(t('accessSaved', { name: editor.user.title }), 'success');
  }

  const userEditorDirty = computed(() => !!userEditor.value && JSON.stringify(userEditor.value.rows) !== userEditor.value.saved);

  // --- Models -------------------------------------------------------------------------

  const adminModels = signal<AdminModel[]>([]);
  const modelFilter = signal('');
  const visibleAdminModels = computed(() => filterRows(adminModels.value, modelFilter.value, (m) => m.name));
  const modelEditor = signal<{ model: AdminModel; rows: ModelUser[]; saved: string } | null>(null);
  /** The users with access rows still in the directory, and the orphans (deleted from the directory). */
  const modelEditorUsers = computed(() => (modelEditor.value?.rows ?? []).filter((r) => r.deletedFromAzureAd === 0));
  const modelEditorOrphans = computed(() => (modelEditor.value?.rows ?? []).filter((r) => r.deletedFromAzureAd === 1));
  const modelEditorDirty = computed(() => !!modelEditor.value && JSON.stringify(modelEditor.value.rows) !== modelEditor.value.saved);

  const loadAdminModels = latestApplied(
    (signal) => api.call('adminModels', { signal }),
    (list) => {
      adminModels.value = list;
    },
  );

  async function openModel(model: AdminModel): Promise<void> {
    const rows = await api.call('adminModelUsers', { params: { modelId: model.id } });
    modelEditor.value = { model, rows, saved: JSON.stringify(rows) };
  }

  function setModelRow(userId: number, patch: AccessPatch): void {
    const editor = modelEditor.value;
    if (editor) modelEditor.value = { ...editor, rows: patchAccessRow(editor.rows, userId, patch) };
  }

  async function saveModel(): Promise<void> {
    const editor = modelEditor.value;
    if (!editor) return;
    const rows = await api.call('adminModelUsersSave', { body: { model: editor.model, users: editor.rows } });
    modelEditor.value = { ...editor, rows, saved: JSON.stringify(rows) };
    notify(t('accessSaved', { name: editor.model.name }), 'success');
  }

  /** Sync from the directory, then the open model's users again (new users appear, removed ones become orphans). */
  async function syncModelUsers(): Promise<void> {
    await syncUsers();
    const editor = modelEditor.value;
    if (editor) await openModel(editor.model);
  }

  // --- Scenario status ---------------------------------------------------------------

  const scenarioStatus = signal<ScenarioStatusEntry[]>([]);
  const statusModelId = signal<number | null>(null);
  const statusEntry = computed(() => scenarioStatus.value.find((r) => r.modelId === statusModelId.value) ?? null);

  const loadScenarioStatus = latestApplied(
    (signal) => api.call('adminScenarioStatus', { signal }),
    (list) => {
      scenarioStatus.value = list;
    },
  );

  async function startUnprocessed(modelId: number): Promise<number> {
    const result = await api.call('adminStartProcessingUnprocessed', { params: { modelId } });
    notify(t('unprocessedStarted', { count: result.scenarioCount }), 'success');
    await loadScenarioStatus();
    return result.scenarioCount;
  }

  // --- Log viewer ----------------------------------------------------------------------

  const logEventTypes = signal<number[]>([...LogViewerDefaultEventTypes]);
  const logSource = signal('');
  const logEntries = signal<LogEntry[]>([]);
  const logPage = signal(0);
  const logPageCount = computed(() => Math.max(1, Math.ceil(logEntries.value.length / LogPageSize)));
  const logPageRows = computed(() => logEntries.value.slice(logPage.value * LogPageSize, (logPage.value + 1) * LogPageSize));

  function toggleLogEventType(type: number, on: boolean): void {
    const set = new Set(logEventTypes.value);
    if (on) set.add(type);
    else set.delete(type);
    logEventTypes.value = [...set].sort((a, b) => a - b);
  }

  /** Asks with the filters now set; filters changed quickly one after another show the answer to the last. */
  const loadLog = latestApplied(
    async (signal) => {
      const mask = eventTypeMask(logEventTypes.value);
      // No type checked: nothing to show (the server reads 0 as none too).
      return mask === 0 ? [] : api.call('adminLog', { query: { eventType: mask, source: logSource.value }, signal });
    },
    (rows) =>
      batch(() => {
        logEntries.value = rows;
        logPage.value = 0;
      }),
  );

  return {
    logins,
    loginFilter,
    visibleLogins,
    loginForm,
    loginFormErrors,
    createdLogin,
    loadLogins,
    setLoginForm,
    createLogin,
    restartLoginForm,
    deleteLogin,
    users,
    userFilter,
    visibleUsers,
    userEditor,
    loadUsers,
    syncUsers,
    openUser,
    setUserRow,
    saveUser,
    userEditorDirty,
    adminModels,
    modelFilter,
    visibleAdminModels,
    modelEditor,
    modelEditorUsers,
    modelEditorOrphans,
    modelEditorDirty,
    loadAdminModels,
    openModel,
    setModelRow,
    saveModel,
    syncModelUsers,
    scenarioStatus,
    statusModelId,
    statusEntry,
    loadScenarioStatus,
    startUnprocessed,
    logEventTypes,
    logSource,
    logEntries,
    logPage,
    logPageCount,
    logPageRows,
    toggleLogEventType,
    loadLog,
  };
});
export type AdminAreaModel = InstanceType<typeof AdminAreaModel>;
