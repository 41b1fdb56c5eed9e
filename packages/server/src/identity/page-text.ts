// The words of the sign-in pages, in English and Dutch. The language follows
// the ui_locales parameter of the sign-in request, else the browser's
// Accept-Language (Dutch when it prefers nl, English otherwise).

export type PageLocale = 'en' | 'nl';

const en = {
  signInTitle: 'Sign in',
  signInIntro: 'Sign in to Locus with your account.',
  identity: 'E-mail address',
  password: 'Password',
  signIn: 'Sign in',
  forgotPassword: 'Forgot your password?',
  wrongCredentials: 'The e-mail address or password is incorrect.',
  tooManyAttempts: 'Too many wrong attempts for this e-mail address. Try again in {minutes} minutes, or reset your password.',
  missingCredentials: 'Enter your e-mail address and password.',
  resetTitle: 'Reset your password',
  resetIntro: 'Enter the e-mail address of your account. We will send you a link to choose a new password.',
  email: 'E-mail address',
  sendLink: 'Send link',
  backToSignIn: 'Back to sign in',
  missingEmail: 'Enter your e-mail address.',
  resetSentTitle: 'Check your e-mail',
  resetSentText: 'If an account exists for that address, a message with a link to choose a new password is on its way. The link is valid for one hour.',
  newPasswordTitle: 'Choose a new password',
  newPasswordIntro: 'Choose a new password of at least {min} characters.',
  newPassword: 'New password',
  confirmPassword: 'Repeat the new password',
  savePassword: 'Save password and sign in',
  tooShort: 'The password must be at least {min} characters long.',
  mismatch: 'The two passwords are not the same.',
  invalidLinkTitle: 'This link is no longer valid',
  invalidLinkText: 'The link to reset your password has expired or has been used already. Request a new one from the sign-in page.',
  passwordChangedTitle: 'Password changed',
  passwordChangedText: 'Your password has been changed. Sign in with your new password.',
  openLocus: 'Go to Locus',
  sessionExpiredTitle: 'Your sign-in has expired',
  sessionExpiredText: 'The sign-in took too long or was started in another window. Return to Locus to start again.',
  signingOutTitle: 'Signing out',
  signingOutText: 'You are being signed out of Locus.',
  signOut: 'Sign out',
  signedOutTitle: 'Signed out',
  signedOutText: 'You are signed out of Locus.',
  signInAgain: 'Sign in again',
  errorTitle: 'Sign-in problem',
  errorText: 'The sign-in request could not be completed.',
  tooManyRequestsTitle: 'Too many attempts',
  tooManyRequestsText: 'Too many sign-in or reset attempts came from your network in a short time. Wait a minute and try again.',
  mailSubject: 'Locus: reset your password',
  mailBody: 'Hello {name},\n\nSomeone (hopefully you) asked to reset the password of your Locus account {identity}.\nChoose a new password with this link, valid for one hour:\n\n{link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n',
};

const nl: typeof en = {
  signInTitle: 'Aanmelden',
  signInIntro: 'Meld u aan bij Locus met uw account.',
  identity: 'E-mailadres',
  password: 'Wachtwoord',
  signIn: 'Aanmelden',
  forgotPassword: 'Wachtwoord vergeten?',
  wrongCredentials: 'Het e-mailadres of wachtwoord is onjuist.',
  tooManyAttempts: 'Te veel onjuiste pogingen voor dit e-mailadres. Probeer het over {minutes} minuten opnieuw, of stel een nieuw wachtwoord in.',
  missingCredentials: 'Vul uw e-mailadres en wachtwoord in.',
  resetTitle: 'Wachtwoord opnieuw instellen',
  resetIntro: 'Vul het e-mailadres van uw account in. U ontvangt een link om een nieuw wachtwoord te kiezen.',
  email: 'E-mailadres',
  sendLink: 'Link versturen',
  backToSignIn: 'Terug naar aanmelden',
  missingEmail: 'Vul uw e-mailadres in.',
  resetSentTitle: 'Kijk in uw e-mail',
  resetSentText: 'Als er een account bij dit adres hoort, is een bericht met een link om een nieuw wachtwoord te kiezen onderweg. De link is een uur geldig.',
  newPasswordTitle: 'Kies een nieuw wachtwoord',
  newPasswordIntro: 'Kies een nieuw wachtwoord van minstens {min} tekens.',
  newPassword: 'Nieuw wachtwoord',
  confirmPassword: 'Herhaal het nieuwe wachtwoord',
  savePassword: 'Wachtwoord opslaan en aanmelden',
  tooShort: 'Het wachtwoord moet minstens {min} tekens lang zijn.',
  mismatch: 'De twee wachtwoorden zijn niet gelijk.',
  invalidLinkTitle: 'Deze link is niet meer geldig',
  invalidLinkText: 'De link om uw wachtwoord opnieuw in te stellen is verlopen of al gebruikt. Vraag een nieuwe aan via de aanmeldpagina.',
  passwordChangedTitle: 'Wachtwoord gewijzigd',
  passwordChangedText: 'Uw wachtwoord is gewijzigd. Meld u aan met uw nieuwe wachtwoord.',
  openLocus: 'Naar Locus',
  sessionExpiredTitle: 'Uw aanmelding is verlopen',
  sessionExpiredText: 'Het aanmelden duurde te lang of is in een ander venster begonnen. Ga terug naar Locus om opnieuw te beginnen.',
  signingOutTitle: 'Afmelden',
  signingOutText: 'U wordt afgemeld bij Locus.',
  signOut: 'Afmelden',
  signedOutTitle: 'Afgemeld',
  signedOutText: 'U bent afgemeld bij Locus.',
  signInAgain: 'Opnieuw aanmelden',
  errorTitle: 'Probleem bij aanmelden',
  errorText: 'Het aanmeldverzoek kon niet worden afgerond.',
  tooManyRequestsTitle: 'Te veel pogingen',
  tooManyRequestsText: 'Er kwamen in korte tijd te veel aanmeld- of herstelpogingen van uw netwerk. Wacht een minuut en probeer het opnieuw.',
  mailSubject: 'Locus: wachtwoord opnieuw instellen',
  mailBody: 'Beste {name},\n\nIemand (hopelijk u) heeft gevraagd het wachtwoord van uw Locus-account {identity} opnieuw in te stellen.\nKies een nieuw wachtwoord met deze link, een uur geldig:\n\n{link}\n\nHeeft u dit niet gevraagd? Negeer dan dit bericht: uw wachtwoord blijft zoals het is.\n',
};

export type PageTextKey = keyof typeof en;
export type PageText = (key: PageTextKey, values?: Record<string, string | number>) => string;

const texts: Record<PageLocale, typeof en> = { en, nl };

export function pageText(locale: PageLocale): PageText {
  return (key, values = {}) => texts[locale][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** ui_locales wins (space-separated, in order of preference), then the first language of Accept-Language. */
export function pickLocale(uiLocales: unknown, acceptLanguage: string | undefined): PageLocale {
  const preferred = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []),
    ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim()),
  ].filter(Boolean);
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (language === 'nl' || language === 'en') return language;
  }
  return 'en';
}
