// The map search: the scenario's locations, places and POIs
// wherever they are, best match first, then nearest the view (stores/tools.ts);
// each result says where it is, and a "more" entry lists the next page.
// Choosing a result flies to it and selects it when it is one of the
// scenario's locations.
import type { SearchResult } from '@locus/contract';
import type { SearchHit } from '../../map/search-rank';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { Search } from 'lucide-react';
import { t, type TextKey } from '../../i18n';
import { selectLocation } from '../../stores/planner';
import { chooseSearchResult, SEARCH_MIN_LENGTH, SEARCH_PAGE } from '../../stores/tools';
import { hidePopover, IconButton } from '../common';
import { ToolPanel, usePopoverOpen } from './panel';
import { useAppModel } from '../app-model';

export const SEARCH_PANEL_ID = 'tool-search';
/** Pause in typing before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

const CATEGORY_TEXT: Record<SearchResult['category'], TextKey> = { location: 'searchCategoryLocation', place: 'searchCategoryPlace', poi: 'searchCategoryPoi' };

export function SearchPanel() {
  useSignals();
  const { imageVersion, searchText, searchResults, searchState, searchShown, runSearch, showMoreResults, categoryLogo } = useAppModel().tools;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  void imageVersion.value;
  const text = searchText.value;
  const results = searchResults.value;
  const state = searchState.value;
  const shown = Math.min(results.length, searchShown.value || SEARCH_PAGE);

  const type = (value: string) => {
    searchText.value = value;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void runSearch(value), SEARCH_DEBOUNCE_MS);
  };
  const choose = (result: SearchHit) => {
    hidePopover(SEARCH_PANEL_ID);
    // The chosen button disappears with the panel: focus goes back to the toolbar's Search button.
    document.querySelector<HTMLElement>(`[popovertarget="${SEARCH_PANEL_ID}"]`)?.focus();
    void chooseSearchResult(result, selectLocation);
  };
  const onKey = (event: React.KeyboardEvent<HTMLElement>) => {
    const buttons = [...(event.currentTarget.closest('.tool-panel')?.querySelectorAll<HTMLElement>('.search-result') ?? [])];
    if (!buttons.length) return;
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') buttons[Math.min(buttons.length - 1, index + 1)]?.focus();
    else if (event.key === 'ArrowUp')
      (index <= 0 ? event.currentTarget.closest('.tool-panel')?.querySelector<HTMLElement>('input') : buttons[index - 1])?.focus();
    else return;
    event.preventDefault();
  };

  const short = text.trim().length < SEARCH_MIN_LENGTH;
  return (
    <ToolPanel id={SEARCH_PANEL_ID} title={t('searchTitle')} className="search-panel">
      <form
        role="search"
        className="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (timer.current) clearTimeout(timer.current);
          void runSearch(text);
        }}
      >
        <label className="tool-field">
          <span>{t('searchLabel')}</span>
          <input type="search" value={text} onChange={(e) => type(e.currentTarget.value)} onKeyDown={onKey} autoComplete="off" />
        </label>
      </form>
      <p className="muted search-status" role="status">
        {short
          ? t('searchHint', { count: SEARCH_MIN_LENGTH })
          : state === 'searching'
            ? t('searchSearching')
            : state === 'done' && results.length === 0
              ? t('searchNothing')
              : state === 'done'
                ? t('searchResultCount', { count: results.length })
                : ''}
      </p>
      {results.length > 0 && (
        <ul className="search-results" aria-label={t('searchResults')} onKeyDown={onKey}>
          {results.slice(0, shown).map((r, i) => {
            const logo = categoryLogo(r.category);
            return (
              <li key={`${i}-${r.category}-${r.title}`}>
                <button type="button" className="menu-item search-result" onClick={() => choose(r)}>
                  {logo ? <img className="tool-logo" src={logo} alt="" /> : <span className="tool-logo" aria-hidden="true" />}
                  <span className="search-result-title">
                    {r.title}
                    {r.where ? <span className="muted search-result-where"> {t('searchWhere', { place: r.where })}</span> : null}
                  </span>
                  <span className="muted search-result-category">{t(CATEGORY_TEXT[r.category])}</span>
                </button>
              </li>
            );
          })}
          {shown < results.length && (
            <li>
              <button
                type="button"
                className="menu-item search-result search-more"
                onClick={(e) => {
                  const list = e.currentTarget.closest('ul');
                  const next = shown;
                  showMoreResults();
                  // Focus stays in the list: on the first of the results just added.
                  requestAnimationFrame(() => list?.querySelectorAll<HTMLElement>('.search-result')[next]?.focus());
                }}
              >
                {t('searchMore', { count: Math.min(SEARCH_PAGE, results.length - shown) })}
              </button>
            </li>
          )}
        </ul>
      )}
    </ToolPanel>
  );
}

/** The toolbar's Search button with its panel; the text box has focus when it opens. */
export function SearchTool() {
  useSignals();
  const open = usePopoverOpen(SEARCH_PANEL_ID, (panel) => panel.querySelector<HTMLInputElement>('input[type="search"]')?.focus());
  return (
    <>
      <IconButton label={t('searchButtonLabel')} icon={<Search size={20} aria-hidden="true" />} popoverTarget={SEARCH_PANEL_ID} expanded={open} />
      <SearchPanel />
    </>
  );
}
