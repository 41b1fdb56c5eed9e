// Building blocks shared by the location and scenario reports: a map drawn
// to an image, the disclaimer, a text section, the note for a component the
// report does not know, the header with the model's logos and the footer.
import type { Model } from '@locus/contract';
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiClient } from '@locus/contract/client';
import { language, t } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { measure, MEASURES, now } from '../../perf';
import { REPORT_MAP_HEIGHT, type ReportMapOptions, type ReportMapRenderer } from './report-map';

/** Counts a report's maps until each is drawn (or failed), for the ready mark and the Print button. */
export interface MapTracker {
  drawn: (key: string) => void;
}

export function ReportMap({
  title,
  options,
  render,
  tracker,
  mapKey,
  children,
}: {
  title: string;
  options: ReportMapOptions | null;
  render: ReportMapRenderer;
  tracker: MapTracker;
  mapKey: string;
  /** What belongs under the map (its legend): in the map's section, so it keeps the section's spacing and stays with the map on paper. */
  children?: ReactNode;
}) {
  const [state, setState] = useState<{ url: string } | { failed: true } | null>(null);
  const signature = options ? JSON.stringify([options.center, options.zoom, options.polygons?.length, options.icons?.length, options.selectedIds]) : 'none';
  useEffect(() => {
    if (!options) {
      tracker.drawn(mapKey);
      return;
    }
    let alive = true;
    let url: string | null = null;
    const started = now();
    setState(null);
    render(options).then(
      (blob) => {
        if (!alive) return;
        measure(MEASURES.reportMap, started, { map: mapKey });
        url = URL.createObjectURL(blob);
        setState({ url });
        tracker.drawn(mapKey);
      },
      () => {
        if (!alive) return;
        setState({ failed: true });
        tracker.drawn(mapKey);
      },
    );
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
    // The signature stands for the options' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, render, mapKey]);
  return (
    <section className="report-section report-map" data-map={mapKey}>
      <h3>{title}</h3>
      <div className="report-map-frame" style={{ height: REPORT_MAP_HEIGHT }}>
        {!options ? (
          <p className="report-note">{t('reportMapUnavailable')}</p>
        ) : state === null ? (
          <p className="report-note" role="status">
            {t('reportMapDrawing')}
          </p>
        ) : 'failed' in state ? (
          <p className="report-note">{t('reportMapUnavailable')}</p>
        ) : (
          <img src={state.url} alt={options.label} width="100%" height={REPORT_MAP_HEIGHT} data-drawn="true" />
        )}
      </div>
      {children}
    </section>
  );
}

export function Disclaimer() {
  return (
    <section className="report-section report-disclaimer">
      <h3>{t('reportDisclaimerTitle')}</h3>
      <p>{t('reportDisclaimer')}</p>
    </section>
  );
}

export function TextSection({ title, paragraphs }: { title: string; paragraphs: readonly string[] }) {
  return (
    <section className="report-section report-text">
      <h3>{title}</h3>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </section>
  );
}

/** A component name the report does not know: said plainly in the report, nothing else breaks. */
export function UnknownComponentNote({ given }: { given: string }) {
  return (
    <p className="report-section report-unknown" role="note">
      {t('reportUnknownComponent', { name: given })}
    </p>
  );
}

/** The note shown when the format text is not a layout at all (the default layout follows). */
export function LayoutErrorNote({ error }: { error: string }) {
  return (
    <p className="report-section report-unknown" role="note">
      {t(error === 'invalidJson' ? 'reportFormatInvalidJson' : 'reportFormatNoComponents')}
    </p>
  );
}

function useLogo(api: ApiClient, kind: 'mainLogo' | 'secondaryLogo', model: Model): string | null {
  const present = kind === 'mainLogo' ? model.hasMainLogo : model.hasSecondaryLogo;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!present) {
      setUrl(null);
      return;
    }
    let alive = true;
    let objectUrl: string | null = null;
    api.blob(kind, { params: { modelId: model.id }, expected: () => true }).then(
      (blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => setUrl(null),
    );
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, kind, model.id, present]);
  return url;
}

export function ReportHeader({ api, model, title }: { api: ApiClient; model: Model; title: string }) {
  const main = useLogo(api, 'mainLogo', model);
  const secondary = useLogo(api, 'secondaryLogo', model);
  return (
    <header className="report-header">
      {main ? <img src={main} alt={t('mainLogo')} className="report-logo" /> : <span />}
      <h2 className="report-heading">{title}</h2>
      {secondary ? <img src={secondary} alt={t('secondaryLogo')} className="report-logo" /> : <span />}
    </header>
  );
}

/**
 * The top of a report: the header with the model's logos and the title, the
 * subheader (the location when the report is about one, scenario, sub-model
 * unless the default, generation time, user) and the note when the model's
 * layout text could not be read.
 */
export function ReportTop({
  api,
  model,
  title,
  location,
  scenario,
  submodel,
  generatedAt,
  userName,
  layoutError,
}: {
  api: ApiClient;
  model: Model;
  title: string;
  /** The location's name (location report); absent in the scenario report. */
  location?: string;
  scenario: string;
  submodel: string;
  generatedAt: Date;
  userName: string;
  layoutError: string | null;
}) {
  const lang = language.value;
  return (
    <>
      <ReportHeader api={api} model={model} title={title} />
      <dl className="report-subheader">
        {location !== undefined && (
          <div>
            <dt>{t('reportLocation')}</dt>
            <dd>{location}</dd>
          </div>
        )}
        <div>
          <dt>{t('reportScenario')}</dt>
          <dd>{scenario}</dd>
        </div>
        {submodel !== 'Default' && (
          <div>
            <dt>{t('reportSubmodel')}</dt>
            <dd>{submodel}</dd>
          </div>
        )}
        <div>
          <dt>{t('reportGenerated')}</dt>
          <dd>{formatDateTime(lang, generatedAt)}</dd>
        </div>
        {userName && (
          <div>
            <dt>{t('reportUser')}</dt>
            <dd>{userName}</dd>
          </div>
        )}
      </dl>
      {layoutError && <LayoutErrorNote error={layoutError} />}
    </>
  );
}

export function ReportFooter({ model, ids, environment }: { model: Model; ids: readonly number[]; environment: string | null }) {
  return (
    <footer className="report-footer">
      <span>{model.name}</span>
      <span>({ids.join('/')})</span>
      {environment && environment !== 'Production' && <span>{environment}</span>}
    </footer>
  );
}
