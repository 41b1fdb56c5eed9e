// The location report: header with the model's logos,
// subheader, the default layout or the model's own (locationReportFormat),
// footer. It takes everything it needs as props (model, scenario, sub-model,
// location, API client, map renderer), reads its outputs itself and knows
// nothing of the app shell, so it can be shown in the app's dialog or
// elsewhere.
import type { LocationProperty, LocationSummary, Model } from '@locus/contract';
import { ReportZoom, TopAreasInReport } from '@locus/contract';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '@locus/contract/client';
import { measureAfterPaint, MEASURES, now } from '../../perf';
import { formatPropertyValue, type PropertyFormatContext } from '../../format/property';
import { outsideRange } from '../../format/range';
import { OutsideRangeFlag } from '../location-drawer';
import { language, t } from '../../i18n';
import { formatOutput, formatPercent } from '../../i18n/format';
import { catchmentFeatures } from '../../map/catchment-layers';
import { LocationIconImages } from '../../map/location-icons';
import type { Coverage } from '../../stores/results';
import { type LocationReportBase, type LocationReportCharts } from '../../stores/charts-reports';
import { DriversChart, MatchingBarChart, RadarChart } from '../charts/charts';
import { Disclaimer, ReportFooter, ReportMap, ReportTop, TextSection, UnknownComponentNote, type MapTracker } from './parts';
import { localSituationZoom, renderReportMap, type ReportMapOptions, type ReportMapRenderer } from './report-map';
import { areaShares, parseLocationLayout, type LocationLayoutEntry } from './rules';
import './reports.css';
import { useChartsReports } from './reports-model';

export interface LocationReportProps {
  api: ApiClient;
  model: Model;
  scenario: { id: number; name: string };
  submodel: { id: number; name: string };
  locationId: number;
  /** The catchment area of the maps and the top areas; by default the model's first. */
  catchmentAreaId?: number | null;
  /** The locations of the scenario drawn on the maps. */
  locations: readonly LocationSummary[];
  userName: string;
  environment: string | null;
  renderMap?: ReportMapRenderer;
  /** The generation time (now by default). */
  generatedAt?: Date;
  /** Told when every map of the report is drawn. */
  onMapsDrawn?: () => void;
  /** When the report was asked for (performance.now() time), for the report's timing figure; its mount by default. */
  openedAt?: number;
}

function propertiesWhere(properties: readonly LocationProperty[], keep: (p: LocationProperty) => boolean): LocationProperty[] {
  return properties.filter((p) => p.visible && p.viewLocation !== null && keep(p));
}

function PropertyList({ properties, ctx }: { properties: readonly LocationProperty[]; ctx: PropertyFormatContext }) {
  return (
    <dl className="report-properties">
      {properties.map((p) => (
        <div key={p.id}>
          <dt>{p.title ?? p.name}</dt>
          <dd>
            {formatPropertyValue(p, ctx)}
            {p.label ? ` ${p.label}` : ''}
            {outsideRange(p, p.numberValue) && <OutsideRangeFlag property={p} withText />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const COVERAGE_OF: Record<string, Coverage> = {
  mapCatchmentArea: 'all',
  mapCatchmentAreaPrimary: 'primary',
  mapCatchmentAreaSecondary: 'secondary',
};

export function LocationReport(props: LocationReportProps) {
  useSignals();
  const { api, model, scenario, submodel, locationId, locations, userName, environment } = props;
  const { loadLocationReportParts } = useChartsReports(api);
  const render = props.renderMap ?? renderReportMap;
  const catchmentAreaId = props.catchmentAreaId ?? model.catchmentAreas[0]?.id ?? null;
  const lang = language.value;
  const loads = useRef(0);
  const [data, setData] = useState<LocationReportBase | null | 'failed'>(null);
  const [charts, setCharts] = useState<LocationReportCharts | null | 'failed'>(null);
  const [generatedAt] = useState(() => props.generatedAt ?? new Date());
  const [mountedAt] = useState(now);
  const layout = useMemo(() => parseLocationLayout(model.locationReportFormat, model.catchmentAreaMode), [model.locationReportFormat, model.catchmentAreaMode]);
  // The maps draw the server's location icons, so a store has its group's colour and logo as on the main map.
  const iconImages = useMemo(() => {
    const images = new LocationIconImages(api, () => {});
    images.setRevision(model.modified ?? '');
    return images;
  }, [api, model.modified]);

  useEffect(() => {
    let alive = true;
    loads.current++;
    setData(null);
    setCharts(null);
    const parts = loadLocationReportParts(
      { submodelId: submodel.id, scenarioId: scenario.id, locationId, catchmentAreaId },
      model.hasNormalizedScoresFunctions,
      model.hasDriverFilters,
    );
    parts.base.then(
      (d) => {
        if (alive) setData(d);
      },
      () => {
        if (alive) setData('failed');
      },
    );
    parts.charts.then(
      (d) => {
        if (alive) setCharts(d);
      },
      () => {
        if (alive) setCharts('failed');
      },
    );
    return () => {
      alive = false;
    };
  }, [loadLocationReportParts, submodel.id, scenario.id, locationId, catchmentAreaId, model.hasNormalizedScoresFunctions, model.hasDriverFilters]);

  // Every map of the layout reports once; the report is complete when all have.
  const mapKeys = layout.components.flatMap((c, i) => (c.name.startsWith('map') ? [`${c.name}:${i}`] : []));
  // Each data load gets its own map keys, so a map drawn before this component's effects run still counts.
  const [drawnKeys, setDrawnKeys] = useState<ReadonlySet<string>>(new Set());
  const onDrawn = useRef(props.onMapsDrawn);
  onDrawn.current = props.onMapsDrawn;
  const onlyMapsDrawn = data !== null && data !== 'failed' && mapKeys.every((k) => drawnKeys.has(`${k}:${loads.current}`));
  // The report is complete (ready to print) when its maps are drawn and its charts' data is in.
  const mapsDrawn = onlyMapsDrawn && charts !== null;
  useEffect(() => {
    if (onlyMapsDrawn) measureAfterPaint(MEASURES.locationReport, props.openedAt ?? mountedAt, { locationId, maps: mapKeys.length });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyMapsDrawn]);
  useEffect(() => {
    if (!mapsDrawn) return;
    measureAfterPaint(MEASURES.locationReportComplete, props.openedAt ?? mountedAt, { locationId });
    onDrawn.current?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mapsDrawn]);
  const tracker: MapTracker = useMemo(
    () => ({
      drawn: (key) => setDrawnKeys((before) => new Set(before).add(key)),
    }),
    [],
  );

  const title = t('locationReportTitle', { type: model.locationsType || t('locationReportDefaultType') });
  const ctx: PropertyFormatContext = { lang, currency: model.currency, yes: t('yes'), no: t('no') };

  if (data === null)
    return (
      <div className="report-paper">
        <p role="status">{t('reportLoading')}</p>
      </div>
    );
  if (data === 'failed')
    return (
      <div className="report-paper">
        <p role="alert">{t('reportUnavailable')}</p>
      </div>
    );

  const { location, catchment } = data;
  const properties = location.locationProperties;
  const icons = locations.map((l) => ({ id: l.id, lon: l.longitude, lat: l.latitude, name: l.name, group: l.locationGroupId ?? -1, type: l.type }));
  if (!locations.some((l) => l.id === location.id))
    icons.push({
      id: location.id,
      lon: location.longitude,
      lat: location.latitude,
      name: location.name,
      group: location.locationGroupId ?? -1,
      type: location.type,
    });
  const catchmentTitle = model.catchmentAreas.find((c) => c.id === catchmentAreaId)?.title ?? t('reportCatchmentMap');

  const mapOptions = (name: string, i: number): ReportMapOptions | null => {
    const base = {
      center: [location.longitude, location.latitude] as [number, number],
      icons,
      selectedIds: [location.id],
      iconImages,
      changes: new Map(locations.map((l) => [l.id, l.changeType])),
      label: `${location.name}`,
    };
    if (name === 'mapLocations') return { ...base, zoom: localSituationZoom(location.latitude, model.mapRanges), ranges: model.mapRanges };
    if (!catchment) return null;
    const polygons = catchmentFeatures(catchment, { mode: 0, coverage: COVERAGE_OF[name] ?? 'all', compare: false, zoneColor: null, keyPrefix: `report:${i}` });
    return { ...base, zoom: ReportZoom.catchmentArea, polygons };
  };
  const mapTitle = (name: string) => {
    if (name === 'mapLocations') return t('reportLocalSituation');
    if (name === 'mapCatchmentAreaPrimary') return `${catchmentTitle} (${t('reportPrimary')})`;
    if (name === 'mapCatchmentAreaSecondary') return `${catchmentTitle} (${t('reportSecondary')})`;
    return catchmentTitle;
  };

  const chartSection = (name: 'matchingLocations' | 'matchingScores' | 'drivers', i: number, d: LocationReportCharts) => {
    switch (name) {
      case 'matchingLocations':
        if (d.matching.length <= 1)
          return layout.custom ? (
            <p key={i} className="report-section report-note">
              {t('noMatchingLocations')}
            </p>
          ) : null;
        return (
          <section key={i} className="report-section">
            <MatchingBarChart entries={d.matching} format={{ outputType: model.outputType, currency: model.currency }} />
          </section>
        );
      case 'matchingScores':
        if (d.matchingScores.length <= 1)
          return layout.custom ? (
            <p key={i} className="report-section report-note">
              {t('noMatchingLocations')}
            </p>
          ) : null;
        return (
          <section key={i} className="report-section">
            <RadarChart entries={d.matchingScores} />
          </section>
        );
      case 'drivers':
        if (d.drivers.length === 0)
          return layout.custom ? (
            <p key={i} className="report-section report-note">
              {t('chartNoDrivers')}
            </p>
          ) : null;
        return (
          <section key={i} className="report-section">
            <h3>{t('chartDriversTitle')}</h3>
            <DriversChart filters={d.drivers} />
          </section>
        );
    }
  };

  const section = (c: LocationLayoutEntry, i: number) => {
    switch (c.name) {
      case '__unknown':
        return <UnknownComponentNote key={i} given={c.given} />;
      case 'mapLocations':
      case 'mapCatchmentArea':
      case 'mapCatchmentAreaPrimary':
      case 'mapCatchmentAreaSecondary':
        return (
          <ReportMap
            key={i}
            mapKey={`${c.name}:${i}:${loads.current}`}
            title={mapTitle(c.name)}
            options={mapOptions(c.name, i)}
            render={render}
            tracker={tracker}
          />
        );
      case 'properties': {
        const list = propertiesWhere(properties, (p) => p.sectionName === c.section);
        const heading = list[0]?.sectionTitle ?? c.section;
        return (
          <section key={i} className="report-section">
            <h3>{heading}</h3>
            {list.length ? <PropertyList properties={list} ctx={ctx} /> : <p className="report-note">{t('reportNoProperties', { section: c.section })}</p>}
          </section>
        );
      }
      case 'properties2Columns': {
        const byDefault = c.left === '' && c.right === '';
        const left = propertiesWhere(properties, (p) => (byDefault ? p.viewLocation === 0 : p.sectionName === c.left));
        const right = propertiesWhere(properties, (p) => (byDefault ? p.viewLocation === 1 : p.sectionName === c.right));
        return (
          <section key={i} className="report-section report-columns">
            <div>
              {!byDefault && <h3>{left[0]?.sectionTitle ?? c.left}</h3>}
              <PropertyList properties={left} ctx={ctx} />
            </div>
            <div>
              {!byDefault && <h3>{right[0]?.sectionTitle ?? c.right}</h3>}
              <PropertyList properties={right} ctx={ctx} />
            </div>
          </section>
        );
      }
      case 'topAreas': {
        const areas = (catchment?.areas ?? []).slice(0, c.numberOfAreas ?? TopAreasInReport);
        const shares = areaShares(catchment?.areas ?? []);
        const columns = (areas[0]?.areaProperties ?? []).filter((p) => p.titleShort);
        return (
          <section key={i} className="report-section">
            <h3>{t('reportTopAreas', { count: areas.length, type: model.areasType || t('catchmentArea') })}</h3>
            {areas.length === 0 ? (
              <p className="report-note">{t('reportNoAreas')}</p>
            ) : (
              <table className="report-table">
                <thead>
                  <tr>
                    <th scope="col">{t('reportAreaCode')}</th>
                    <th scope="col" className="number">
                      {t('reportShare')}
                    </th>
                    <th scope="col" className="number">
                      {t('catchmentOutput')}
                    </th>
                    {columns.map((p) => (
                      <th key={p.name} scope="col" className={p.dataType === 0 ? '' : 'number'} title={p.title ?? undefined}>
                        {p.titleShort}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {areas.map((a, j) => (
                    <tr key={a.areaCode}>
                      <th scope="row">{a.areaCode}</th>
                      <td className="number">{formatPercent(lang, shares[j] ?? 0, 1)}</td>
                      <td className="number">{formatOutput(lang, a.output, model.outputType, model.currency, 'catchment')}</td>
                      {columns.map((col) => {
                        const p = a.areaProperties.find((x) => x.name === col.name);
                        return (
                          <td key={col.name} className={col.dataType === 0 ? '' : 'number'}>
                            {p ? formatPropertyValue({ ...p, choices: [] }, ctx) : ''}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      }
      case 'matchingLocations':
      case 'matchingScores':
      case 'drivers':
        if (charts === null)
          return (
            <p key={i} className="report-section report-note" role="status">
              {t('reportLoading')}
            </p>
          );
        if (charts === 'failed')
          return (
            <p key={i} className="report-section report-note">
              {t('reportUnavailable')}
            </p>
          );
        return chartSection(c.name, i, charts);
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
      <ReportTop
        api={api}
        model={model}
        title={title}
        location={location.name}
        scenario={scenario.name}
        submodel={submodel.name}
        generatedAt={generatedAt}
        userName={userName}
        layoutError={layout.error}
      />
      {layout.components.map(section)}
      <ReportFooter model={model} ids={[model.id, scenario.id, location.id]} environment={environment} />
    </article>
  );
}
