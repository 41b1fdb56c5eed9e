// Downloads: every CSV export in both cultures (byte-order mark, separators,
// decimal marks, headers), hidden columns only for a global administrator on
// request, and the calculation workbook whose formulas, computed from its
// cells, give the engine's output and follow a changed input.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import ExcelJS from 'exceljs';
import { childWithEdit } from './helpers/world.js';
import { startWorldServer, type WorldServer } from './helpers/world-server.js';
import { WorkbookEvaluator } from './helpers/formula.js';
import { storedOutputs } from './helpers/stored-outputs.js';

let ws: WorldServer;
let editScenario: number;
const outputs = new Map<string, number>();

const calculate = (scenarioId: number) => ws.calculate(scenarioId);

test.before(async () => {
  ws = await startWorldServer();
  const { db } = ws.server.ctx;
  editScenario = await childWithEdit(db, ws.world.baseScenarioId, ws.world.stores.Echo!, 'Echo extends', { salesArea: 3200 });
  await calculate(ws.world.baseScenarioId);
  await calculate(editScenario);
  await calculate(ws.world.scoreBaseScenarioId);
  for (const r of await storedOutputs(db)) {
    outputs.set(`${r.scenario_id}:${r.location_id}`, r.output);
  }
});
test.after(async () => {
  await ws?.close();
});

interface Csv {
  bom: boolean;
  header: string[];
  rows: string[][];
}

function readCsv(text: string, separator: string): Csv {
  const bom = text.startsWith('\uFEFF');
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((l) => l.length);
  const cells = (line: string) => {
    const out: string[] = [];
    let field = '',
      quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === separator) {
        out.push(field);
        field = '';
      } else field += c;
    }
    out.push(field);
    return out;
  };
  return { bom, header: cells(lines[0]!), rows: lines.slice(1).map(cells) };
}

const download = async (path: string, token = ws.tokens.planner) => {
  const r = await ws.call(path, token, { headers: { Accept: '*/*' } });
  return r;
};

async function csvOf(path: string, culture: 'nl' | 'en', token = ws.tokens.planner): Promise<Csv> {
  const r = await download(`${path}${path.includes('?') ? '&' : '?'}culture=${culture}`, token);
  assert.is(r.status, 200, `${path}: ${r.text().slice(0, 200)}`);
  assert.match(String(r.headers['content-type']), /^text\/csv; charset=utf-8/);
  assert.match(String(r.headers['content-disposition']), /^attachment; filename=".+\.csv"$/);
  return readCsv(r.text(), culture === 'nl' ? ';' : ',');
}

const nlNumber = (text: string) => Number(text.replace(',', '.'));

test('scenario locations: byte-order mark, headers and decimal marks per culture, no hidden columns', async () => {
  const path = `/api/models/scenarios/${editScenario}/locations/export`;
  const nl = await csvOf(path, 'nl');
  const en = await csvOf(path, 'en');
  assert.ok(nl.bom && en.bom);
  assert.equal(nl.header.slice(0, 4), ['Locatie-id', 'Locatie', 'Breedtegraad', 'Lengtegraad']);
  assert.equal(en.header.slice(0, 4), ['Location id', 'Location', 'Latitude', 'Longitude']);
  assert.ok(en.header.includes('Sales area') && !en.header.includes('Cost price') && !en.header.includes('Turnover'));
  assert.is(nl.rows.length, 6);
  const echoNl = nl.rows.find((r) => r[1] === 'Echo')!;
  const echoEn = en.rows.find((r) => r[1] === 'Echo')!;
  assert.match(echoNl[2]!, /^52,\d+$/);
  assert.match(echoEn[2]!, /^52\.\d+$/);
  assert.is(nlNumber(echoNl[2]!), Number(echoEn[2]));
  assert.is(echoNl[6], 'gewijzigd');
  assert.is(echoEn[6], 'edited');
  assert.is(echoEn[en.header.indexOf('Sales area')], '3200');
});

test('a value stored outside the range the model now sets is named in the column Outside allowed range; the others stay empty', async () => {
  const { db } = ws.server.ctx;
  const salesArea = ws.world.properties.salesArea;
  const path = `/api/models/scenarios/${editScenario}/locations/export`;
  const before = await csvOf(path, 'en');
  const column = before.header.indexOf('Outside allowed range');
  assert.is(column, before.header.length - 1, 'after the properties');
  assert.ok(before.rows.every((r) => r[column] === ''));
  // Echo holds 3200 in this scenario; a maximum of 3000 set afterwards leaves it outside.
  await db.query('UPDATE location_property SET maximum_value = 3000 WHERE id = $1', [salesArea]);
  try {
    const en = await csvOf(path, 'en');
    const nl = await csvOf(path, 'nl');
    assert.is(nl.header[column], 'Buiten toegestaan bereik');
    assert.is(en.rows.find((r) => r[1] === 'Echo')![column], 'Sales area');
    const others = en.rows.filter((r) => r[1] !== 'Echo' && Number(r[en.header.indexOf('Sales area')]) <= 3000);
    assert.ok(others.length > 0 && others.every((r) => r[column] === ''));
    // The calculation workbook says it beside the value on its Location sheet.
    const workbook = await workbookOf(editScenario, ws.world.stores.Echo!);
    const sheet = workbook.getWorksheet('Location')!;
    const notes = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const note = sheet.getRow(r).getCell(3).value;
      if (typeof note === 'string' && note.startsWith('Outside')) notes.push([sheet.getRow(r).getCell(1).value, sheet.getRow(r).getCell(2).value, note]);
    }
    assert.equal(notes, [['salesArea', 3200, 'Outside the allowed range (at most 3000)']]);
  } finally {
    await db.query('UPDATE location_property SET maximum_value = NULL WHERE id = $1', [salesArea]);
  }
});

test('scenario output: outputs per location; hidden columns only for a global administrator on request', async () => {
  const path = `/api/models/scenarios/${editScenario}/output/export`;
  const refused = await download(`${path}?culture=en&includeHidden=true`);
  assert.is(refused.status, 403);
  const plain = await csvOf(path, 'nl');
  assert.ok(!plain.header.includes('Cost price'));
  const turnover = plain.header.indexOf('Turnover');
  assert.ok(turnover > 0);
  for (const row of plain.rows) {
    const expected = outputs.get(`${editScenario}:${row[0]}`)!;
    assert.ok(Math.abs(nlNumber(row[turnover]!) - expected) < 1e-6 * expected, row[1]);
  }
  const hidden = await csvOf(`${path}?includeHidden=true`, 'en', ws.tokens.globalAdmin);
  assert.ok(hidden.header.includes('Cost price'));
  const model = await csvOf(`/api/models/${ws.world.modelId}/output/export`, 'en');
  const echo = model.rows.find((r) => r[1] === 'Echo')!;
  assert.ok(Math.abs(Number(echo[model.header.indexOf('Turnover')]) - outputs.get(`${ws.world.baseScenarioId}:${ws.world.stores.Echo}`)!) < 1e-3);
});

test('the output export of a scenario that is not calculated answers 409', async () => {
  const other = await childWithEdit(ws.server.ctx.db, ws.world.baseScenarioId, ws.world.stores.Alpha!, 'Not calculated', { salesArea: 1 });
  const r = await download(`/api/models/scenarios/${other}/output/export?culture=en`);
  assert.is(r.status, 409);
  assert.is(r.json().message, 'scenarioIsNotCalculated');
});

test('locations of every scenario: global administrators only; each scenario with its own locations', async () => {
  const path = `/api/models/${ws.world.modelId}/scenarios/locations/export`;
  assert.is((await download(`${path}?culture=en`)).status, 403);
  const all = await csvOf(path, 'en', ws.tokens.globalAdmin);
  assert.equal(all.header.slice(0, 3), ['Scenario id', 'Scenario', 'Location id']);
  assert.is(all.rows.filter((r) => r[1] === 'Base').length, 6);
  assert.equal(
    all.rows.filter((r) => r[1] === 'Echo extends').map((r) => r[3]),
    ['Echo'],
  );
});

test('an area: the locations drawing from it, with value, share, minutes and score', async () => {
  const nl = await csvOf(`/api/models/${ws.world.subModelId}/scenarios/${editScenario}/areas/C0808/export`, 'nl');
  assert.equal(nl.header, ['Gebiedscode', 'Locatie-id', 'Locatie', 'Waarde', 'Aandeel van het gebied', 'Minuten met de auto', 'Minuten te voet', 'Score']);
  assert.is(nl.rows[0]![2], 'Echo');
  const shares = nl.rows.reduce((s, r) => s + nlNumber(r[4]!), 0);
  assert.ok(Math.abs(shares - 1) < 1e-6);
});

test('catchment areas of a location: every catchment area, one by name, and with area properties', async () => {
  const base = `/api/models/${ws.world.subModelId}/scenarios/${editScenario}/locations/${ws.world.stores.Echo}/catchment-area/export`;
  const all = await csvOf(base, 'en');
  assert.equal(all.header.slice(0, 4), ['Catchment area', 'Area code', 'Rank', 'Value']);
  assert.ok(all.rows.some((r) => r[0] === 'Grid cells') && all.rows.some((r) => r[0] === 'Districts'));
  const districts = await csvOf(`${base}/districts`, 'nl');
  assert.equal(districts.header.slice(0, 2), ['Verzorgingsgebied', 'Gebiedscode']);
  assert.ok(districts.rows.every((r) => r[0] === 'Districts'));
  const total = districts.rows.reduce((s, r) => s + nlNumber(r[3]!), 0);
  const echo = outputs.get(`${editScenario}:${ws.world.stores.Echo}`)!;
  assert.ok(Math.abs(total - echo) < 1e-6 * echo);
  assert.ok(['primair', 'secundair', 'buiten'].includes(districts.rows[0]![9]!));
  const areas = await csvOf(`/api/models/scenarios/locations/${ws.world.stores.Echo}/areas/export/cells`, 'en');
  assert.ok(areas.header.includes('Population'));
  assert.ok(areas.rows.length > 10);
  assert.is((await download(`${base}/nope?culture=en`)).status, 404);
});

async function workbookOf(scenarioId: number, locationId: number): Promise<ExcelJS.Workbook> {
  const r = await download(`/api/models/scenarios/${scenarioId}/locations/${locationId}/calculation-model`, ws.tokens.globalAdmin);
  assert.is(r.status, 200, r.text().slice(0, 200));
  assert.match(String(r.headers['content-type']), /spreadsheetml/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(r.body as unknown as ArrayBuffer);
  return workbook;
}

/** The address of column D on the Location sheet in the row whose label starts with `label`. */
function rowOf(workbook: ExcelJS.Workbook, label: string, column = 'D'): string {
  const sheet = workbook.getWorksheet('Location')!;
  for (let r = 1; r <= sheet.rowCount; r++) if (String(sheet.getRow(r).getCell(1).value ?? '').startsWith(label)) return `${column}${r}`;
  throw new Error(`no row '${label}'`);
}

test('the calculation workbook: its formulas give the engine output, and a changed input changes it', async () => {
  const planner = await download(`/api/models/scenarios/${editScenario}/locations/${ws.world.stores.Echo}/calculation-model`);
  assert.is(planner.status, 403);
  const workbook = await workbookOf(editScenario, ws.world.stores.Echo!);
  assert.equal(
    workbook.worksheets.map((s) => s.name),
    ['Model', 'Location', 'Competition', 'Areas'],
  );
  const evaluator = new WorkbookEvaluator(workbook);
  const outputCell = rowOf(workbook, 'Turnover O_j');
  assert.ok(workbook.getWorksheet('Location')!.getCell(outputCell).formula, 'the output is a formula');
  const calculated = evaluator.value('Location', outputCell) as number;
  const engine = outputs.get(`${editScenario}:${ws.world.stores.Echo}`)!;
  assert.ok(Math.abs(calculated - engine) <= 1e-9 * engine, `${calculated} vs ${engine}`);

  // Back to the base scenario's sales area: the workbook gives the base scenario's output.
  evaluator.set('Location', rowOf(workbook, 'salesArea', 'B'), 2000);
  const smaller = evaluator.value('Location', outputCell) as number;
  const baseOutput = outputs.get(`${ws.world.baseScenarioId}:${ws.world.stores.Echo}`)!;
  assert.ok(Math.abs(smaller - baseOutput) <= 1e-9 * baseOutput, `${smaller} vs ${baseOutput}`);
  // A parameter is live too: a steeper car decay changes the output.
  evaluator.set('Model', 'B6', 3);
  assert.ok(Math.abs((evaluator.value('Location', outputCell) as number) - smaller) > 1e-6 * smaller);
});

test('the workbook of a score model: the total is the product of the live score functions', async () => {
  const site = (
    await ws.server.ctx.db.query<{ location_id: number }>(`SELECT location_id FROM location_version WHERE scenario_id = $1 AND name = 'Site A'`, [
      ws.world.scoreBaseScenarioId,
    ])
  ).rows[0]!.location_id;
  const workbook = await workbookOf(ws.world.scoreBaseScenarioId, site);
  const evaluator = new WorkbookEvaluator(workbook);
  const total = rowOf(workbook, 'Total score');
  assert.ok(Math.abs((evaluator.value('Location', total) as number) - 12) < 1e-9);
  evaluator.set('Location', rowOf(workbook, 'parking', 'B'), 10);
  assert.ok(Math.abs((evaluator.value('Location', total) as number) - 10) < 1e-9);
});

test.run();
