// The legend of what the map draws beyond the model's layer choices: the chosen
// catchment area (by share of each area's demand, or as the change against the
// default scenario), the isolines (labelled as estimates, with the speeds they
// assume, when the built-in estimator drew them) and the range circles.
import type { IsolineParameter } from '@locus/contract';
import { DEFAULT_ESTIMATOR_SETTINGS } from '@locus/engine/estimator-settings';
import { DEFAULT_RANGE_CIRCLE_STYLE, EXCLUDED_AREA_COLOR, isolineStyle, rangeCircleLabel } from '@locus/map-canvas';
import { textIn, type Lang } from '../i18n';
import { formatNumber } from '../i18n/format';
import type { LegendEntry, LegendSection } from '../stores/tools';
import { fractionColor, GAIN_COLOR, LOSS_COLOR, TOOL_ISOLINE_COLOR } from './catchment-layers';

export interface DrawnLayers {
  /** How the chosen catchment area is drawn: by share, as the change against the default scenario, in its zone's colour (listed with the zones) or not at all. */
  catchment: 'shares' | 'compare' | 'zone' | null;
  /** The selected location's isolines on the map: their minutes and their set. */
  isolines: { minutes: readonly number[]; isoLineSetId: number } | null;
  /** The isoline tool's result: its minutes and its set. */
  toolIsoline: { minutes: readonly number[]; isoLineSetId: number } | null;
  /** The model's isoline parameters (which sets the built-in estimator draws); null while unknown. */
  parameters: readonly IsolineParameter[] | null;
  /** Radii of the range circles drawn around the selection, in metres. */
  ranges: readonly number[];
}

/** Samples of the catchment ramp (a square-root ramp: small shares stay visible). */
const SHARE_STEPS = [0, 0.1, 0.25, 0.5, 0.75, 1];

/** Whether the built-in estimator (no routing service) draws a set's isolines. */
export function estimatedSet(parameters: readonly IsolineParameter[], isoLineSetId: number): boolean {
  const own = parameters.filter((p) => p.isoLineSetId === isoLineSetId);
  return own.length > 0 && own.every((p) => p.provider === 0 && p.baseUrl === '');
}

/** The speeds the estimator assumes for a set's profiles, as a text ("car 25–90 km/h, on foot 4.8 km/h"). */
export function assumedSpeeds(lang: Lang, parameters: readonly IsolineParameter[], isoLineSetId: number): string {
  const profiles = new Set(parameters.filter((p) => p.isoLineSetId === isoLineSetId).map((p) => p.profile));
  const parts: string[] = [];
  if (profiles.has('car')) {
    const speeds = DEFAULT_ESTIMATOR_SETTINGS.car.bands.map((b) => b.kmPerHour);
    parts.push(textIn(lang, 'legendSpeedCar', { min: formatNumber(lang, Math.min(...speeds)), max: formatNumber(lang, Math.max(...speeds)) }));
  }
  if (profiles.has('pedestrian'))
    parts.push(textIn(lang, 'legendSpeedFoot', { speed: formatNumber(lang, DEFAULT_ESTIMATOR_SETTINGS.pedestrian.kmPerHour, 1) }));
  return parts.join(', ');
}

function isolineEntries(
  lang: Lang,
  id: string,
  drawn: NonNullable<DrawnLayers['isolines']>,
  color: string,
  parameters: DrawnLayers['parameters'],
): LegendEntry[] {
  const minutes = [...new Set(drawn.minutes)].sort((a, b) => a - b);
  if (!minutes.length) return [];
  const estimated = parameters !== null && estimatedSet(parameters, drawn.isoLineSetId);
  const speeds = estimated ? assumedSpeeds(lang, parameters, drawn.isoLineSetId) : '';
  return [
    {
      id,
      kind: 'line',
      title: {
        key: id === 'isolines-tool' ? 'legendToolIsoline' : 'legendIsolineMinutes',
        vars: { minutes: minutes.map((m) => formatNumber(lang, m)).join(', ') },
      },
      color,
      note: estimated ? { key: speeds ? 'legendEstimatedSpeeds' : 'legendEstimated', vars: { speeds } } : undefined,
    },
  ];
}

/** The legend sections of the catchment, the isolines and the range circles, as drawn. */
export function layerLegendSections(lang: Lang, d: DrawnLayers): LegendSection[] {
  const catchment: LegendEntry[] = [];
  if (d.catchment === 'shares') {
    catchment.push({ id: 'catchment-share', kind: 'ramp', title: { key: 'legendShare' }, colors: SHARE_STEPS.map(fractionColor), fade: false });
    catchment.push({ id: 'catchment-excluded', kind: 'zone', title: { key: 'legendExcluded' }, color: EXCLUDED_AREA_COLOR });
  } else if (d.catchment === 'compare') {
    catchment.push({ id: 'catchment-gain', kind: 'zone', title: { key: 'legendGain' }, color: GAIN_COLOR });
    catchment.push({ id: 'catchment-loss', kind: 'zone', title: { key: 'legendLoss' }, color: LOSS_COLOR });
    catchment.push({ id: 'catchment-same', kind: 'zone', title: { key: 'legendNoChange' }, color: EXCLUDED_AREA_COLOR });
  }
  const isolines = [
    ...(d.isolines ? isolineEntries(lang, 'isolines-location', d.isolines, isolineStyle().stroke!, d.parameters) : []),
    ...(d.toolIsoline ? isolineEntries(lang, 'isolines-tool', d.toolIsoline, TOOL_ISOLINE_COLOR, d.parameters) : []),
  ];
  const ranges: LegendEntry[] = d.ranges.length
    ? [
        {
          id: 'ranges',
          kind: 'line',
          title: {
            key: 'legendRangeDistances',
            vars: {
              distances: [...d.ranges]
                .sort((a, b) => a - b)
                .map(rangeCircleLabel)
                .join(', '),
            },
          },
          color: DEFAULT_RANGE_CIRCLE_STYLE.stroke,
          dashed: false,
        },
      ]
    : [];
  const sections: LegendSection[] = [
    { id: 'catchment', entries: catchment },
    { id: 'isolines', entries: isolines },
    { id: 'ranges', entries: ranges },
  ];
  return sections.filter((s) => s.entries.length > 0);
}
