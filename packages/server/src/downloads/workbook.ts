// The calculation-model workbook of one location: the calculation of its
// output written out with live formulas. Sheet Model holds the parameters,
// Location the location's inputs and its attractiveness functions, Competition
// every pair (area, location) of the areas the location reaches with its
// travel-time decay and utility, Areas the Huff share with the cut-off and
// the value per area, and Location the output as their sum. Changing an input
// (a property, a parameter, a competitor's attractiveness, minutes) changes
// the output when Excel recalculates. Every formula cell also carries the
// value Locus calculated, so the workbook reads right before recalculation.
import ExcelJS from 'exceljs';
import {
  decay,
  locationPairIndex,
  modeIsOn,
  scoreFunctions,
  locationScores,
  type ModeParameters,
  type PropertyValues,
  type ScenarioResult,
} from '@locus/engine';
import { FUNCTION_TYPE } from '@locus/engine';
import { excelFormula } from './excel-formula.js';

export interface WorkbookInput {
  modelName: string;
  scenarioName: string;
  locationName: string;
  /** What the model's functions read for this location. */
  record: PropertyValues;
  /** Properties (by name) whose stored value lies outside the range the model sets, with that range in words. */
  outsideRange?: ReadonlyMap<string, string>;
  outputTitle: string;
  /** The output Locus stored. */
  output: number;
  scoreModel: boolean;
  parameters: ScenarioResult['parameters'];
  /** For a Huff model: the result, the location's position, names and area codes. */
  huff?: { result: ScenarioResult; location: number; locationNames: (j: number) => string; areaCodes: (i: number) => string };
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3EAF2' } };
const INPUT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF7D6' } };

function headerRow(sheet: ExcelJS.Worksheet, titles: string[]) {
  const row = sheet.addRow(titles);
  row.font = { bold: true };
  row.eachCell((c) => {
    c.fill = HEADER_FILL;
  });
}

const formula = (text: string, result: number | string | boolean) => ({ formula: text, result }) as ExcelJS.CellFormulaValue;

function modeRows(sheet: ExcelJS.Worksheet, label: string, mode: ModeParameters | undefined) {
  const on = modeIsOn(mode);
  for (const [key, title] of [
    ['maximumMinutes', 'maximum minutes (0: not used)'],
    ['scale', 'scale'],
    ['constant', 'constant'],
    ['power', 'power'],
  ] as const) {
    const row = sheet.addRow([`${label}: ${title}`, on ? mode[key] : key === 'maximumMinutes' ? 0 : (mode?.[key] ?? 0)]);
    row.getCell(2).fill = INPUT_FILL;
  }
}

/** Decay of one mode for a minutes cell, as the engine computes it. */
const decayFormula = (minutes: string, first: number) =>
  `IF(AND(ISNUMBER(${minutes}),Model!$B$${first}>0),IF(${minutes}<=Model!$B$${first},Model!$B$${first + 1}*POWER(MAX(${minutes}+Model!$B$${first + 2},0.000001),-Model!$B$${first + 3}),0),0)`;

export async function calculationWorkbook(input: WorkbookInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Locus';
  workbook.created = new Date();
  workbook.calcProperties.fullCalcOnLoad = true;

  const model = workbook.addWorksheet('Model');
  model.columns = [{ width: 44 }, { width: 16 }];
  headerRow(model, ['Parameter', 'Value']);
  model.addRow(['Fraction cut-off threshold', input.parameters.fractionCutOffThreshold]).getCell(2).fill = INPUT_FILL; // B2
  modeRows(model, 'Car', input.parameters.car); // B3..B6
  modeRows(model, 'Pedestrian', input.parameters.pedestrian); // B7..B10

  const sheet = workbook.addWorksheet('Location');
  sheet.columns = [{ width: 34 }, { width: 40 }, { width: 16 }, { width: 18 }];
  sheet.addRow([`${input.modelName}: ${input.locationName}`]).font = { bold: true, size: 13 };
  sheet.addRow([`Scenario ${input.scenarioName}. Yellow cells are inputs: change one and the output follows.`]);
  headerRow(sheet, ['Property', 'Value']);
  const cells = new Map<string, string>();
  for (const [name, value] of Object.entries(input.record).sort(([a], [b]) => a.localeCompare(b))) {
    const outside = input.outsideRange?.get(name);
    const row = sheet.addRow([
      name,
      value === null || value === undefined ? null : typeof value === 'boolean' ? (value ? 1 : 0) : value,
      ...(outside ? [`Outside the allowed range (${outside})`] : []),
    ]);
    row.getCell(2).fill = INPUT_FILL;
    if (outside) row.getCell(3).font = { color: { argb: 'FFB42318' } };
    cells.set(name, `Location!$B$${row.number}`);
  }
  const cellOf = (name: string) => {
    // A name the location has no value for reads an empty cell: the function falls back to its default.
    if (!cells.has(name)) {
      const row = sheet.addRow([name, null]);
      row.getCell(2).fill = INPUT_FILL;
      cells.set(name, `Location!$B$${row.number}`);
    }
    return cells.get(name)!;
  };
  sheet.addRow([]);
  const functions = input.scoreModel
    ? scoreFunctions(input.parameters.functions)
    : scoreFunctions(input.parameters.functions.filter((f) => f.type === FUNCTION_TYPE.attractiveness));
  const scores = locationScores(functions, input.record).scores;
  // Formulas first (they may add input rows for names without a value), then the table.
  const formulas = functions.map((f) => `IFERROR(${excelFormula(f.definition.function, cellOf)},${f.definition.defaultValue})`);
  headerRow(sheet, ['Function', 'Expression', 'Default value', input.scoreModel ? 'Score' : 'Factor']);
  const first = sheet.rowCount + 1;
  functions.forEach((f, k) => {
    sheet.addRow([f.definition.description ?? '', f.definition.function, f.definition.defaultValue, formula(formulas[k]!, scores[k]!.score)]);
  });
  const last = sheet.rowCount;
  const product = scores.reduce((p, s) => p * s.score, 1);
  const attractivenessRow = sheet.addRow([
    input.scoreModel ? 'Total score' : 'Attractiveness A_j (product of the factors)',
    null,
    null,
    functions.length
      ? formula(`PRODUCT(D${first}:D${last})`, input.scoreModel ? product : input.huff!.result.attractiveness[input.huff!.location])
      : input.scoreModel
        ? 0
        : 1,
  ]);
  attractivenessRow.font = { bold: true };
  const attractiveness = `Location!$D$${attractivenessRow.number}`;

  if (!input.huff) {
    sheet.addRow([`${input.outputTitle} (calculated by Locus)`, null, null, input.output]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  const { result, location: j } = input.huff;
  const competition = workbook.addWorksheet('Competition');
  competition.columns = [{ width: 12 }, { width: 28 }, { width: 9 }, { width: 15 }, { width: 15 }, { width: 15 }, { width: 14 }, { width: 14 }, { width: 16 }];
  headerRow(competition, ['Area', 'Location', 'Selected', 'Attractiveness', 'Minutes by car', 'Minutes on foot', 'Decay car', 'Decay on foot', 'Utility']);
  const areas = workbook.addWorksheet('Areas');
  areas.columns = [{ width: 12 }, { width: 14 }, { width: 16 }, { width: 16 }, { width: 16 }, { width: 16 }, { width: 16 }, { width: 12 }, { width: 16 }];
  headerRow(areas, [
    'Area',
    'Demand D_i',
    'Sum of utilities',
    'Largest utility',
    'Cut-off utility',
    'Kept utilities',
    'Utility U_ij',
    'Share P_ij',
    'Value V_ij',
  ]);

  const index = locationPairIndex(result.pairs);
  const { offsets, location, minutesCar, minutesPedestrian } = result.pairs;
  const carOn = modeIsOn(result.parameters.car);
  const pedestrianOn = modeIsOn(result.parameters.pedestrian);
  const threshold = Math.max(0, result.parameters.fractionCutOffThreshold);
  for (let p = index.offsets[j]; p < index.offsets[j + 1]; p++) {
    const i = index.area[p];
    const r1 = competition.rowCount + 1;
    let selectedRow = 0;
    let sum = 0;
    let largest = 0;
    const utilities: number[] = [];
    for (let k = offsets[i]; k < offsets[i + 1]; k++) {
      const l = location[k];
      const rowNumber = competition.rowCount + 1;
      const decayCar = carOn ? decay(result.parameters.car!, minutesCar[k]) : 0;
      const decayPedestrian = pedestrianOn ? decay(result.parameters.pedestrian!, minutesPedestrian[k]) : 0;
      const utility = result.attractiveness[l] * result.decay[k];
      utilities.push(utility);
      sum += utility;
      largest = Math.max(largest, utility);
      competition.addRow([
        input.huff.areaCodes(i),
        input.huff.locationNames(l),
        l === j ? 1 : 0,
        l === j ? formula(attractiveness, result.attractiveness[l]) : result.attractiveness[l],
        Number.isFinite(minutesCar[k]) ? minutesCar[k] : null,
        Number.isFinite(minutesPedestrian[k]) ? minutesPedestrian[k] : null,
        formula(decayFormula(`E${rowNumber}`, 3), decayCar),
        formula(decayFormula(`F${rowNumber}`, 7), decayPedestrian),
        formula(`D${rowNumber}*(G${rowNumber}+H${rowNumber})`, utility),
      ]);
      if (l === j) selectedRow = rowNumber;
      if (l !== j) competition.getRow(rowNumber).getCell(4).fill = INPUT_FILL;
      competition.getRow(rowNumber).getCell(5).fill = INPUT_FILL;
      competition.getRow(rowNumber).getCell(6).fill = INPUT_FILL;
    }
    const r2 = competition.rowCount;
    const range = `Competition!$I$${r1}:$I$${r2}`;
    const cut = Math.min(threshold * sum, largest);
    const kept = utilities.filter((u) => u >= cut).reduce((s, u) => s + u, 0);
    const a = areas.rowCount + 1;
    const k = (() => {
      for (let q = offsets[i]; q < offsets[i + 1]; q++) if (location[q] === j) return q;
      return -1;
    })();
    areas
      .addRow([
        input.huff.areaCodes(i),
        result.demand[i],
        formula(`SUM(${range})`, sum),
        formula(`MAX(${range})`, largest),
        formula(`MIN(MAX(Model!$B$2,0)*C${a},D${a})`, cut),
        formula(`SUMIF(${range},">="&E${a})`, kept),
        formula(`Competition!$I$${selectedRow}`, utilities[k - offsets[i]] ?? 0),
        formula(`IF(OR(C${a}<=0,G${a}<E${a}),0,G${a}/F${a})`, result.probability[k]),
        formula(`B${a}*H${a}`, result.flow[k]),
      ])
      .getCell(2).fill = INPUT_FILL;
  }
  const lastArea = Math.max(2, areas.rowCount);
  sheet.addRow([]);
  const out = sheet.addRow([
    `${input.outputTitle} O_j (the sum of the values on sheet Areas)`,
    null,
    null,
    formula(`SUM(Areas!$I$2:$I$${lastArea})`, input.output),
  ]);
  out.font = { bold: true };
  sheet.addRow([`${input.outputTitle} as calculated by Locus`, null, null, input.output]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
