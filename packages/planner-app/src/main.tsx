// The planner app's entry: makes the page's app model (its models own their
// effects), renders the shell with it, and starts the app in the startup
// order (system ready, sign-in, models, address).
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { fontsReady } from './fonts';
import { sessionState, setUiLocale } from './auth/session';
import { language } from './i18n';
import { api } from './stores/api';
import { AppModel } from './stores/app';
import { startAddressSync, startApp, startLiveUpdates, startStatusPolling } from './stores/planner';
import { App, screenOf } from './ui/App';
import { AppModelProvider } from './ui/app-model';

/** The page's one app model: made before the first frame, so the start below waits on its system model. */
const app = new AppModel(api);

function Root() {
  return (
    <AppModelProvider model={app}>
      <App />
    </AppModelProvider>
  );
}

// The provider's sign-in and sign-out pages speak the interface language.
setUiLocale(() => language.value);
// The first frame waits for the shipped font (at most 3 s), so neither the page nor the map's canvas labels start in a fallback font.
void fontsReady().then(() => createRoot(document.getElementById('root')!).render(<Root />));

const screen = screenOf(location.pathname);
if (screen !== 'notFound') {
  void startApp(api, app.system).then(() => {
    if (sessionState.value !== 'signedIn' || screen !== 'main') return;
    startAddressSync();
    startStatusPolling();
    // Scenario changes pushed by the server; the status poll covers the time the stream is not open.
    startLiveUpdates();
  });
}
