// The 72 px top bar (ui-design.md): top-left menu, main logo,
// model and sub-model pickers, page title, help PDF, secondary logo, sign-in.
import { useSignals } from '@preact/signals-react/runtime';
import { useAppModel } from './app-model';
import { useEffect, useState } from 'react';
import { FileQuestion, LogIn, LogOut, Menu } from 'lucide-react';
import { accountName, sessionState, signIn, signOut } from '../auth/session';

import { formatDate } from '../i18n/format';
import { chooseLanguage, chosenLanguage, language, LANGS, LANGUAGE_NAMES, t, type Lang } from '../i18n';
import { model, modelId, models, submodelId, submodels } from '../stores/models';
import { saveLanguageChoice, selectModel, selectSubmodel } from '../stores/planner';
import { api } from '../stores/api';
import { MainMenuEntries } from './admin';
import { hidePopover, IconButton } from './common';

/** An image from an authenticated API route as an object URL. */
function useApiImage(kind: 'mainLogo' | 'secondaryLogo', id: number | null, present: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (id === null || !present) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let alive = true;
    api
      .blob(kind, { params: { modelId: id }, expected: () => true })
      .then((blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [kind, id, present]);
  return url;
}

function Logo({ kind, label }: { kind: 'mainLogo' | 'secondaryLogo'; label: string }) {
  useSignals();
  const m = model.value;
  const present = kind === 'mainLogo' ? !!m?.hasMainLogo : !!m?.hasSecondaryLogo;
  const src = useApiImage(kind, m?.id ?? null, present);
  if (!m || !src) return null;
  const link = kind === 'mainLogo' ? m.mainLogoUrl : m.secondaryLogoUrl;
  const image = <img className="logo" src={src} alt={`${label}: ${m.name}`} />;
  return link ? (
    <a href={link} target="_blank" rel="noopener noreferrer">
      {image}
    </a>
  ) : (
    image
  );
}

/** The language choice of the main menu: remembered for the account (and in this browser). */
export function LanguageChoice({ menuId = 'main-menu' }: { menuId?: string }) {
  useSignals();
  const choice = chosenLanguage.value;
  const pick = (lang: Lang | null) => {
    hidePopover(menuId);
    if (sessionState.value === 'signedIn') void saveLanguageChoice(lang);
    else chooseLanguage(lang);
  };
  return (
    <div role="group" aria-label={t('languageMenu')} className="menu-group language-choice">
      <p className="menu-heading" aria-hidden="true">
        {t('languageMenu')}
      </p>
      <button type="button" role="menuitemradio" aria-checked={choice === null} className="menu-item" onClick={() => pick(null)}>
        {t('languageAutomatic')}
      </button>
      {LANGS.map((lang) => (
        <button key={lang} type="button" role="menuitemradio" aria-checked={choice === lang} lang={lang} className="menu-item" onClick={() => pick(lang)}>
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </div>
  );
}

export function MainMenu({ extra }: { extra?: React.ReactNode }) {
  useSignals();
  const { version } = useAppModel().system;
  const v = version.value;
  return (
    <>
      <IconButton label={t('mainMenu')} icon={<Menu size={22} aria-hidden="true" />} popoverTarget="main-menu" />
      <div id="main-menu" popover="auto" className="menu main-menu" role="menu" aria-label={t('mainMenu')}>
        {extra}
        <LanguageChoice />
        <div className="menu-info" role="none">
          <p>{t('productName')}</p>
          {v && <p>{t('platformVersion', { version: v.version })}</p>}
          {v && <p>{t('buildDate', { date: formatDate(language.value, v.buildDate) })}</p>}
        </div>
      </div>
    </>
  );
}

export function SignInButton() {
  useSignals();
  const state = sessionState.value;
  if (state === 'signedIn') {
    return (
      <button type="button" className="button sign-out" title={t('signOutOf', { name: accountName.value })} onClick={() => void signOut()}>
        <LogOut size={18} aria-hidden="true" />
        <span className="narrow-hidden">{t('signOut')}</span>
        <span className="account-name">{accountName.value}</span>
      </button>
    );
  }
  if (state === 'signedOut' || state === 'unavailable') {
    return (
      <button type="button" className="button primary" disabled={state === 'unavailable'} onClick={() => void signIn()}>
        <LogIn size={18} aria-hidden="true" />
        <span>{t('signIn')}</span>
      </button>
    );
  }
  return null;
}

export function Header({ minimal = false }: { minimal?: boolean }) {
  useSignals();
  const { environment, showEnvironmentBanner } = useAppModel().system;
  const m = model.value;
  const title = m ? t('pageTitle', { product: t('productName'), model: m.name }) : t('productName');
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = language.value;
  }, [title, language.value]);
  return (
    <>
      {showEnvironmentBanner.value && (
        <div className="environment-banner" role="note">
          {t('nonProduction', { environment: environment.value ?? '' })}
        </div>
      )}
      <header className="top-bar">
        <MainMenu extra={<MainMenuEntries />} />
        {!minimal && <Logo kind="mainLogo" label={t('mainLogo')} />}
        {!minimal && models.value.length > 1 && (
          <label className="picker">
            <span>{t('model')}</span>
            <select value={modelId.value ?? ''} onChange={(e) => void selectModel(Number(e.target.value))}>
              {models.value.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {!minimal && submodels.value.length > 1 && (
          <label className="picker">
            <span>{t('subModel')}</span>
            <select value={submodelId.value ?? ''} onChange={(e) => selectSubmodel(Number(e.target.value))}>
              {submodels.value.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <h1 className="page-title">{title}</h1>
        <span className="spacer" />
        {!minimal && (
          <a
            className="icon-link"
            href={`/api/help/${language.value}`}
            download={`locus-help-${language.value}.pdf`}
            aria-label={t('helpPdf')}
            title={t('helpPdf')}
          >
            <FileQuestion size={20} aria-hidden="true" />
            <span className="narrow-hidden">{t('help')}</span>
          </a>
        )}
        {!minimal && <Logo kind="secondaryLogo" label={t('secondaryLogo')} />}
        <SignInButton />
      </header>
    </>
  );
}
