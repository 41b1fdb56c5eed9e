// The admin area: the admin shell with its top-left menu
// (Main application, Logins, Models, Users, Scenario's status), the screens
// by route, a clear 'no access' page for anyone but a global administrator,
// and the main menu's entries for model and global administrators. The admin
// area runs in debug mode: the error dialog shows the server's answer.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Menu, ShieldAlert } from 'lucide-react';
import { sessionState } from '../../auth/session';
import { t, type TextKey } from '../../i18n';
import { ADMIN_PATHS, type AdminRoute } from '../../stores/admin';
import { isGlobalAdmin, isModelAdmin, modelsLoaded } from '../../stores/models';
import { debugMode } from '../../stores/ui';
import { useAppModel } from '../app-model';
import { hidePopover, IconButton } from '../common';
import { LanguageChoice, SignInButton } from '../header';
import { LoginsScreen, ModelsScreen, ScenarioStatusScreen, UsersScreen } from './screens';
import './admin.css';

export { LogViewer } from './LogViewer';

const MENU_ROUTES: { route: AdminRoute; key: TextKey }[] = [
  { route: 'adminLogins', key: 'adminLogins' },
  { route: 'adminModels', key: 'adminModels' },
  { route: 'adminUsers', key: 'adminUsers' },
  { route: 'scenarioStatus', key: 'scenarioStatus' },
];

/** Moves to another route of the app (a full page load: Back works, and each area starts as it should). */
export function go(path: string): void {
  location.assign(path);
}

function MenuLink({ path, label, current }: { path: string; label: string; current: boolean }) {
  return (
    <button type="button" role="menuitem" className="menu-item" disabled={current} aria-current={current ? 'page' : undefined} onClick={() => go(path)}>
      {label}
    </button>
  );
}

/**
 * The main menu's entries: the four editors for a model administrator, and
 * for a global administrator also the log and the admin screens. The entry of
 * the current route is disabled.
 */
export function MainMenuEntries({ currentPath = location.pathname }: { currentPath?: string }) {
  useSignals();
  const { openDrivers, openLogViewer, openModelParameters, openNormalizedScores, openPropertyRanges } = useAppModel().editors;
  const modelAdmin = isModelAdmin.value;
  const globalAdmin = isGlobalAdmin.value;
  if (!modelAdmin && !globalAdmin) return null;
  const open = (action: () => unknown) => () => {
    hidePopover('main-menu');
    void action();
  };
  const onMain = (currentPath.replace(/\/+$/, '') || '/') === '/';
  return (
    <>
      {modelAdmin && onMain && (
        <>
          <button type="button" role="menuitem" className="menu-item" onClick={open(openModelParameters)}>
            {t('editModelParameters')}
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={open(openNormalizedScores)}>
            {t('editNormalizedScores')}
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={open(openDrivers)}>
            {t('editDrivers')}
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={open(openPropertyRanges)}>
            {t('editPropertyRanges')}
          </button>
        </>
      )}
      {globalAdmin && (
        <>
          {onMain && (
            <button type="button" role="menuitem" className="menu-item" onClick={open(openLogViewer)}>
              {t('logMenu')}
            </button>
          )}
          {MENU_ROUTES.map((r) => (
            <MenuLink key={r.route} path={ADMIN_PATHS[r.route]} label={t(r.key)} current={currentPath.toLowerCase() === ADMIN_PATHS[r.route].toLowerCase()} />
          ))}
        </>
      )}
      <hr className="menu-separator" />
    </>
  );
}

function AdminMenu({ route }: { route: AdminRoute }) {
  useSignals();
  return (
    <>
      <IconButton label={t('adminMenu')} icon={<Menu size={22} aria-hidden="true" />} popoverTarget="admin-menu" />
      <div id="admin-menu" popover="auto" className="menu main-menu" role="menu" aria-label={t('adminMenu')}>
        <MenuLink path="/" label={t('mainApplication')} current={false} />
        {MENU_ROUTES.map((r) => (
          <MenuLink key={r.route} path={ADMIN_PATHS[r.route]} label={t(r.key)} current={r.route === route} />
        ))}
        <LanguageChoice menuId="admin-menu" />
      </div>
    </>
  );
}

const TITLES: Record<AdminRoute, TextKey> = {
  admin: 'adminTitle',
  adminLogins: 'adminLogins',
  adminModels: 'adminModels',
  adminUsers: 'adminUsers',
  scenarioStatus: 'scenarioStatus',
};

function AdminHeader({ route }: { route: AdminRoute }) {
  useSignals();
  const title = `${t('productName')} - ${t(TITLES[route])}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <header className="top-bar">
      <AdminMenu route={route} />
      <h1 className="page-title">{title}</h1>
      <span className="spacer" />
      <SignInButton />
    </header>
  );
}

export function NoAccess() {
  useSignals();
  return (
    <main className="welcome no-access">
      <ShieldAlert size={40} aria-hidden="true" />
      <h2>{t('noAccessTitle')}</h2>
      <p>{t('noAccessText')}</p>
      <p>
        <a href="/">{t('backToMap')}</a>
      </p>
    </main>
  );
}

function AdminHome() {
  useSignals();
  return (
    <main className="admin-home">
      <h2>{t('adminTitle')}</h2>
      <ul className="admin-tiles">
        {MENU_ROUTES.map((r) => (
          <li key={r.route}>
            <a className="admin-tile" href={ADMIN_PATHS[r.route]}>
              {t(r.key)}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}

export function AdminScreen({ route }: { route: AdminRoute }) {
  useSignals();
  useEffect(() => {
    debugMode.value = true;
    return () => {
      debugMode.value = false;
    };
  }, []);
  const signedIn = sessionState.value === 'signedIn';
  let content: React.ReactNode;
  if (!signedIn) {
    const state = sessionState.value;
    content = (
      <main className="welcome">
        {state === 'starting' || state === 'redirecting' ? <p role="status">{t('signingIn')}</p> : <p>{t('signInWelcome')}</p>}
        {(state === 'signedOut' || state === 'unavailable') && <SignInButton />}
      </main>
    );
  } else if (!modelsLoaded.value) {
    content = (
      <main className="welcome">
        <p role="status">{t('adminLoading')}</p>
      </main>
    );
  } else if (!isGlobalAdmin.value) {
    content = <NoAccess />;
  } else if (route === 'adminLogins')
    content = (
      <main className="admin-main">
        <LoginsScreen />
      </main>
    );
  else if (route === 'adminUsers')
    content = (
      <main className="admin-main">
        <UsersScreen />
      </main>
    );
  else if (route === 'adminModels')
    content = (
      <main className="admin-main">
        <ModelsScreen />
      </main>
    );
  else if (route === 'scenarioStatus')
    content = (
      <main className="admin-main">
        <ScenarioStatusScreen />
      </main>
    );
  else content = <AdminHome />;
  return (
    <>
      <AdminHeader route={route} />
      {content}
    </>
  );
}

/** The editors, opened from the main menu on the main screen. */
export { EditorDialogs } from '../editors';
