// The scenario report: the impact of a scenario against the
// default scenario, in the default layout or the model's own
// (scenarioReportFormat). The base scenario is not offered. Like the location
// report it takes its inputs as props and reads its outputs itself.
import type { LocationSummary, Model, Scenario } from '@locus/contract';
import { ChangeType, ReportZoom } from '@locus/contract';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '@locus/contract/client';
import { language, t, type TextKey } from '../../i18n';
import { formatOutput, formatPercent, formatSigned } from '../../i18n/format';
import { type ScenarioReportData } from '../../stores/charts-reports';
import { Disclaimer, ReportFooter, ReportMap, ReportTop, TextSection, UnknownComponentNote, type MapTracker } from './parts';
import { renderReportMap, type ReportMapOptions, type ReportMapRenderer } from './report-map';
import {
  differenceFraction,
  firstLocations,
  impactMark,
  parseScenarioLayout,
  showClusterImpact,
  showGroupImpact,
  totalOf,
  type Figures,
  type ScenarioLayoutEntry,
} from './rules';
import { reportScenarios } from './ReportsButton';
import { progressPercent } from '../../stores/scenarios';
import { impactFeatures } from '../../stores/impact';
import { outsideRangeByLocation } from '../../stores/range-flags';
import { TriangleAlert } from 'lucide-react';
import { impactScale } from '@locus/map-canvas';
import './reports.css';
import { useAppModel } from '../app-model';

export const IMPACT_COLORS = { up: '#16703a', down: '#b42318', none: '#9ca3af' } as const;

export interface ScenarioReportProps {
  api: ApiClient;
  model: Model;
  submodel: { id: number; name: string };
  /** The model's scenarios; the base scenario (no parent) is left out. */
  scenarios: readonly Scenario[];
  /** The scenario shown first; the first offered one when it is the base or absent. */
  scenarioId: number | null;
  userName: string;
  environment: string | null;
  renderMap?: ReportMapRenderer;
  generatedAt?: Date;
  onMapsDrawn?: () => void;
  /** Starts the calculation of a scenario (the app's one calculate action); without it the report offers none. */
  onCalculate?: (scenarioId: number) => void;
}

export { reportScenarios };

/**
 * An impact table. With `shown` below the number of rows, only the first
 * `shown` are listed, then a row "and N more" with the sum of the rest, and
 * the total says it sums all affected rows: the rows above it add up to it.
 */
function ImpactTable({
  caption,
  rows,
  shown = rows.length,
  format,
}: {
  caption: string;
  rows: readonly (Figures & { name: string })[];
  shown?: number;
  format: (v: number) => string;
}) {
  const lang = language.value;
  const listed = rows.slice(0, shown);
  const rest = rows.slice(shown);
  const restTotal = totalOf(rest);
  const total = totalOf(rows);
  const diff = (r: Figures) => {
    const mark = impactMark(r.outputDifference);
    const text = `${formatSigned(lang, r.outputDifference, format)} (${formatSigned(lang, differenceFraction(r.outputDefault, r.outputDifference), (v) => formatPercent(lang, v, 1))})`;
    return (
      <td className={`number impact-${mark ?? 'none'}`}>
        {mark && (
          <span aria-hidden="true" className="impact-arrow">
            {mark === 'up' ? '▲' : '▼'}
          </span>
        )}
        {mark && <span className="visually-hidden">{t(mark === 'up' ? 'reportImpactUp' : 'reportImpactDown')}</span>}
        {text}
      </td>
    );
  };
  return (
    <table className="report-table impact-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('reportName')}</th>
          <th scope="col" className="number">
            {t('reportBefore')}
          </th>
          <th scope="col" className="number">
            {t('reportAfter')}
          </th>
          <th scope="col" className="number">
            {t('reportDifference')}
          </th>
        </tr>
      </thead>
      <tbody>
        {listed.map((r, i) => (
          <tr key={i}>
            <th scope="row">{r.name}</th>
            <td className="number">{format(r.outputDefault)}</td>
            <td className="number">{format(r.output)}</td>
            {diff(r)}
          </tr>
        ))}
        {rest.length > 0 && (
          <tr className="impact-more">
            <th scope="row">{t('reportMoreRows', { count: rest.length })}</th>
            <td className="number">{format(restTotal.outputDefault)}</td>
            <td className="number">{format(restTotal.output)}</td>
            {diff(restTotal)}
          </tr>
        )}
      </tbody>
      {rows.length > 1 && (
        <tfoot>
          <tr>
            <th scope="row">{rest.length > 0 ? t('reportTotalAll', { count: rows.length }) : t('reportTotal')}</th>
            <td className="number">{format(total.outputDefault)}</td>
            <td className="number">{format(total.output)}</td>
            {diff(total)}
          </tr>
        </tfoot>
      )}
    </table>
  );
}

const CHANGE_TEXT: Record<number, TextKey> = { [ChangeType.added]: 'changeOpened', [ChangeType.closed]: 'changeClosed', [ChangeType.edited]: 'changeEdited' };

export function ScenarioReport(props: ScenarioReportProps) {
  useSignals();
  const { loadScenarioReport } = useAppModel().chartsReports;
  const { api, model, submodel, userName, environment } = props;
  const render = props.renderMap ?? renderReportMap;
  const lang = language.value;
  const offered = reportScenarios(props.scenarios);
  const [chosen, setChosen] = useState<number | null>(() => (offered.some((s) => s.id === props.scenarioId) ? props.scenarioId : (offered[0]?.id ?? null)));
  const scenario = offered.find((s) => s.id === chosen) ?? null;
  const loads = useRef(0);
  const [data, setData] = useState<ScenarioReportData | null | 'failed'>(null);
  const [generatedAt] = useState(() => props.generatedAt ?? new Date());
  const layout = useMemo(() => parseScenarioLayout(model.scenarioReportFormat), [model.scenarioReportFormat]);
  const selectId = useId();

  // The differences depend on the scenario and on the base scenario: either one calculated (again) reads them again.
  const base = props.scenarios.find((s) => s.parentScenarioId === null) ?? null;
  const stateOf = (s: Scenario | null | undefined) => (s ? `${s.id}:${s.status}:${s.modified}` : '');
  const resultsState = `${stateOf(scenario)}|${stateOf(base)}`;
  useEffect(() => {
    if (chosen === null) return;
    let alive = true;
    loads.current++;
    setData(null);
    loadScenarioReport(submodel.id, chosen).then(
      (d) => {
        if (alive) setData(d);
      },
      () => {
        if (alive) setData('failed');
      },
    );
    return () => {
      alive = false;
    };
  }, [loadScenarioReport, submodel.id, chosen, resultsState]);

  // Changed locations holding a value outside its range (imported before the range was set) are flagged in their table.
  const [rangeFlags, setRangeFlags] = useState<ReadonlyMap<number, string[]>>(new Map());
  useEffect(() => {
    setRangeFlags(new Map());
    if (chosen === null || data === null || data === 'failed') return;
    let alive = true;
    void outsideRangeByLocation(
      api,
      chosen,
      data.locations.filter((l) => l.changeType !== ChangeType.unchanged),
    ).then((flags) => {
      if (alive) setRangeFlags(flags);
    });
    return () => {
      alive = false;
    };
  }, [api, chosen, data]);

  const mapKeys = layout.components.flatMap((c, i) => (c.name === 'mapImpact' ? [`${c.name}:${i}`] : []));
  // Each data load gets its own map keys, so a map drawn before this component's effects run still counts.
  const [drawnKeys, setDrawnKeys] = useState<ReadonlySet<string>>(new Set());
  const onDrawn = useRef(props.onMapsDrawn);
  onDrawn.current = props.onMapsDrawn;
  const mapsDrawn = data !== null && data !== 'failed' && mapKeys.every((k) => drawnKeys.has(`${k}:${loads.current}`));
  useEffect(() => {
    if (!mapsDrawn) return;
    performance.mark('locus:report-maps-drawn');
    onDrawn.current?.();
  }, [mapsDrawn]);
  const tracker: MapTracker = useMemo(
    () => ({
      drawn: (key) => setDrawnKeys((before) => new Set(before).add(key)),
    }),
    [],
  );

  const title = t('scenarioReportTitle');
  const picker = (
    <div className="report-picker no-print">
      <label htmlFor={selectId}>{t('reportScenario')}</label>
      <select id={selectId} value={chosen ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
        {offered.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
  if (offered.length === 0)
    return (
      <div className="report-paper">
        <p role="status">{t('reportNoScenarios')}</p>
      </div>
    );
  if (data === null)
    return (
      <div className="report-paper">
        {picker}
        <p role="status">{t('reportLoading')}</p>
      </div>
    );
  if (data === 'failed')
    return (
      <div className="report-paper">
        {picker}
        <p role="alert">{t('reportUnavailable')}</p>
      </div>
    );
  if (!data.differences) {
    // Say which of the two is missing, the scenario's own result or the base it is compared with, and offer to
    // calculate the one that is not calculated; one being calculated shows its progress, and the report follows
    // by itself when it is done (the load above depends on both statuses).
    const missing = scenario && scenario.status === 9 && base && base.status !== 9 ? base : scenario;
    const isBase = missing !== null && missing === base;
    const calculating = missing !== null && missing.status >= 1 && missing.status <= 8;
    const why = isBase
      ? t(calculating ? 'baseCalculating' : 'baseNotCalculated')
      : t(calculating ? 'reportScenarioCalculating' : missing?.status === 10 ? 'reportScenarioFailed' : 'reportScenarioNotCalculated');
    return (
      <div className="report-paper">
        {picker}
        <div className="drawer-state report-state" role="status">
          <p>{why}</p>
          {calculating && <progress max={100} value={progressPercent(missing.status)} aria-label={t('drawerCalculating')} />}
          {missing && !calculating && props.onCalculate && (
            <button type="button" className="button primary no-print" onClick={() => props.onCalculate?.(missing.id)}>
              {isBase ? t('calculateBase') : t('calculate')}
            </button>
          )}
        </div>
      </div>
    );
  }

  const differences = data.differences;
  const format = (v: number) => formatOutput(lang, v, model.outputType, model.currency);
  const outputTitle = differences.impactOutputLocationPropertyTitle;
  const changed = data.locations.filter((l) => l.changeType !== ChangeType.unchanged);
  const byId = new Map(differences.locations.map((d) => [d.locationID, d]));

  const impactMap = (i: number): ReportMapOptions | null => {
    const focus: LocationSummary | undefined = changed[0] ?? data.locations.find((l) => l.id === differences.locations[0]?.locationID);
    if (!focus) return null;
    const colors = new Map<string | number, string>();
    for (const l of data.locations) {
      const d = byId.get(l.id);
      const mark = d ? impactMark(d.outputDifference) : null;
      colors.set(l.id, mark ? IMPACT_COLORS[mark] : IMPACT_COLORS.none);
    }
    return {
      center: [focus.longitude, focus.latitude],
      zoom: ReportZoom.impact,
      icons: data.locations.map((l) => ({ id: l.id, lon: l.longitude, lat: l.latitude, name: l.name, type: l.type })),
      selectedIds: changed.map((l) => l.id),
      iconColors: colors,
      // The same proportional symbols as the main map's Impact layer (area by the absolute change).
      impact: impactFeatures(differences, data.locations),
      label: `${t('reportImpactMap')} ${i + 1}`,
    };
  };

  const section = (c: ScenarioLayoutEntry, i: number) => {
    switch (c.name) {
      case '__unknown':
        return <UnknownComponentNote key={i} given={c.given} />;
      case 'mapImpact':
        return (
          <ReportMap key={i} mapKey={`${c.name}:${i}:${loads.current}`} title={t('reportImpactMap')} options={impactMap(i)} render={render} tracker={tracker}>
            <p className="report-legend">
              <span>
                <span className="legend-swatch impact-symbol" style={{ background: IMPACT_COLORS.up }} /> {t('reportImpactUp')}
              </span>
              <span>
                <span className="legend-swatch impact-symbol" style={{ background: IMPACT_COLORS.down }} /> {t('reportImpactDown')}
              </span>
              <span>
                <span className="legend-swatch" style={{ background: IMPACT_COLORS.none }} /> {t('reportImpactNone')}
              </span>
              <span>{t('impactSymbolScale', { value: format(impactScale(impactFeatures(differences, data.locations))) })}</span>
            </p>
          </ReportMap>
        );
      case 'changedlocations':
        return (
          <section key={i} className="report-section">
            <h3>{t('reportChangedLocations')}</h3>
            {changed.length === 0 ? (
              <p className="report-note">{t('reportNoChangedLocations')}</p>
            ) : (
              <table className="report-table">
                <thead>
                  <tr>
                    <th scope="col">{t('reportName')}</th>
                    <th scope="col">{t('reportChange')}</th>
                  </tr>
                </thead>
                <tbody>
                  {changed.map((l) => (
                    <tr key={l.id}>
                      <th scope="row">
                        {l.name}
                        {rangeFlags.has(l.id) && (
                          <span className="outside-range">
                            {' '}
                            <TriangleAlert size={12} aria-hidden="true" /> {t('outsideRange')}: {rangeFlags.get(l.id)!.join(', ')}
                          </span>
                        )}
                      </th>
                      <td>{CHANGE_TEXT[l.changeType] ? t(CHANGE_TEXT[l.changeType]!) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      case 'locationDifferences': {
        const rows = differences.locations.map((d) => ({ ...d, name: d.locationName }));
        return (
          <section key={i} className="report-section">
            {rows.length === 0 ? (
              <>
                <h3>{t('reportLocationImpact', { output: outputTitle })}</h3>
                <p className="report-note">{t('reportNoDifferences')}</p>
              </>
            ) : (
              <ImpactTable caption={t('reportLocationImpact', { output: outputTitle })} rows={rows} shown={firstLocations(rows).length} format={format} />
            )}
          </section>
        );
      }
      case 'locationGroupDifferences':
        if (!showGroupImpact(model.locationGroupsType, differences.locationGroups.length)) return null;
        return (
          <section key={i} className="report-section">
            <ImpactTable
              caption={t('reportGroupImpact', { output: outputTitle })}
              rows={differences.locationGroups.map((g) => ({ ...g, name: g.locationGroupName }))}
              format={format}
            />
          </section>
        );
      case 'locationClusterDifferences':
        if (!showClusterImpact(model.locationClustersType, differences.locationClusters.length)) return null;
        return (
          <section key={i} className="report-section">
            <ImpactTable
              caption={t('reportClusterImpact', { output: outputTitle })}
              rows={differences.locationClusters.map((g) => ({ ...g, name: g.locationClusterName }))}
              format={format}
            />
          </section>
        );
      case 'disclaimer':
        return <Disclaimer key={i} />;
      case 'textSection':
        return <TextSection key={i} title={c.title} paragraphs={c.paragraphs} />;
    }
  };

  return (
    <article
      className="report-paper"
      data-layout={layout.custom ? 'custom' : 'default'}
      data-maps-drawn={mapsDrawn ? 'true' : 'false'}
      aria-label={title}
      tabIndex={0}
    >
      {picker}
      <ReportTop
        api={api}
        model={model}
        title={title}
        scenario={scenario?.name ?? ''}
        submodel={submodel.name}
        generatedAt={generatedAt}
        userName={userName}
        layoutError={layout.error}
      />
      {layout.components.map(section)}
      <ReportFooter model={model} ids={[model.id, scenario?.id ?? 0]} environment={environment} />
    </article>
  );
}
