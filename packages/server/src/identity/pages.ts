// The server-rendered pages of the built-in provider: sign in, password reset,
// sign out and errors. Plain HTML and CSS, no web fonts, no third parties; a
// strict Content-Security-Policy allows only the page's own inline style (and
// the one inline script of the sign-out page) by hash.
import { createHash } from 'node:crypto';
import { MINIMUM_PASSWORD_LENGTH } from './password-reset.js';
import { pageText, type PageLocale } from './page-text.js';
import { interactionPath } from './urls.js';

export interface RenderedPage {
  status: number;
  html: string;
  headers: Record<string, string>;
}

const STYLE = `
:root{color-scheme:light;--ink:#1d2733;--muted:#55606e;--line:#c5ccd6;--accent:#0b5cad;--accent-ink:#fff;--error:#b00020;--bg:#eef1f5}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:24rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid var(--line);border-radius:8px;box-shadow:0 2px 8px rgba(29,39,51,.08)}
.brand{margin:0 0 1.25rem;font-size:1.5rem;font-weight:700;letter-spacing:.02em;color:var(--accent)}
h1{margin:0 0 .5rem;font-size:1.25rem}
p{margin:0 0 1rem;color:var(--muted)}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{width:100%;padding:.6rem .7rem;font:inherit;color:inherit;border:1px solid var(--line);border-radius:4px;background:#fff}
input:focus{outline:3px solid rgba(11,92,173,.35);outline-offset:1px;border-color:var(--accent)}
input[aria-invalid=true]{border-color:var(--error)}
button{width:100%;margin-top:1.5rem;padding:.7rem;font:inherit;font-weight:600;color:var(--accent-ink);background:var(--accent);border:0;border-radius:4px;cursor:pointer}
button:hover{background:#094a8c}
button:focus-visible,a:focus-visible{outline:3px solid rgba(11,92,173,.5);outline-offset:2px}
a{color:var(--accent)}
.alert{margin:0 0 1rem;padding:.6rem .8rem;border-left:4px solid var(--error);background:#fdecee;color:var(--error)}
.notice{margin:0 0 1rem;padding:.6rem .8rem;border-left:4px solid var(--accent);background:#e8f0fa;color:var(--ink)}
.links{margin:1.25rem 0 0;text-align:center}
`.trim();

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const STYLE_HASH = sha256(STYLE);

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Origins of the extra redirect URIs (IDENTITY_EXTRA_REDIRECT_URIS): where a sign-in form's redirect may end. */
function redirectOrigins(): string[] {
  return [
    ...new Set(
      (process.env.IDENTITY_EXTRA_REDIRECT_URIS ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .flatMap((uri) => {
          try {
            return [new URL(uri).origin];
          } catch {
            return [];
          }
        }),
    ),
  ];
}

function render(locale: PageLocale, title: string, body: string, options: { status?: number; script?: string } = {}): RenderedPage {
  const scriptTag = options.script ? `<script>${options.script}</script>` : '';
  const csp = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    options.script ? `script-src ${sha256(options.script)}` : "script-src 'none'",
    // The sign-in ends on the client's redirect URI: an intranet page's sign-in bridge (the embed) may be on another origin.
    `form-action 'self' ${redirectOrigins().join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Locus</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand" aria-hidden="true">Locus</p>
${body}
</main>
${scriptTag}
</body>
</html>`;
  return {
    status: options.status ?? 200,
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  };
}

const alert = (message: string | undefined, id = 'form-error') => (message ? `<p class="alert" role="alert" id="${id}">${escapeHtml(message)}</p>` : '');

export function loginPage(locale: PageLocale, input: { uid: string; identity?: string; error?: string; notice?: string; status?: number }): RenderedPage {
  const t = pageText(locale);
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const body = `
<h1>${t('signInTitle')}</h1>
<p>${t('signInIntro')}</p>
${input.notice ? `<p class="notice" role="status">${escapeHtml(input.notice)}</p>` : ''}
${alert(input.error)}
<form method="post" action="${escapeHtml(interactionPath(input.uid, '/login'))}" novalidate>
<label for="identity">${t('identity')}</label>
<input id="identity" name="identity" type="email" autocomplete="username" required autocapitalize="none" spellcheck="false" value="${escapeHtml(input.identity)}"${invalid}${input.identity ? '' : ' autofocus'}>
<label for="password">${t('password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}${input.identity ? ' autofocus' : ''}>
<button type="submit">${t('signIn')}</button>
</form>
<p class="links"><a href="${escapeHtml(interactionPath(input.uid, '/reset'))}">${t('forgotPassword')}</a></p>`;
  return render(locale, t('signInTitle'), body, { status: input.status });
}

export function resetRequestPage(locale: PageLocale, input: { uid: string; email?: string; error?: string }): RenderedPage {
  const t = pageText(locale);
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const body = `
<h1>${t('resetTitle')}</h1>
<p>${t('resetIntro')}</p>
${alert(input.error)}
<form method="post" action="${escapeHtml(interactionPath(input.uid, '/reset'))}" novalidate>
<label for="email">${t('email')}</label>
<input id="email" name="email" type="email" autocomplete="email" required autocapitalize="none" spellcheck="false" autofocus value="${escapeHtml(input.email)}"${invalid}>
<button type="submit">${t('sendLink')}</button>
</form>
<p class="links"><a href="${escapeHtml(interactionPath(input.uid))}?view=login">${t('backToSignIn')}</a></p>`;
  return render(locale, t('resetTitle'), body);
}

export function resetSentPage(locale: PageLocale, input: { uid: string }): RenderedPage {
  const t = pageText(locale);
  const body = `
<h1>${t('resetSentTitle')}</h1>
<p role="status">${t('resetSentText')}</p>
<p class="links"><a href="${escapeHtml(interactionPath(input.uid))}?view=login">${t('backToSignIn')}</a></p>`;
  return render(locale, t('resetSentTitle'), body);
}

export function newPasswordPage(locale: PageLocale, input: { uid: string; token: string; error?: string }): RenderedPage {
  const t = pageText(locale);
  const invalid = input.error ? ' aria-invalid="true" aria-describedby="form-error"' : '';
  const body = `
<h1>${t('newPasswordTitle')}</h1>
<p id="password-rule">${t('newPasswordIntro', { min: MINIMUM_PASSWORD_LENGTH })}</p>
${alert(input.error)}
<form method="post" action="${escapeHtml(interactionPath(input.uid, '/new-password'))}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<label for="password">${t('newPassword')}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MINIMUM_PASSWORD_LENGTH}" autofocus aria-describedby="password-rule"${invalid ? ' aria-invalid="true"' : ''}>
<label for="confirmation">${t('confirmPassword')}</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required minlength="${MINIMUM_PASSWORD_LENGTH}"${invalid}>
<button type="submit">${t('savePassword')}</button>
</form>`;
  return render(locale, t('newPasswordTitle'), body, { status: input.error ? 400 : 200 });
}

/** A page with a title, a sentence and one link onward. */
export function messagePage(locale: PageLocale, input: { title: string; text: string; link: { href: string; label: string }; status?: number }): RenderedPage {
  const body = `
<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.text)}</p>
<p class="links"><a href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a></p>`;
  return render(locale, input.title, body, { status: input.status });
}

/**
 * The sign-out page: oidc-provider hands over a form (with its xsrf field) that
 * must be posted with logout=yes. It submits itself, so signing out takes no
 * click; without scripts the button does it.
 */
export function logoutPage(locale: PageLocale, form: string): RenderedPage {
  const t = pageText(locale);
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  const body = `
<h1>${t('signingOutTitle')}</h1>
<p role="status">${t('signingOutText')}</p>
${confirmed}
<button type="submit" form="op.logoutForm">${t('signOut')}</button>`;
  return render(locale, t('signingOutTitle'), body, { script: "document.getElementById('op.logoutForm').submit();" });
}

export function signedOutPage(locale: PageLocale, appUrl: string): RenderedPage {
  const t = pageText(locale);
  return messagePage(locale, { title: t('signedOutTitle'), text: t('signedOutText'), link: { href: appUrl, label: t('signInAgain') } });
}

/** oidc-provider's error page: the OAuth error and its description, escaped. */
export function errorPage(locale: PageLocale, out: Record<string, unknown>, appUrl: string, status: number): RenderedPage {
  const t = pageText(locale);
  const details = Object.entries(out)
    .filter(([key]) => key === 'error' || key === 'error_description')
    .map(([, value]) => `<p><code>${escapeHtml(value)}</code></p>`)
    .join('');
  const body = `
<h1>${t('errorTitle')}</h1>
<p>${t('errorText')}</p>
${details}
<p class="links"><a href="${escapeHtml(appUrl)}">${t('openLocus')}</a></p>`;
  return render(locale, t('errorTitle'), body, { status });
}
