// The small charts of the model parameters editor: the distance-decay curve
// f(t) per mode, and the predicted-versus-actual scatter of a calibration.
// SVG with d3-scale and d3-shape, each with a visually hidden table.
import type { TravelModeParameters } from '@locus/contract';
import type { CalibrationPoint } from '@locus/contract/routes/calibration';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { formatNumber } from '../../i18n/format';
import { language, t } from '../../i18n';
import { decayCurve, decayValue } from '../../stores/editors/expression-help';

const W = 260;
const H = 140;
const M = { top: 8, right: 10, bottom: 26, left: 44 };

export function DecayPlot({ mode, label }: { mode: TravelModeParameters; label: string }) {
  const points = decayCurve(mode);
  const finite = points.filter((p) => Number.isFinite(p.f));
  const maxF = Math.max(1e-9, ...finite.filter((p) => p.t >= 1).map((p) => p.f), finite[0]?.t === 0 && finite.length > 1 ? finite[1]!.f : 0);
  const x = scaleLinear()
    .domain([0, points[points.length - 1]!.t])
    .range([M.left, W - M.right]);
  const y = scaleLinear()
    .domain([0, maxF])
    .range([H - M.bottom, M.top])
    .clamp(true);
  const path =
    line<{ t: number; f: number }>()
      .x((p) => x(p.t))
      .y((p) => y(p.f))(finite) ?? '';
  const lang = language.value;
  const xTicks = x.ticks(5);
  const yTicks = y.ticks(3);
  const samples = [1, 5, 10, 15, 20, 30].filter((m) => m <= mode.maximumMinutes);
  return (
    <figure className="decay-plot">
      <svg width={W} height={H} role="img" aria-label={t('decayCurveOf', { mode: label })}>
        {yTicks.map((v) => (
          <g key={`y${v}`}>
            <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} className="grid" />
            <text x={M.left - 4} y={y(v)} textAnchor="end" dominantBaseline="middle">
              {formatNumber(lang, v, v < 1 ? 3 : 1)}
            </text>
          </g>
        ))}
        {xTicks.map((v) => (
          <text key={`x${v}`} x={x(v)} y={H - M.bottom + 14} textAnchor="middle">
            {v}
          </text>
        ))}
        <line x1={x(mode.maximumMinutes)} x2={x(mode.maximumMinutes)} y1={M.top} y2={H - M.bottom} className="limit" />
        <path d={path} className="curve" />
        <text x={(M.left + W - M.right) / 2} y={H - 2} textAnchor="middle" className="axis-label">
          {t('minutes')}
        </text>
      </svg>
      <table className="visually-hidden">
        <caption>{t('decayCurveOf', { mode: label })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('minutes')}</th>
            <th scope="col">f(t)</th>
          </tr>
        </thead>
        <tbody>
          {samples.map((m) => (
            <tr key={m}>
              <td>{m}</td>
              <td>{formatNumber(lang, decayValue(mode, m), 4)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const SW = 320;
const SH = 240;
const SM = { top: 10, right: 12, bottom: 34, left: 48 };

export function CalibrationScatter({ points }: { points: CalibrationPoint[] }) {
  const lang = language.value;
  const compact = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
  const hi = Math.max(1, ...points.flatMap((p) => [p.actual, p.before, p.after]));
  const x = scaleLinear()
    .domain([0, hi])
    .range([SM.left, SW - SM.right])
    .nice(4);
  const y = scaleLinear()
    .domain(x.domain() as [number, number])
    .range([SH - SM.bottom, SM.top]);
  const ticks = x.ticks(4);
  const [d0, d1] = x.domain() as [number, number];
  return (
    <figure className="calibration-scatter">
      <svg width={SW} height={SH} role="img" aria-label={t('calibrationScatter')}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={x(v)} x2={x(v)} y1={SM.top} y2={SH - SM.bottom} className="grid" />
            <line x1={SM.left} x2={SW - SM.right} y1={y(v)} y2={y(v)} className="grid" />
            <text x={x(v)} y={SH - SM.bottom + 14} textAnchor="middle">
              {compact.format(v)}
            </text>
            <text x={SM.left - 4} y={y(v)} textAnchor="end" dominantBaseline="middle">
              {compact.format(v)}
            </text>
          </g>
        ))}
        <line x1={x(d0)} y1={y(d0)} x2={x(d1)} y2={y(d1)} className="diagonal" />
        {points.map((p) => (
          <circle key={`b${p.locationId}`} cx={x(p.actual)} cy={y(p.before)} r={2.5} className="before" />
        ))}
        {points.map((p) => (
          <circle key={`a${p.locationId}`} cx={x(p.actual)} cy={y(p.after)} r={2.5} className="after" />
        ))}
        <text x={(SM.left + SW - SM.right) / 2} y={SH - 4} textAnchor="middle" className="axis-label">
          {t('calibrationActual')}
        </text>
      </svg>
      <figcaption>
        <span className="legend-dot before" aria-hidden="true" />
        {t('calibrationBefore')}
        <span className="legend-dot after" aria-hidden="true" />
        {t('calibrationAfter')}
        <span className="muted">{t('calibrationScatterAxes')}</span>
      </figcaption>
      <table className="visually-hidden">
        <caption>{t('calibrationScatter')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminName')}</th>
            <th scope="col">{t('calibrationActual')}</th>
            <th scope="col">{t('calibrationBefore')}</th>
            <th scope="col">{t('calibrationAfter')}</th>
          </tr>
        </thead>
        <tbody>
          {points.slice(0, 200).map((p) => (
            <tr key={p.locationId}>
              <td>{p.name}</td>
              <td>{formatNumber(lang, p.actual)}</td>
              <td>{formatNumber(lang, p.before)}</td>
              <td>{formatNumber(lang, p.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
