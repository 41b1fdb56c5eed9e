// The sign-in bridge for an intranet page: its locus-redirect.html loads this
// script, which hands the provider's answer to the element's window.
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

void broadcastResponseToMainFrame();
