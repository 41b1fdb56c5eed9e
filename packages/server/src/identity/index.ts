// Sign-in for Locus: the built-in OpenID Connect provider, the bearer-token
// check of the API, the MSAL settings the browser signs in with, and the
// server's TLS certificate (msal-browser needs an https authority).
//
// Entry points (docs/identity.md explains them for operators):
//
//   loadOrCreateTls(config): Promise<{ key, cert, selfSigned, certFile }>
//     TLS_CERT / TLS_KEY when configured, else a self-signed certificate for
//     localhost, 127.0.0.1, ::1, this machine and the public URL's host,
//     generated at first start in `${dataDir}/tls/` and reused afterwards.
//
//   registerIdentity(app, ctx, options?): Promise<void>
//     With IDENTITY_AUTHORITY unset (mode 'builtin'): mounts oidc-provider at
//     /oidc (issuer `${publicUrl}/oidc`, discovery at
//     /oidc/.well-known/openid-configuration) and the sign-in, consent and
//     password-reset pages at /oidc/interaction/:uid[/...]. Storage in
//     oidc_payload, keys in server_secret, so any number of API processes on
//     one database cooperate. Sign-ins are logged (8 success, 4 failure).
//     options.mailer replaces the outbox mailer; options.extraRedirectUris
//     (default: IDENTITY_EXTRA_REDIRECT_URIS) adds redirect URIs of the client.
//     With an external provider it mounts nothing.
//
//   createTokenVerifier(ctx, options?): Promise<(authorization) => Promise<VerifiedToken>>
//     Verifies "Bearer <jwt>" (RS256, issuer, audience, expiry; typ at+jwt
//     for the built-in provider) and returns { subject, name, username, email? }.
//     Throws TokenError with statusCode 401 (or 503 when an external
//     provider's discovery document cannot be read).
//
//   msalConfiguration(config): { scope, options, passwordResetRequest }
//     The answer of GET /api/system/msal-configuration: `options` goes to
//     `new PublicClientApplication(options)`, `scope` into every token
//     request, `passwordResetRequest` to loginRedirect for "forgot password".
//
//   ensureAppUser(db, { subject, title, email }) makes sure app_user knows a subject.
export { loadOrCreateTls, type TlsMaterial } from '../tls.js';
export { registerIdentity, extraRedirectUrisFromEnv, type IdentityOptions } from './register.js';
export { createTokenVerifier, TokenError, type TokenVerifier, type TokenVerifierOptions, type VerifiedToken } from './token-verifier.js';
export { msalConfiguration, tokenRenewalOffsetSeconds, type MsalConfiguration } from './msal-configuration.js';
export { builtinIssuer, plannerRedirectUris, OIDC_MOUNT_PATH, RESET_UI_FLOW } from './urls.js';
export { createOutboxMailer, type Mail, type Mailer } from './mailer.js';
export { ensureAppUser } from './accounts.js';
export { hashPassword, verifyPassword, generatePassword } from './passwords.js';
