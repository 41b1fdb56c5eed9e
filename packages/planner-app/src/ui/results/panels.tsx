// The right drawer's result panels: matching locations, the
// catchment-area panel titled with the model's areasType, and the area
// information of a selected area with its per-area table.
import type { AreaLocation, AreaProperty } from '@locus/contract';
import { useSignals } from '@preact/signals-react/runtime';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { language, t, type Lang } from '../../i18n';
import { formatNumber, formatOutput, formatPercent } from '../../i18n/format';
import { layers, setLayers } from '../../stores/layers';
import { locations } from '../../stores/locations';
import { model } from '../../stores/models';
import { selectLocation } from '../../stores/planner';
import { CATCHMENT_PANEL_AREAS, matchingList, outputHint, shareOfTotal, type Coverage } from '../../stores/results';
import { requestFit } from '../../stores/view';
import './results.css';
import { useAppModel } from '../app-model';

/** Zoom when a matching location is chosen from the list. */
export const MATCH_ZOOM = 14;

/** A column of a results table: its header, a row's cell, and whether it holds numbers (aligned to the end). */
export interface ResultsColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  num?: boolean;
}

/** The drawer's tables of results: a header row, then one row per item. */
export function ResultsTable<T>({
  testId,
  columns,
  rows,
  rowKey,
  rowClass,
}: {
  testId: string;
  columns: readonly ResultsColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClass?: (row: T) => string | undefined;
}) {
  const align = (c: ResultsColumn<T>) => (c.num ? 'num' : undefined);
  return (
    <table className="results-table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c, k) => (
            <th key={k} scope="col" className={align(c)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClass?.(row)}>
            {columns.map((c, k) => (
              <td key={k} className={align(c)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The locations drawing from an area: the location's name, then the given columns. */
function AreaLocationsTable({
  testId,
  locations,
  columns,
}: {
  testId: string;
  locations: readonly AreaLocation[];
  columns: readonly ResultsColumn<AreaLocation>[];
}) {
  const name: ResultsColumn<AreaLocation> = { label: t('areaLocation'), cell: (l) => l.location.name };
  return <ResultsTable testId={testId} rows={locations} rowKey={(l) => l.location.id} columns={[name, ...columns]} />;
}

export function MatchingPanel() {
  useSignals();
  const { matching } = useAppModel().results;
  const lang = language.value;
  const state = matching.value;
  const list = state.state === 'ready' ? matchingList(state.value) : [];
  const choose = (id: number) => {
    const l = locations.value.find((x) => x.id === id);
    void selectLocation(id);
    if (l) requestFit({ kind: 'point', lon: l.longitude, lat: l.latitude, zoom: MATCH_ZOOM });
  };
  return (
    <section className="results-section" aria-labelledby="matching-title">
      <h3 id="matching-title">{t('matchingTitle')}</h3>
      {state.state === 'loading' && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {state.state === 'ready' && list.length === 0 && <p className="muted">{t('noMatchingLocations')}</p>}
      {list.length > 0 && (
        <ol className="matching-list">
          {list.map((m) => {
            const score = formatPercent(lang, m.score, 1);
            return (
              <li key={m.locationId}>
                <button type="button" className="link-row" onClick={() => choose(m.locationId)}>
                  <span className="row-name">{m.name}</span>
                  <span className="row-value">{score}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

const COVERAGES: { value: Coverage; key: 'coverageAll' | 'coverageSecondary' | 'coveragePrimary' | 'coverageNone' }[] = [
  { value: 'all', key: 'coverageAll' },
  { value: 'secondary', key: 'coverageSecondary' },
  { value: 'primary', key: 'coveragePrimary' },
  { value: 'none', key: 'coverageNone' },
];

export function CatchmentPanel() {
  useSignals();
  const { panelCatchment, selectedArea, coverage, compareWithDefault, selectArea } = useAppModel().results;
  const m = model.value;
  const lang = language.value;
  if (!m || m.catchmentAreas.length === 0) return null;
  const chosenId = layers.value.catchmentAreaId;
  const hint = outputHint({ location: true, catchmentArea: true });
  const state = panelCatchment.value;
  const area = state.state === 'ready' ? state.value : null;
  const top = area ? area.areas.slice(0, CATCHMENT_PANEL_AREAS) : [];
  const hasDefault = !!area?.areas.some((a) => a.outputDefaultScenario !== null);
  const format = (v: number) => formatOutput(lang, v, m.outputType, m.currency, 'catchment');
  const chosenArea = selectedArea.value;
  const isChosen = (code: string) => chosenArea?.areaCode === code;

  return (
    <section className="results-section" aria-labelledby="catchment-title">
      <h3 id="catchment-title">{m.areasType}</h3>
      <div className="catchment-controls">
        {m.catchmentAreas.length > 1 && (
          <label className="field-inline">
            <span>{t('catchmentChoice')}</span>
            <select value={chosenId ?? ''} onChange={(e) => setLayers({ catchmentAreaId: e.target.value === '' ? null : Number(e.target.value) })}>
              <option value="">{t('layersNone')}</option>
              {m.catchmentAreas.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {m.catchmentAreaMode === 0 && chosenId !== null && (
          <fieldset className="coverage-choice">
            <legend>{t('coverageLabel')}</legend>
            {COVERAGES.map((c) => (
              <label key={c.value}>
                <input
                  type="radio"
                  name="catchment-coverage"
                  value={c.value}
                  checked={coverage.value === c.value}
                  onChange={() => {
                    coverage.value = c.value;
                  }}
                />
                {t(c.key)}
              </label>
            ))}
          </fieldset>
        )}
        {hasDefault && (
          <label className="field-inline">
            <input
              type="checkbox"
              checked={compareWithDefault.value}
              onChange={(e) => {
                compareWithDefault.value = e.target.checked;
              }}
            />
            <span>{t('compareWithDefault')}</span>
          </label>
        )}
      </div>
      {hint === 'catchmentAreaNotSelected' && <p className="muted">{t('catchmentAreaNotSelected')}</p>}
      {hint === null && state.state === 'loading' && (
        <p className="muted loader" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('catchmentLoading')}
        </p>
      )}
      {hint === null && (state.state === 'failed' || (state.state === 'ready' && !area)) && <p className="muted">{t('catchmentUnavailable')}</p>}
      {area?.sameAsParent && <p className="muted">{t('catchmentSameAsParent')}</p>}
      {top.length > 0 && (
        <ResultsTable
          testId="catchment-table"
          rows={top}
          rowKey={(a) => a.areaCode}
          rowClass={(a) => (isChosen(a.areaCode) ? 'selected' : undefined)}
          columns={[
            {
              label: t('catchmentArea'),
              cell: (a) => (
                <button
                  type="button"
                  className="link"
                  aria-pressed={isChosen(a.areaCode)}
                  aria-label={t('catchmentSelectArea', { code: a.areaCode })}
                  onClick={() => void selectArea(isChosen(a.areaCode) ? null : { catchmentAreaId: chosenId!, areaCode: a.areaCode })}
                >
                  {a.areaCode}
                </button>
              ),
            },
            { label: t('catchmentOutput'), num: true, cell: (a) => format(a.output) },
          ]}
        />
      )}
    </section>
  );
}

/** An area property in the interface language: text as is, numbers with their rounding, percentages ×100. */
export function formatAreaProperty(lang: Lang, p: AreaProperty): string {
  if (p.numberValue === null) return p.stringValue ?? '–';
  if (p.dataType === 2) return formatPercent(lang, p.numberValue, p.roundingDigits ?? 1);
  return formatNumber(lang, p.numberValue, p.roundingDigits ?? 0);
}

export function AreaInfoPanel() {
  useSignals();
  const { selectedArea, areaInfo, selectArea, areaScoresOpen } = useAppModel().results;
  const lang = language.value;
  const m = model.value;
  const chosen = selectedArea.value;
  const state = areaInfo.value;
  if (!chosen || !m) return null;
  const info = state.state === 'ready' ? state.value : null;
  const format = (v: number) => formatOutput(lang, v, m.outputType, m.currency, 'catchment');
  return (
    <section className="results-section area-info" aria-labelledby="area-info-title">
      <div className="section-head">
        <h3 id="area-info-title">{t('areaInformation')}</h3>
        <button type="button" className="icon-button small" aria-label={t('areaClear')} onClick={() => void selectArea(null)}>
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      {state.state === 'loading' && (
        <p className="muted" role="status">
          {t('loading')}
        </p>
      )}
      {state.state !== 'loading' && !info && <p className="muted">{t('areaNotFound')}</p>}
      {info && (
        <>
          <dl className="properties">
            <div className="property-row">
              <dt>{t('areaCode')}</dt>
              <dd>{info.areaCode}</dd>
            </div>
            <div className="property-row">
              <dt>{t('personType')}</dt>
              <dd>{info.personType}</dd>
            </div>
            {info.properties.map((p) => (
              <div key={p.name} className="property-row">
                <dt>{p.title ?? p.name}</dt>
                <dd>{formatAreaProperty(lang, p)}</dd>
              </div>
            ))}
          </dl>
          {outputHint() === null && info.locations.length > 0 && (
            <>
              <h4>{t('areaLocations')}</h4>
              <AreaLocationsTable
                testId="area-locations"
                locations={info.locations}
                columns={[
                  { label: t('areaValue'), num: true, cell: (l) => format(l.value) },
                  { label: t('areaShare'), num: true, cell: (l) => formatPercent(lang, shareOfTotal(l.value, info.totalValue), 1) },
                ]}
              />
              <button
                type="button"
                className="button"
                onClick={() => {
                  areaScoresOpen.value = true;
                }}
              >
                {t('areaScoresButton')}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The per-area table: location, minutes by car, minutes on foot, score to 4 decimals. */
export function AreaScoresTable() {
  useSignals();
  const { areaInfo } = useAppModel().results;
  const lang = language.value;
  const state = areaInfo.value;
  const info = state.state === 'ready' ? state.value : null;
  if (!info) return <p className="muted">{t('areaNotFound')}</p>;
  const minutes = (v: number | null) => (v === null ? '–' : formatNumber(lang, v, 1));
  return (
    <AreaLocationsTable
      testId="area-scores"
      locations={info.locations}
      columns={[
        { label: t('minutesCar'), num: true, cell: (l) => minutes(l.minutesCar) },
        { label: t('minutesPedestrian'), num: true, cell: (l) => minutes(l.minutesPedestrian) },
        { label: t('areaScore'), num: true, cell: (l) => formatNumber(lang, l.score, 4) },
      ]}
    />
  );
}
