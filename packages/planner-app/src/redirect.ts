// msal's redirect bridge: the page a hidden sign-in frame lands on hands the
// provider's answer to the app's window (msal-browser 5).
import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

void broadcastResponseToMainFrame();
