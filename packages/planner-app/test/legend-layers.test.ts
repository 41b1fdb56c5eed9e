// The legend of what the map draws beyond the layer choices: the catchment as drawn, isolines
// (estimates say so, with the speeds they assume) and the range circles.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { IsolineParameter } from '@locus/contract';
import { DEFAULT_RANGE_CIRCLE_STYLE, EXCLUDED_AREA_COLOR } from '@locus/map-canvas';
import { textIn } from '../src/i18n';
import { GAIN_COLOR, LOSS_COLOR, TOOL_ISOLINE_COLOR } from '../src/map/catchment-layers';
import { assumedSpeeds, estimatedSet, layerLegendSections, type DrawnLayers } from '../src/map/legend-layers';

const parameter = (isoLineSetId: number, profile: string, baseUrl = '', provider = 0): IsolineParameter => ({
  profile,
  parameters: '',
  postProcessingActions: '',
  minutes: 10,
  isoLineSetId,
  baseUrl,
  maximumMinutes: 30,
  provider,
});
const parameters = [parameter(1, 'car'), parameter(1, 'pedestrian'), parameter(2, 'car', 'https://routing.example/osrm', 2)];
const nothing: DrawnLayers = { catchment: null, isolines: null, toolIsoline: null, parameters: null, ranges: [] };
const render = (value: string | { key: Parameters<typeof textIn>[1]; vars?: Record<string, string | number> } | undefined, lang: 'en' | 'nl' = 'en') =>
  value === undefined ? undefined : typeof value === 'string' ? value : textIn(lang, value.key, value.vars);

test('nothing drawn: no sections', () => {
  assert.equal(layerLegendSections('en', nothing), []);
});

test('a catchment by share: the share ramp and the grey of excluded areas; compared: gain, loss and no change', () => {
  const [shares] = layerLegendSections('en', { ...nothing, catchment: 'shares' });
  assert.is(shares!.id, 'catchment');
  const [ramp, excluded] = shares!.entries;
  assert.ok(ramp!.kind === 'ramp' && !ramp!.fade && ramp!.colors.length > 2);
  assert.is(render(ramp!.title), "Share of each area's demand");
  assert.ok(excluded!.kind === 'zone' && excluded!.color === EXCLUDED_AREA_COLOR);
  const [compare] = layerLegendSections('en', { ...nothing, catchment: 'compare' });
  assert.equal(
    compare!.entries.map((e) => (e.kind === 'zone' ? e.color : null)),
    [GAIN_COLOR, LOSS_COLOR, EXCLUDED_AREA_COLOR],
  );
  assert.equal(layerLegendSections('en', { ...nothing, catchment: 'zone' }), [], 'zone colours are listed with the zones');
});

test('estimated isolines say so, with the speeds they assume; routed ones give their minutes only', () => {
  assert.ok(estimatedSet(parameters, 1));
  assert.not.ok(estimatedSet(parameters, 2));
  assert.not.ok(estimatedSet(parameters, 3), 'a set without parameters is not called an estimate');
  assert.is(assumedSpeeds('en', parameters, 1), 'by car 25–90 km/h, on foot 4.8 km/h');
  assert.is(assumedSpeeds('nl', parameters, 1), 'auto 25–90 km/u, te voet 4,8 km/u');
  const [estimated] = layerLegendSections('en', { ...nothing, parameters, isolines: { minutes: [15, 5, 10, 5], isoLineSetId: 1 } });
  assert.is(estimated!.id, 'isolines');
  const entry = estimated!.entries[0]!;
  assert.ok(entry.kind === 'line');
  assert.is(render(entry.title), '5, 10, 15 min');
  assert.is(render(entry.kind === 'line' ? entry.note : undefined), 'Estimated, not routed: by car 25–90 km/h, on foot 4.8 km/h');
  const [routed] = layerLegendSections('en', { ...nothing, parameters, isolines: { minutes: [10], isoLineSetId: 2 } });
  assert.is(routed!.entries[0]!.kind === 'line' ? routed!.entries[0]!.note : 'x', undefined);
  const [tool] = layerLegendSections('en', { ...nothing, parameters, toolIsoline: { minutes: [12], isoLineSetId: 1 } });
  const toolEntry = tool!.entries[0]!;
  assert.ok(toolEntry.kind === 'line' && toolEntry.color === TOOL_ISOLINE_COLOR);
  assert.is(render(toolEntry.title), 'Isoline tool: 12 min');
});

test('range circles: their distances around the selection as the map labels them, in their colour', () => {
  const [ranges] = layerLegendSections('nl', { ...nothing, ranges: [5000, 500, 1500] });
  const entry = ranges!.entries[0]!;
  assert.ok(entry.kind === 'line' && entry.color === DEFAULT_RANGE_CIRCLE_STYLE.stroke);
  assert.is(render(entry.title, 'nl'), '500 m, 1500 m, 5000 m rond de selectie');
});

test.run();
