// The downloads of the export dialog: which ones
// the role and the current selection allow, the culture kept in a cookie,
// file names, and the download itself through the API client.
import type { Model, Scenario } from '@locus/contract';
import { signal } from '@preact/signals-react';
import type { ApiClient, RouteName } from '@locus/contract/client';

export type Culture = 'nl' | 'en';
/** The culture cookie lives 3 days. */
export const CULTURE_COOKIE = 'locus-culture';
export const CULTURE_COOKIE_SECONDS = 3 * 24 * 60 * 60;

/** The culture kept in the cookie, else the interface language's nearest (nl for Dutch, en otherwise). */
export function readCulture(cookie: string, fallbackLanguage: string): Culture {
  const match = /(?:^|;\s*)locus-culture=(nl|en)(?:;|$)/.exec(cookie);
  if (match) return match[1] as Culture;
  return fallbackLanguage === 'nl' ? 'nl' : 'en';
}

/** The cookie text that keeps the culture: secure, same-site, 3 days. */
export function cultureCookie(culture: Culture): string {
  return `${CULTURE_COOKIE}=${culture}; Max-Age=${CULTURE_COOKIE_SECONDS}; Path=/; Secure; SameSite=Strict`;
}

export interface DownloadContext {
  model: Model;
  scenario: Scenario | null;
  submodelId: number | null;
  locationId: number | null;
  locationName: string | null;
  areaCode: string | null;
  globalAdmin: boolean;
}

export type DownloadKey =
  | 'scenarioLocations'
  | 'allScenariosLocations'
  | 'workbook'
  | 'output'
  | 'outputHidden'
  | 'modelOutput'
  | 'area'
  | 'catchmentAll'
  | `catchment:${number}`
  | `areaProperties:${number}`;

export interface Download {
  key: DownloadKey;
  /** Text key and values of the entry's label. */
  label: { key: string; vars?: Record<string, string> };
  /** Why it cannot be downloaded now (the key of the hint that says why); null when it can. */
  hint: 'scenarioNotSelected' | 'scenarioNotCalculated' | 'locationNotSelected' | 'exportNeedsArea' | null;
  route: RouteName;
  params: Record<string, string | number>;
  query: (culture: Culture) => Record<string, string | number | boolean>;
  extension: 'csv' | 'xlsx';
  /** The part of the file name after model and scenario. */
  name: string;
}

/** Every download the role allows, in the dialog's order, each with its hint when not possible now. */
export function availableDownloads(c: DownloadContext): Download[] {
  const s = c.scenario;
  const calculated = !!s && s.status === 9;
  const scenarioHint = !s ? 'scenarioNotSelected' : null;
  const outputHint = !s ? 'scenarioNotSelected' : !calculated ? 'scenarioNotCalculated' : null;
  const locationHint = outputHint ?? (c.locationId === null ? 'locationNotSelected' : null);
  const culture = (cult: Culture) => ({ culture: cult });
  const sid = s?.id ?? 0;
  const sub = c.submodelId ?? c.model.id;
  const lid = c.locationId ?? 0;
  const list: Download[] = [
    {
      key: 'scenarioLocations',
      label: { key: 'exportScenarioLocations' },
      hint: scenarioHint,
      route: 'scenarioLocationsExport',
      params: { scenarioId: sid },
      query: culture,
      extension: 'csv',
      name: 'locations',
    },
  ];
  if (c.globalAdmin) {
    list.push({
      key: 'allScenariosLocations',
      label: { key: 'exportAllScenariosLocations' },
      hint: null,
      route: 'modelScenariosLocationsExport',
      params: { modelId: c.model.id },
      query: culture,
      extension: 'csv',
      name: 'locations-all-scenarios',
    });
    if (c.model.hasCalculationModel) {
      list.push({
        key: 'workbook',
        label: { key: 'exportWorkbook' },
        hint: locationHint,
        route: 'calculationModelWorkbook',
        params: { scenarioId: sid, locationId: lid },
        query: () => ({}),
        extension: 'xlsx',
        name: `calculation-${c.locationName ?? lid}`,
      });
    }
  }
  list.push({
    key: 'output',
    label: { key: 'exportOutput' },
    hint: outputHint,
    route: 'scenarioOutputExport',
    params: { scenarioId: sid },
    query: (cult) => ({ culture: cult, includeHidden: false }),
    extension: 'csv',
    name: 'output',
  });
  if (c.globalAdmin) {
    list.push({
      key: 'outputHidden',
      label: { key: 'exportOutputHidden' },
      hint: outputHint,
      route: 'scenarioOutputExport',
      params: { scenarioId: sid },
      query: (cult) => ({ culture: cult, includeHidden: true }),
      extension: 'csv',
      name: 'output-hidden',
    });
  }
  list.push({
    key: 'modelOutput',
    label: { key: 'exportModelOutput' },
    hint: null,
    route: 'modelOutputExport',
    params: { modelId: c.model.id },
    query: culture,
    extension: 'csv',
    name: 'model-output',
  });
  list.push({
    key: 'area',
    label: { key: 'exportArea', vars: { code: c.areaCode ?? '' } },
    hint: outputHint ?? (c.areaCode ? null : 'exportNeedsArea'),
    route: 'areaExport',
    params: { submodelId: sub, scenarioId: sid, areaCode: c.areaCode ?? '' },
    query: culture,
    extension: 'csv',
    name: `area-${c.areaCode ?? ''}`,
  });
  list.push({
    key: 'catchmentAll',
    label: { key: 'exportCatchmentAll' },
    hint: locationHint,
    route: 'locationCatchmentAreaExport',
    params: { submodelId: sub, scenarioId: sid, locationId: lid },
    query: culture,
    extension: 'csv',
    name: `catchment-${c.locationName ?? lid}`,
  });
  for (const ca of c.model.catchmentAreas) {
    list.push({
      key: `catchment:${ca.id}`,
      label: { key: 'exportCatchment', vars: { title: ca.title } },
      hint: locationHint,
      route: 'locationCatchmentAreaExportByName',
      params: { submodelId: sub, scenarioId: sid, locationId: lid, catchmentAreaName: ca.name },
      query: culture,
      extension: 'csv',
      name: `catchment-${ca.name}-${c.locationName ?? lid}`,
    });
    list.push({
      key: `areaProperties:${ca.id}`,
      label: { key: 'exportAreaProperties', vars: { title: ca.title } },
      hint: locationHint,
      route: 'locationAreasExport',
      params: { locationId: lid, catchmentAreaName: ca.name },
      query: culture,
      extension: 'csv',
      name: `areas-${ca.name}-${c.locationName ?? lid}`,
    });
  }
  return list;
}

/** A file name safe on every system: model, scenario, what, date; letters, digits, dots, dashes and underscores. */
export function fileNameOf(d: Pick<Download, 'name' | 'extension'>, modelName: string, scenarioName: string | null, date = new Date()): string {
  const parts = [modelName, scenarioName, d.name, date.toISOString().slice(0, 10)].filter((p): p is string => !!p);
  const safe = parts
    .map((p) =>
      p
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean);
  return `${safe.join('_')}.${d.extension}`;
}

/** The download running now: its file name and the bytes received (of the total when the server said it); null when none. */
export const downloading = signal<{ key: DownloadKey; fileName: string; received: number; total: number | null } | null>(null);

/** Fetches a download and hands it to the browser under its file name; answers the byte size. */
export async function runDownload(api: ApiClient, d: Download, culture: Culture, fileName: string): Promise<number> {
  downloading.value = { key: d.key, fileName, received: 0, total: null };
  try {
    const blob = await api.blob(d.route, {
      params: d.params as never,
      query: d.query(culture) as never,
      onProgress: ({ received, total }) => {
        downloading.value = { key: d.key, fileName, received, total };
      },
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return blob.size;
  } finally {
    downloading.value = null;
  }
}
