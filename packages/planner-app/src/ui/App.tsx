// The app's screens by path (history mode): the main map at /,
// the test page at /test, the admin screens at /admin..., the not-found page
// for any other path.
import { useSignals } from '@preact/signals-react/runtime';
import { sessionState, wrongOrigin } from '../auth/session';
import { t } from '../i18n';
import { MapView } from '../map/MapView';
import { modelsLoaded, models } from '../stores/models';
import { adminRouteOf, type AdminRoute } from '../stores/admin';
import { AdminScreen, EditorDialogs } from './admin';
import { Header, SignInButton } from './header';
import { EditingLayer, LocationActions, NewLocationButton, PlacementPanel } from './location';
import { LocationDrawer } from './location-drawer';
import { OutputDrawer } from './output-drawer';
import { BusyBar, Confirmations, ErrorDialog, NotFound, Notifications, StartingOverlay } from './feedback';
import { ScenarioMenu } from './scenario';
import { SkipLinks } from './skip-links';
import { Toolbar } from './toolbar';
import { ExportButton, IsolineToolButton, ProcessingLogButton, ResultsDialogs, ScoresButton } from './results/ResultsTools';
import { ChartsHost, GraphicsButton } from './charts/GraphicsButton';
import { ReportsButton, ReportsHost } from './reports/ReportsButton';
import { FilterTool, LayersTool, LegendTool, SearchTool } from './tools';

export type Screen = 'main' | 'test' | AdminRoute | 'notFound';

export function screenOf(pathname: string): Screen {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'main';
  if (path === '/test') return 'test';
  return adminRouteOf(path) ?? 'notFound';
}

function SignedOut() {
  useSignals();
  const state = sessionState.value;
  return (
    <main className="welcome">
      <h1>{t('productName')}</h1>
      {state === 'wrongOrigin' && wrongOrigin.value ? (
        <p role="alert">
          {t(window.top === window ? 'wrongOrigin' : 'wrongOriginUnreachable', { url: wrongOrigin.value })}{' '}
          <a href={wrongOrigin.value + location.pathname + location.search}>{wrongOrigin.value}</a>
        </p>
      ) : state === 'starting' || state === 'redirecting' ? (
        <p role="status">{t('signingIn')}</p>
      ) : (
        <p>{t('signInWelcome')}</p>
      )}
      {(state === 'signedOut' || state === 'unavailable') && <SignInButton />}
    </main>
  );
}

function MainScreen() {
  useSignals();
  if (sessionState.value !== 'signedIn') return <SignedOut />;
  if (modelsLoaded.value && models.value.length === 0) {
    return (
      <main className="welcome">
        <p>{t('noModels')}</p>
      </main>
    );
  }
  return (
    <main className="main-screen">
      <h1 className="visually-hidden">{t('map')}</h1>
      <MapView />
      {/* Right after the map: while placing, Tab leads from the map to the typed-coordinates field. */}
      <PlacementPanel />
      <Toolbar>
        <ScenarioMenu />
        <NewLocationButton />
        <FilterTool />
        <LayersTool />
        <SearchTool />
        <LegendTool />
        <GraphicsButton />
        <ReportsButton />
        <ScoresButton />
        <ExportButton />
        <ProcessingLogButton />
        <IsolineToolButton />
      </Toolbar>
      <LocationDrawer actions={<LocationActions />} />
      <OutputDrawer />
      <EditingLayer />
      <EditorDialogs />
      <ResultsDialogs />
      <ChartsHost />
      <ReportsHost />
    </main>
  );
}

export function App({ pathname = location.pathname }: { pathname?: string }) {
  useSignals();
  const screen = screenOf(pathname);
  return (
    <div className="app">
      {screen === 'main' && sessionState.value === 'signedIn' && <SkipLinks />}
      {(screen === 'main' || screen === 'test') && <Header minimal={screen === 'test'} />}
      <BusyBar />
      {screen === 'main' && <MainScreen />}
      {screen === 'test' && (
        <main className="welcome">
          <p>{t('testPage')}</p>
        </main>
      )}
      {screen === 'notFound' && <NotFound />}
      {screen !== 'main' && screen !== 'test' && screen !== 'notFound' && <AdminScreen route={screen} />}
      <Notifications />
      <Confirmations />
      <ErrorDialog />
      <StartingOverlay />
    </div>
  );
}
