// The charts as SVG drawn with d3-scale and d3-shape: the
// matching-locations output chart, the similarity radar, the drivers range
// chart and the properties scatter chart. Each takes its data as props (the
// charts dialog and the location report read it first) and carries a visually
// hidden table with the same figures for screen readers.
import type { DriverFilterChart, MatchingLocation } from '@locus/contract';
import { scaleBand, scaleLinear } from 'd3-scale';
import { curveLinearClosed, lineRadial } from 'd3-shape';
import { useId, useLayoutEffect, useState } from 'react';
import { language, t } from '../../i18n';
import { measure, measureAfterPaint, MEASURES, now } from '../../perf';
import { formatNumber, formatOutput, formatPercent } from '../../i18n/format';
import { driverDomain, matchColor, OTHER_COLOR, radarAxes, radarLegendSplit, topEntries, type ScatterPoint } from './rules';
import './charts.css';

const WIDTH = 640;
/** Rows of the scatter chart's hidden table. */
export const SCATTER_TABLE_ROWS = 100;

interface OutputFormat {
  outputType: number;
  currency: string;
}

/**
 * Records a chart's first render: to its commit in the page and to the frame
 * after it was painted (the benchmark's figures, see perf.ts).
 */
function useRenderTiming(kind: string) {
  const [started] = useState(now);
  useLayoutEffect(() => {
    measure(MEASURES.chartRender, started, { kind });
    measureAfterPaint(MEASURES.chartPaint, started, { kind });
    // Only the first render of a chart is its figure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function ChartFigure({ title, children, table }: { title: string; children: React.ReactNode; table: React.ReactNode }) {
  const id = useId();
  return (
    <figure className="chart" aria-labelledby={id}>
      <figcaption id={id} className="chart-title">
        {title}
      </figcaption>
      {children}
      <div className="visually-hidden">{table}</div>
    </figure>
  );
}

/** Bar chart of the top 6 matching locations' output (the reference first), with the actual output beside it when known. */
export function MatchingBarChart({ entries, format }: { entries: readonly MatchingLocation[]; format: OutputFormat }) {
  useRenderTiming('matching');
  const lang = language.value;
  const top = topEntries(entries, 6);
  const outputTitle = top.find((e) => e.outputLocationPropertyTitle)?.outputLocationPropertyTitle ?? t('chartOutput');
  const actualTitle = top.find((e) => e.actualOutputLocationPropertyTitle)?.actualOutputLocationPropertyTitle ?? null;
  const hasActual = top.some((e) => e.actualOutputLocationPropertyValue !== null);
  const height = 330;
  const margin = { top: 40, right: 16, bottom: 84, left: 96 };
  const max = Math.max(1, ...top.map((e) => Math.max(e.outputLocationPropertyValue ?? 0, e.actualOutputLocationPropertyValue ?? 0)));
  const x = scaleBand<number>()
    .domain(top.map((_, i) => i))
    .range([margin.left, WIDTH - margin.right])
    .padding(0.25);
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const bar = hasActual ? x.bandwidth() / 2 : x.bandwidth();
  const fmt = (v: number) => formatOutput(lang, v, format.outputType, format.currency);
  return (
    <ChartFigure
      title={t('chartMatchingTitle')}
      table={
        <table>
          <caption>{t('chartMatchingTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chartLocation')}</th>
              <th scope="col">{t('chartScore')}</th>
              <th scope="col">{outputTitle}</th>
              {hasActual && <th scope="col">{actualTitle ?? t('chartActual')}</th>}
            </tr>
          </thead>
          <tbody>
            {top.map((e, i) => (
              <tr key={i}>
                <th scope="row">{e.name}</th>
                <td>{formatPercent(lang, e.score, 0)}</td>
                <td>{e.outputLocationPropertyValue === null ? '' : fmt(e.outputLocationPropertyValue)}</td>
                {hasActual && <td>{e.actualOutputLocationPropertyValue === null ? '' : fmt(e.actualOutputLocationPropertyValue)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <svg viewBox={`0 0 ${WIDTH} ${height}`} className="chart-svg" aria-hidden="true" data-chart="matching">
        {y.ticks(5).map((tick) => (
          <g key={tick} transform={`translate(0,${y(tick)})`}>
            <line x1={margin.left} x2={WIDTH - margin.right} className="chart-grid" />
            <text x={margin.left - 6} dy="0.32em" textAnchor="end" className="chart-tick">
              {fmt(tick)}
            </text>
          </g>
        ))}
        {top.map((e, i) => (
          <g key={i}>
            <rect x={x(i)} y={y(e.outputLocationPropertyValue ?? 0)} width={bar} height={y(0) - y(e.outputLocationPropertyValue ?? 0)} fill={matchColor(i)} />
            {hasActual && (
              <rect
                x={(x(i) ?? 0) + bar}
                y={y(e.actualOutputLocationPropertyValue ?? 0)}
                width={bar}
                height={y(0) - y(e.actualOutputLocationPropertyValue ?? 0)}
                fill={matchColor(i)}
                fillOpacity={0.45}
              />
            )}
            <text
              x={(x(i) ?? 0) + x.bandwidth() / 2}
              y={y(Math.max(e.outputLocationPropertyValue ?? 0, e.actualOutputLocationPropertyValue ?? 0)) - 6}
              textAnchor="middle"
              className="chart-tick"
            >
              {formatPercent(lang, e.score, 0)}
            </text>
            <text
              transform={`translate(${(x(i) ?? 0) + x.bandwidth() / 2 + 4},${height - margin.bottom + 12}) rotate(-25)`}
              textAnchor="end"
              className="chart-label"
            >
              {truncate(e.name, 24)}
            </text>
          </g>
        ))}
        <line x1={margin.left} x2={WIDTH - margin.right} y1={y(0)} y2={y(0)} className="chart-axis" />
        {hasActual && (
          <g transform={`translate(${margin.left},14)`} className="chart-tick">
            <rect width={10} height={10} y={-9} fill="#6b7280" />
            <text x={14}>{outputTitle}</text>
            <rect x={200} width={10} height={10} y={-9} fill="#6b7280" fillOpacity={0.45} />
            <text x={214}>{actualTitle ?? t('chartActual')}</text>
          </g>
        )}
      </svg>
    </ChartFigure>
  );
}

function truncate(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

/** Radar chart of the normalized scores of the top 6 matching locations; the legend split 3 plus 3. */
export function RadarChart({ entries }: { entries: readonly MatchingLocation[] }) {
  useRenderTiming('radar');
  const lang = language.value;
  const top = topEntries(entries, 6);
  const axes = radarAxes(top);
  const size = 360;
  const radius = 130;
  const centre = size / 2;
  const max = Math.max(1, ...top.flatMap((e) => e.normalizedScores.map((s) => s.score)));
  const r = scaleLinear().domain([0, max]).range([0, radius]);
  const angle = (i: number) => (i / Math.max(1, axes.length)) * Math.PI * 2;
  const line = lineRadial<number>()
    .angle((_, i) => angle(i))
    .radius((v) => r(v))
    .curve(curveLinearClosed);
  const valueOf = (e: MatchingLocation, title: string) => e.normalizedScores.find((s) => s.title === title)?.score ?? 0;
  const [left, right] = radarLegendSplit(top.map((e, i) => ({ name: e.name, color: matchColor(i) })));
  return (
    <ChartFigure
      title={t('chartRadarTitle')}
      table={
        <table>
          <caption>{t('chartRadarTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chartLocation')}</th>
              {axes.map((a) => (
                <th scope="col" key={a}>
                  {a}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {top.map((e, i) => (
              <tr key={i}>
                <th scope="row">{e.name}</th>
                {axes.map((a) => (
                  <td key={a}>{formatNumber(lang, valueOf(e, a), 2)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <div className="radar">
        <svg viewBox={`0 0 ${size} ${size}`} className="chart-svg radar-svg" aria-hidden="true" data-chart="radar">
          <g transform={`translate(${centre},${centre})`}>
            {r
              .ticks(4)
              .filter((v) => v > 0)
              .map((v) => (
                <path key={v} className="chart-grid" fill="none" d={line(axes.map(() => v)) ?? ''} />
              ))}
            {axes.map((a, i) => {
              const [px, py] = [Math.sin(angle(i)) * radius, -Math.cos(angle(i)) * radius];
              const [lx, ly] = [Math.sin(angle(i)) * (radius + 14), -Math.cos(angle(i)) * (radius + 14)];
              return (
                <g key={a}>
                  <line x1={0} y1={0} x2={px} y2={py} className="chart-grid" />
                  <text x={lx} y={ly} dy="0.32em" textAnchor={Math.abs(lx) < 4 ? 'middle' : lx > 0 ? 'start' : 'end'} className="chart-tick">
                    {truncate(a, 20)}
                  </text>
                </g>
              );
            })}
            {top.map((e, i) => (
              <path
                key={i}
                d={line(axes.map((a) => valueOf(e, a))) ?? ''}
                fill={matchColor(i)}
                fillOpacity={i === 0 ? 0.18 : 0.06}
                stroke={matchColor(i)}
                strokeWidth={i === 0 ? 2.5 : 1.5}
              />
            ))}
          </g>
        </svg>
        <div className="radar-legend" aria-hidden="true">
          {[left, right].map((column, c) => (
            <ul key={c} className="radar-legend-column">
              {column.map((item) => (
                <li key={item.name}>
                  <span className="legend-swatch" style={{ background: item.color }} />
                  {item.name}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </ChartFigure>
  );
}

/** Range chart per driver filter: minimum to maximum, the average and the location's value as markers. */
export function DriversChart({ filters }: { filters: readonly DriverFilterChart[] }) {
  useRenderTiming('drivers');
  const lang = language.value;
  const rowHeight = 34;
  const margin = { left: 200, right: 24, top: 8 };
  return (
    <div className="drivers-chart">
      {filters.map((f) => (
        <ChartFigure
          key={f.id}
          title={f.title}
          table={
            <table>
              <caption>{f.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('chartDriver')}</th>
                  <th scope="col">{t('chartMinimum')}</th>
                  <th scope="col">{t('chartAverage')}</th>
                  <th scope="col">{t('chartMaximum')}</th>
                  <th scope="col">{t('chartValue')}</th>
                </tr>
              </thead>
              <tbody>
                {f.drivers.map((d, i) => (
                  <tr key={i}>
                    <th scope="row">{d.title}</th>
                    {[d.minimum, d.average, d.maximum, d.value].map((v, j) => (
                      <td key={j}>{formatNumber(lang, v, d.roundingDigits)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          }
        >
          <svg viewBox={`0 0 ${WIDTH} ${margin.top + f.drivers.length * rowHeight + 24}`} className="chart-svg" aria-hidden="true" data-chart="drivers">
            {f.drivers.map((d, i) => {
              const x = scaleLinear()
                .domain(driverDomain(d))
                .range([margin.left, WIDTH - margin.right - 60]);
              const y = margin.top + i * rowHeight + rowHeight / 2;
              const fmt = (v: number) => formatNumber(lang, v, d.roundingDigits);
              return (
                <g key={i}>
                  <text x={margin.left - 10} y={y} dy="0.32em" textAnchor="end" className="chart-label">
                    {truncate(d.title, 28)}
                  </text>
                  <line x1={x(d.minimum)} x2={x(d.maximum)} y1={y} y2={y} className="driver-range" />
                  <line x1={x(d.minimum)} x2={x(d.minimum)} y1={y - 6} y2={y + 6} className="driver-end" />
                  <line x1={x(d.maximum)} x2={x(d.maximum)} y1={y - 6} y2={y + 6} className="driver-end" />
                  <path d={`M${x(d.average)},${y - 7}l6,7l-6,7l-6,-7z`} className="driver-average" />
                  <circle cx={x(d.value)} cy={y} r={6} className="driver-value" fill={matchColor(0)} />
                  <text x={WIDTH - margin.right - 52} y={y} dy="0.32em" className="chart-tick">
                    {fmt(d.value)}
                  </text>
                </g>
              );
            })}
            <g transform={`translate(${margin.left},${margin.top + f.drivers.length * rowHeight + 16})`} className="chart-tick">
              <circle r={5} cy={-4} fill={matchColor(0)} />
              <text x={10}>{t('chartValue')}</text>
              <path d="M110,-10l5,6l-5,6l-5,-6z" className="driver-average" />
              <text x={122}>{t('chartAverage')}</text>
              <line x1={210} x2={240} y1={-4} y2={-4} className="driver-range" />
              <text x={246}>
                {t('chartMinimum')} – {t('chartMaximum')}
              </text>
            </g>
          </svg>
        </ChartFigure>
      ))}
    </div>
  );
}

/** Scatter chart of two location properties; matches in their colours, others grey; hovering a point shows the location. */
export function ScatterChart({
  points,
  xTitle,
  yTitle,
  xDigits = 0,
  yDigits = 0,
}: {
  points: readonly ScatterPoint[];
  xTitle: string;
  yTitle: string;
  xDigits?: number;
  yDigits?: number;
}) {
  useRenderTiming('properties');
  const lang = language.value;
  const [hover, setHover] = useState<ScatterPoint | null>(null);
  const height = 380;
  const margin = { top: 16, right: 24, bottom: 48, left: 80 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = scaleLinear()
    .domain([Math.min(0, ...xs), Math.max(1, ...xs)])
    .nice()
    .range([margin.left, WIDTH - margin.right]);
  const y = scaleLinear()
    .domain([Math.min(0, ...ys), Math.max(1, ...ys)])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const compact = (v: number) => new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(v);
  const matches = points.filter((p) => p.match >= 0);
  // The hidden table: the matches first, then at most SCATTER_TABLE_ROWS locations in all (thousands of rows help no one).
  const tableRows = matches.concat(points.filter((p) => p.match < 0)).slice(0, Math.max(SCATTER_TABLE_ROWS, matches.length));
  let others = '';
  for (const p of points) if (p.match < 0) others += `M${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}h0`;
  // Hovering finds the nearest point within 10 units (the grey dots are one path).
  const nearest = (event: React.PointerEvent<SVGSVGElement>) => {
    const svg = event.currentTarget;
    const matrix = svg.getScreenCTM?.();
    if (!matrix) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    let best: ScatterPoint | null = null;
    let bestDistance = 100;
    for (const p of points) {
      const d = (x(p.x) - at.x) ** 2 + (y(p.y) - at.y) ** 2;
      if (d < bestDistance || (d === bestDistance && p.match >= 0)) {
        best = p;
        bestDistance = d;
      }
    }
    if (best !== hover) setHover(best);
  };
  return (
    <ChartFigure
      title={t('chartScatterTitle', { x: xTitle, y: yTitle })}
      table={
        <table>
          <caption>{t('chartScatterTitle', { x: xTitle, y: yTitle })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chartLocation')}</th>
              <th scope="col">{xTitle}</th>
              <th scope="col">{yTitle}</th>
            </tr>
          </thead>
          <tbody>
            {tableRows.map((p, i) => (
              <tr key={i}>
                <th scope="row">{p.name}</th>
                <td>{formatNumber(lang, p.x, xDigits)}</td>
                <td>{formatNumber(lang, p.y, yDigits)}</td>
              </tr>
            ))}
            {points.length > tableRows.length && (
              <tr>
                <td colSpan={3}>{t('chartMoreLocations', { count: formatNumber(lang, points.length - tableRows.length) })}</td>
              </tr>
            )}
          </tbody>
        </table>
      }
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="chart-svg"
        aria-hidden="true"
        data-chart="scatter"
        onPointerMove={nearest}
        onPointerLeave={() => setHover(null)}
      >
        {x.ticks(6).map((v) => (
          <g key={`x${v}`}>
            <line x1={x(v)} x2={x(v)} y1={margin.top} y2={height - margin.bottom} className="chart-grid" />
            <text x={x(v)} y={height - margin.bottom + 16} textAnchor="middle" className="chart-tick">
              {compact(v)}
            </text>
          </g>
        ))}
        {y.ticks(6).map((v) => (
          <g key={`y${v}`}>
            <line x1={margin.left} x2={WIDTH - margin.right} y1={y(v)} y2={y(v)} className="chart-grid" />
            <text x={margin.left - 6} y={y(v)} dy="0.32em" textAnchor="end" className="chart-tick">
              {compact(v)}
            </text>
          </g>
        ))}
        <text x={(margin.left + WIDTH - margin.right) / 2} y={height - 8} textAnchor="middle" className="chart-label">
          {xTitle}
        </text>
        <text transform={`translate(14,${(margin.top + height - margin.bottom) / 2}) rotate(-90)`} textAnchor="middle" className="chart-label">
          {yTitle}
        </text>
        {/* The other locations as one path of round dots (thousands of points draw fast); the matches as circles on top. */}
        <path
          d={others}
          stroke={OTHER_COLOR}
          strokeOpacity={0.6}
          strokeWidth={8}
          strokeLinecap="round"
          fill="none"
          data-points={points.length - matches.length}
        />
        {matches.map((p, i) => (
          <circle
            key={i}
            cx={x(p.x)}
            cy={y(p.y)}
            r={6}
            fill={p.color}
            fillOpacity={0.95}
            stroke={hover === p ? '#111827' : '#ffffff'}
            strokeWidth={1.5}
            onPointerEnter={() => setHover(p)}
            data-name={p.name}
          >
            <title>{p.name}</title>
          </circle>
        ))}
        {hover && (
          <g
            transform={`translate(${Math.min(x(hover.x) + 10, WIDTH - 200)},${Math.max(y(hover.y) - 12, margin.top + 12)})`}
            className="scatter-hover"
            pointerEvents="none"
          >
            <rect x={-4} y={-14} width={Math.min(200, hover.name.length * 7 + 12)} height={20} rx={3} />
            <text className="chart-label">{truncate(hover.name, 28)}</text>
          </g>
        )}
      </svg>
      <p className="scatter-status" aria-live="polite">
        {hover ? t('chartHoverLocation', { name: hover.name, x: formatNumber(lang, hover.x, xDigits), y: formatNumber(lang, hover.y, yDigits) }) : '\u00a0'}
      </p>
    </ChartFigure>
  );
}
