// Where the built-in provider lives and what the planner client may be sent
// back to. Kept apart from provider.ts so that code needing only these names
// (token verifier, msal configuration) does not load oidc-provider.
import type { ServerConfig } from '../config.js';

/** The path the built-in provider is mounted at: its issuer is `${publicUrl}/oidc`. */
export const OIDC_MOUNT_PATH = '/oidc';

export function builtinIssuer(config: Pick<ServerConfig, 'publicUrl'>): string {
  return `${config.publicUrl}${OIDC_MOUNT_PATH}`;
}

/** The redirect URIs of the planner app: `${publicUrl}/`, `${publicUrl}/redirect.html` and any extra ones. */
export function plannerRedirectUris(config: Pick<ServerConfig, 'publicUrl'>, extra: readonly string[] = []): string[] {
  return [...new Set([`${config.publicUrl}/`, `${config.publicUrl}/redirect.html`, ...extra])];
}

/** The value of the ui_flow extra parameter that opens the password-reset form. */
export const RESET_UI_FLOW = 'reset';

/** Paths of an interaction's pages; the interaction cookie is scoped to the first. */
export const interactionPath = (uid: string, sub = '') => `${OIDC_MOUNT_PATH}/interaction/${encodeURIComponent(uid)}${sub}`;
