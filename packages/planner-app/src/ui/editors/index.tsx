// The model administrator's editors: model parameters
// (with the decay curves and the calibration), drivers and normalized scores
// functions. Saves validate on the server first; closing with unsaved changes
// and deleting a row ask for confirmation.
import { useSignals } from '@preact/signals-react/runtime';
import { DataType, DriverWeight, type TravelModeParameters } from '@locus/contract';
import type { CalibrationFit } from '@locus/contract/routes/calibration';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatNumber, formatPercent } from '../../i18n/format';
import { language, t } from '../../i18n';
import type { DraftEditorKind } from '../../stores/editors/drafts';
import { useAppModel } from '../app-model';
import { LogViewer } from '../admin/LogViewer';
import { Dialog, IconButton } from '../common';
import { decayWarnings } from '../../stores/parameter-checks';
import { refusalAt } from '../../stores/refusals';
import { CalibrationScatter, DecayPlot } from './charts';
import { ExpressionField } from './ExpressionField';
import './editors.css';

/** The server's reason for refusing the value of a field of the saved body, shown under the field. */
export function FieldRefusal({ field, id }: { field: string; id?: string }) {
  useSignals();
  const text = refusalAt(field);
  return text ? (
    <span id={id} className="field-error" role="alert">
      {text}
    </span>
  ) : null;
}

/** A number input that keeps what is typed and passes it on whenever it reads as a number. */
function NumberField({
  label,
  value,
  onChange,
  step = 'any',
  min,
  max,
  field,
  warning,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  step?: string | number;
  min?: number;
  max?: number;
  field?: string;
  warning?: string | null;
}) {
  useSignals();
  const [text, setText] = useState(String(value));
  const refused = field ? refusalAt(field) : null;
  // A value set from outside (a calibration applied, a save) replaces what is shown.
  useEffect(() => {
    setText((current) => (current.trim() !== '' && Number(current) === value ? current : String(value)));
  }, [value]);
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        step={step}
        min={min}
        max={max}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(n)) onChange(n);
        }}
        onBlur={() => setText(String(value))}
        aria-invalid={refused ? true : undefined}
      />
      {field && <FieldRefusal field={field} />}
      {!refused && warning && <span className="field-warning">{warning}</span>}
    </label>
  );
}

function EditorFooter({ kind }: { kind: DraftEditorKind }) {
  useSignals();
  const { closeEditor, editorDirty, saveEditor } = useAppModel().editors;
  return (
    <>
      {editorDirty.value && <span className="muted unsaved">{t('unsavedChanges')}</span>}
      <button type="button" className="button" onClick={() => void closeEditor()}>
        {t('close')}
      </button>
      <button type="button" className="button primary" disabled={!editorDirty.value} onClick={() => void saveEditor(kind)}>
        {t('save')}
      </button>
    </>
  );
}

// --- Model parameters -------------------------------------------------------------------

function ModeFields({ mode, label }: { mode: 'car' | 'pedestrian'; label: string }) {
  useSignals();
  const { updateMode, parametersDraft } = useAppModel().editors;
  const values: TravelModeParameters | undefined = parametersDraft.value?.[mode];
  if (!values) return null;
  return (
    <fieldset className="card mode-card">
      <legend>{label}</legend>
      <div className="mode-grid">
        <div className="mode-fields">
          <NumberField
            label={t('maximumMinutes')}
            field={`${mode}.maximumMinutes`}
            value={values.maximumMinutes}
            min={0}
            onChange={(v) => updateMode(mode, { maximumMinutes: v })}
          />
          <NumberField label={t('decayScale')} field={`${mode}.scale`} value={values.scale} onChange={(v) => updateMode(mode, { scale: v })} />
          <NumberField label={t('decayConstant')} field={`${mode}.constant`} value={values.constant} onChange={(v) => updateMode(mode, { constant: v })} />
          <NumberField label={t('decayPower')} field={`${mode}.power`} value={values.power} step={0.1} onChange={(v) => updateMode(mode, { power: v })} />
        </div>
        <div>
          <DecayPlot mode={values} label={label} />
          <DecayWarnings mode={values} />
        </div>
      </div>
    </fieldset>
  );
}

/** The decay curve's warnings as the values are typed (they do not stop a save). */
function DecayWarnings({ mode }: { mode: TravelModeParameters }) {
  const warnings = decayWarnings(mode);
  if (!warnings.length) return null;
  return (
    <div className="decay-warnings" role="status">
      {warnings.map((w) => (
        <p key={w.key}>{t(w.key, w.vars)}</p>
      ))}
    </div>
  );
}

function FitTable({ before, after }: { before: CalibrationFit; after: CalibrationFit }) {
  const lang = language.value;
  return (
    <table className="admin-table numbers fit-table">
      <caption className="visually-hidden">{t('calibrationFit')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('calibrationMeasure')}</th>
          <th scope="col">{t('calibrationBefore')}</th>
          <th scope="col">{t('calibrationAfter')}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">R²</th>
          <td>{formatNumber(lang, before.rSquared, 3)}</td>
          <td>{formatNumber(lang, after.rSquared, 3)}</td>
        </tr>
        <tr>
          <th scope="row">{t('calibrationMape')}</th>
          <td>{formatPercent(lang, before.meanAbsolutePercentageError)}</td>
          <td>{formatPercent(lang, after.meanAbsolutePercentageError)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function CalibrationSection() {
  useSignals();
  const { applyCalibration, calibration, startCalibration, editorDirty } = useAppModel().editors;
  const job = calibration.value;
  const lang = language.value;
  const result = job?.result ?? null;
  const fmt = (v: number | null) => (v === null ? '–' : formatNumber(lang, v, 2));
  return (
    <section className="card calibration" aria-labelledby="calibration-title">
      <header className="card-title">
        <h3 id="calibration-title">{t('calibrationTitle')}</h3>
        <button type="button" className="button" disabled={job?.state === 'running' || editorDirty.value} onClick={() => void startCalibration()}>
          {t('calibrate')}
        </button>
      </header>
      <p className="muted">{editorDirty.value ? t('calibrationSaveFirst') : t('calibrationHint')}</p>
      {job?.state === 'running' && (
        <div className="calibration-progress">
          <progress max={100} value={job.progress} aria-label={t('calibrationProgress')} />
          <span role="status">{t('calibrationRunning', { progress: Math.round(job.progress) })}</span>
        </div>
      )}
      {job?.state === 'failed' && (
        <p className="field-error" role="alert">
          {t('calibrationFailed', { reason: job.error ?? '' })}
        </p>
      )}
      {result && (
        <div className="calibration-result">
          <div>
            <p title={result.actualProperty}>{t('calibrationLocationsActual', { count: result.locationCount })}</p>
            <FitTable before={result.before.fit} after={result.after.fit} />
            <table className="admin-table numbers">
              <caption className="visually-hidden">{t('calibrationParameters')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('calibrationParameter')}</th>
                  <th scope="col">{t('calibrationBefore')}</th>
                  <th scope="col">{t('calibrationAfter')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('decayPowerOf', { mode: t('modeCar') })}</th>
                  <td>{fmt(result.before.parameters.carPower)}</td>
                  <td>{fmt(result.after.parameters.carPower)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('decayPowerOf', { mode: t('modePedestrian') })}</th>
                  <td>{fmt(result.before.parameters.pedestrianPower)}</td>
                  <td>{fmt(result.after.parameters.pedestrianPower)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('attractivenessExponent')}</th>
                  <td>{fmt(result.before.parameters.attractivenessExponent)}</td>
                  <td>{fmt(result.after.parameters.attractivenessExponent)}</td>
                </tr>
              </tbody>
            </table>
            <button type="button" className="button primary" onClick={() => void applyCalibration()}>
              {t('calibrationApply')}
            </button>
          </div>
          <CalibrationScatter points={result.points} />
        </div>
      )}
    </section>
  );
}

function ModelParametersEditor() {
  useSignals();
  const { addFunctionRow, deleteFunctionRow, updateFunctionRow, updateParameters, closeEditor, editorDirty, openEditor, parametersDraft } =
    useAppModel().editors;
  const draft = parametersDraft.value;
  const open = openEditor.value === 'modelParameters' && !!draft;
  return (
    <Dialog
      title={t('editModelParameters')}
      open={open}
      confirmClose={editorDirty.value}
      onClose={() => void closeEditor(async () => true)}
      width={1040}
      className="editor-dialog"
      footer={<EditorFooter kind="modelParameters" />}
    >
      {draft && (
        <>
          <div className="card">
            <NumberField
              label={t('fractionCutOffThreshold')}
              field="fractionCutOffThreshold"
              value={draft.fractionCutOffThreshold}
              min={0}
              max={1}
              step={0.001}
              onChange={(v) => updateParameters({ fractionCutOffThreshold: v })}
            />
          </div>
          <div className="mode-cards">
            <ModeFields mode="car" label={t('modeCar')} />
            <ModeFields mode="pedestrian" label={t('modePedestrian')} />
          </div>
          <CalibrationSection />
          <section className="card" aria-labelledby="functions-title">
            <header className="card-title">
              <h3 id="functions-title">{t('functionsTable')}</h3>
              <button type="button" className="button" onClick={() => addFunctionRow()}>
                <Plus size={16} aria-hidden="true" />
                {t('addRow')}
              </button>
            </header>
            <table className="editor-table">
              <thead>
                <tr>
                  <th scope="col">id</th>
                  <th scope="col">{t('functionDescription')}</th>
                  <th scope="col">{t('functionExpression')}</th>
                  <th scope="col">{t('defaultValue')}</th>
                  <th scope="col">{t('functionType')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('adminActions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.functions.map((row, index) => (
                  <tr key={row.key}>
                    <td className="numbers">{row.id ?? t('newRow')}</td>
                    <td>
                      <input
                        value={row.description}
                        aria-label={t('functionDescriptionOf', { row: index + 1 })}
                        onChange={(e) => updateFunctionRow(row.key, { description: e.target.value })}
                      />
                      <FieldRefusal field={`functions.${index}.description`} />
                    </td>
                    <td className="expression-cell">
                      <ExpressionField
                        rowKey={row.key}
                        value={row.function}
                        label={t('functionExpressionOf', { row: index + 1 })}
                        onChange={(v) => updateFunctionRow(row.key, { function: v })}
                      />
                      <FieldRefusal field={`functions.${index}.function`} />
                    </td>
                    <td>
                      <input
                        type="number"
                        className="narrow"
                        value={row.defaultValue}
                        aria-label={t('defaultValueOf', { row: index + 1 })}
                        onChange={(e) => updateFunctionRow(row.key, { defaultValue: Number(e.target.value) })}
                      />
                      <FieldRefusal field={`functions.${index}.defaultValue`} />
                    </td>
                    <td>
                      <input
                        type="number"
                        className="narrow"
                        min={1}
                        step={1}
                        value={row.type}
                        aria-label={t('functionTypeOf', { row: index + 1 })}
                        onChange={(e) => updateFunctionRow(row.key, { type: Math.max(1, Math.round(Number(e.target.value)) || 1) })}
                      />
                      <FieldRefusal field={`functions.${index}.type`} />
                    </td>
                    <td>
                      <IconButton
                        label={t('deleteRowOf', { row: index + 1 })}
                        icon={<Trash2 size={16} aria-hidden="true" />}
                        className="small"
                        onClick={() => void deleteFunctionRow(row.key)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <details className="property-lists">
              <summary>{t('propertyLists')}</summary>
              <PropertyListTables />
            </details>
          </section>
        </>
      )}
    </Dialog>
  );
}

function PropertyListTables() {
  useSignals();
  const { parameters } = useAppModel().editors;
  const p = parameters.value;
  if (!p) return null;
  const groups: [string, typeof p.locationProperties][] = [
    [t('locationProperties'), p.locationProperties],
    [t('locationGroupProperties'), p.locationGroupProperties],
    [t('locationClusterProperties'), p.locationClusterProperties],
  ];
  return (
    <div className="property-list-grid">
      {groups.map(([title, list]) => (
        <div key={title}>
          <h4>{title}</h4>
          <ul>
            {list.map((prop) => (
              <li key={prop.name}>
                <code>{prop.name}</code>
                {prop.title ? ` – ${prop.title}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

// --- Drivers --------------------------------------------------------------------------------

function DriversEditor() {
  useSignals();
  const { addDriver, addDriverFilter, deleteDriver, deleteDriverFilter, updateDriverRow, updateFilterRow, closeEditor, driversDraft, editorDirty, openEditor } =
    useAppModel().editors;
  const draft = driversDraft.value;
  const open = openEditor.value === 'drivers' && !!draft;
  return (
    <Dialog
      title={t('editDrivers')}
      open={open}
      confirmClose={editorDirty.value}
      onClose={() => void closeEditor(async () => true)}
      width={1040}
      className="editor-dialog"
      footer={<EditorFooter kind="drivers" />}
    >
      {draft && (
        <>
          {draft.map((filter, fi) => (
            <section key={filter.key} className="card driver-filter" aria-label={t('driverFilterOf', { row: fi + 1 })}>
              <div className="filter-head">
                <label className="field">
                  <span>{t('driverFilterTitle')}</span>
                  <input value={filter.title} onChange={(e) => updateFilterRow(filter.key, { title: e.target.value })} />
                  <FieldRefusal field={`${fi}.title`} />
                </label>
                <div className="field grow">
                  <span aria-hidden="true">{t('functionExpression')}</span>
                  <ExpressionField
                    rowKey={filter.key}
                    value={filter.function}
                    label={t('driverFilterFunctionOf', { row: fi + 1 })}
                    onChange={(v) => updateFilterRow(filter.key, { function: v })}
                  />
                </div>
                <IconButton
                  label={t('deleteDriverFilterOf', { row: fi + 1 })}
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  onClick={() => void deleteDriverFilter(filter.key)}
                />
              </div>
              <table className="editor-table">
                <thead>
                  <tr>
                    <th scope="col">{t('driverTitle')}</th>
                    <th scope="col">{t('functionExpression')}</th>
                    <th scope="col">{t('driverWeight')}</th>
                    <th scope="col">{t('roundingDigits')}</th>
                    <th scope="col">{t('inverse')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('adminActions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {filter.drivers.map((d, di) => {
                    const name = d.title || t('driverNumber', { row: di + 1 });
                    return (
                      <tr key={d.key}>
                        <td>
                          <input
                            value={d.title}
                            aria-label={t('driverTitleOf', { row: di + 1, filter: fi + 1 })}
                            onChange={(e) => updateDriverRow(filter.key, d.key, { title: e.target.value })}
                          />
                          <FieldRefusal field={`${fi}.drivers.${di}.title`} />
                        </td>
                        <td className="expression-cell">
                          <ExpressionField
                            rowKey={d.key}
                            value={d.function}
                            label={t('driverFunctionOf', { name })}
                            onChange={(v) => updateDriverRow(filter.key, d.key, { function: v })}
                          />
                        </td>
                        <td className="weight-cell">
                          <input
                            type="range"
                            min={DriverWeight.minimum}
                            max={DriverWeight.maximum}
                            step={1}
                            value={d.weight}
                            aria-label={t('driverWeightOf', { name })}
                            onChange={(e) => updateDriverRow(filter.key, d.key, { weight: Number(e.target.value) })}
                          />
                          <output className="numbers">{d.weight}</output>
                          <FieldRefusal field={`${fi}.drivers.${di}.weight`} />
                        </td>
                        <td>
                          <input
                            type="number"
                            className="narrow"
                            min={0}
                            max={10}
                            step={1}
                            value={d.roundingDigits}
                            aria-label={t('roundingDigitsOf', { name })}
                            onChange={(e) =>
                              updateDriverRow(filter.key, d.key, { roundingDigits: Math.min(10, Math.max(0, Math.round(Number(e.target.value)) || 0)) })
                            }
                          />
                        </td>
                        <td>
                          <input
                            type="checkbox"
                            checked={d.inverse}
                            aria-label={t('inverseOf', { name })}
                            onChange={(e) => updateDriverRow(filter.key, d.key, { inverse: e.target.checked })}
                          />
                        </td>
                        <td>
                          <IconButton
                            label={t('deleteDriverOf', { name })}
                            icon={<Trash2 size={16} aria-hidden="true" />}
                            className="small"
                            onClick={() => void deleteDriver(filter.key, d.key)}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <button type="button" className="button" onClick={() => addDriver(filter.key)}>
                <Plus size={16} aria-hidden="true" />
                {t('addDriver')}
              </button>
            </section>
          ))}
          <button type="button" className="button" onClick={() => addDriverFilter()}>
            <Plus size={16} aria-hidden="true" />
            {t('addDriverFilter')}
          </button>
        </>
      )}
    </Dialog>
  );
}

// --- Normalized scores functions -------------------------------------------------------------

function NormalizedScoresEditor() {
  useSignals();
  const { addScoreRow, deleteScoreRow, updateScoreRow, closeEditor, editorDirty, openEditor, scoresDraft } = useAppModel().editors;
  const draft = scoresDraft.value;
  const open = openEditor.value === 'normalizedScores' && !!draft;
  return (
    <Dialog
      title={t('editNormalizedScores')}
      open={open}
      confirmClose={editorDirty.value}
      onClose={() => void closeEditor(async () => true)}
      width={1040}
      className="editor-dialog"
      footer={<EditorFooter kind="normalizedScores" />}
    >
      {draft && (
        <section className="card" aria-label={t('editNormalizedScores')}>
          <header className="card-title">
            <h3>{t('functionsTable')}</h3>
            <button type="button" className="button" onClick={() => addScoreRow()}>
              <Plus size={16} aria-hidden="true" />
              {t('addRow')}
            </button>
          </header>
          <table className="editor-table">
            <thead>
              <tr>
                <th scope="col">{t('scoreTitle')}</th>
                <th scope="col">{t('functionExpression')}</th>
                <th scope="col">{t('scoreWeight')}</th>
                <th scope="col">{t('defaultValue')}</th>
                <th scope="col">{t('functionType')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('adminActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.map((row, index) => (
                <tr key={row.key}>
                  <td>
                    <input
                      value={row.title}
                      aria-label={t('scoreTitleOf', { row: index + 1 })}
                      onChange={(e) => updateScoreRow(row.key, { title: e.target.value })}
                    />
                    <FieldRefusal field={`${index}.title`} />
                  </td>
                  <td className="expression-cell">
                    <ExpressionField
                      rowKey={row.key}
                      value={row.function}
                      label={t('functionExpressionOf', { row: index + 1 })}
                      onChange={(v) => updateScoreRow(row.key, { function: v })}
                    />
                  </td>
                  <td>
                    <input
                      type="number"
                      className="narrow"
                      value={row.weight}
                      aria-label={t('scoreWeightOf', { row: index + 1 })}
                      onChange={(e) => updateScoreRow(row.key, { weight: Number(e.target.value) })}
                    />
                    <FieldRefusal field={`${index}.weight`} />
                  </td>
                  <td>
                    <input
                      type="number"
                      className="narrow"
                      value={row.defaultValue}
                      aria-label={t('defaultValueOf', { row: index + 1 })}
                      onChange={(e) => updateScoreRow(row.key, { defaultValue: Number(e.target.value) })}
                    />
                  </td>
                  <td>
                    <input
                      type="number"
                      className="narrow"
                      min={1}
                      step={1}
                      value={row.type}
                      aria-label={t('functionTypeOf', { row: index + 1 })}
                      onChange={(e) => updateScoreRow(row.key, { type: Math.max(1, Math.round(Number(e.target.value)) || 1) })}
                    />
                    <FieldRefusal field={`${index}.type`} />
                  </td>
                  <td>
                    <IconButton
                      label={t('deleteRowOf', { row: index + 1 })}
                      icon={<Trash2 size={16} aria-hidden="true" />}
                      className="small"
                      onClick={() => void deleteScoreRow(row.key)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Dialog>
  );
}

// --- Property ranges ---------------------------------------------------------------------------

/** One bound of a range: typed as text (empty is no bound), refused values shown under it. */
function BoundInput({ value, label, field, onChange, min }: { value: string; label: string; field: string; onChange: (v: string) => void; min?: number }) {
  useSignals();
  const refused = refusalAt(field);
  const id = useId();
  return (
    <>
      <input
        type="number"
        step="any"
        min={min}
        className="narrow"
        value={value}
        aria-label={label}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? id : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldRefusal field={field} id={id} />
    </>
  );
}

function PropertyRangesEditor() {
  useSignals();
  const { closeEditor, updateRangeRow, editorDirty, openEditor, rangesDraft } = useAppModel().editors;
  const draft = rangesDraft.value;
  const open = openEditor.value === 'propertyRanges' && !!draft;
  return (
    <Dialog
      title={t('editPropertyRanges')}
      open={open}
      confirmClose={editorDirty.value}
      onClose={() => void closeEditor(async () => true)}
      width={1040}
      className="editor-dialog"
      footer={<EditorFooter kind="propertyRanges" />}
    >
      {draft && (
        <section className="card" aria-label={t('editPropertyRanges')}>
          <p className="muted">{t('propertyRangesHint')}</p>
          {draft.some((r) => r.dataType === DataType.percentage) && <p className="muted">{t('propertyRangesPercent')}</p>}
          <table className="editor-table">
            <thead>
              <tr>
                <th scope="col">{t('rangeProperty')}</th>
                <th scope="col">{t('rangeMinimum')}</th>
                <th scope="col">{t('rangeMaximum')}</th>
                <th scope="col">{t('rangeStepLabel')}</th>
                <th scope="col">{t('rangeWholeNumbersLabel')}</th>
              </tr>
            </thead>
            <tbody>
              {draft.map((row, index) => {
                const name = row.title ?? row.name;
                const unit = row.dataType === DataType.percentage ? ' (%)' : '';
                return (
                  <tr key={row.id}>
                    <th scope="row">
                      {name}
                      {unit}
                      {row.title && row.title !== row.name && (
                        <>
                          {' '}
                          <code className="muted">{row.name}</code>
                        </>
                      )}
                      <FieldRefusal field={`${index}.id`} />
                    </th>
                    <td>
                      <BoundInput
                        value={row.minimum}
                        label={t('rangeMinimumOf', { name })}
                        field={`${index}.minimumValue`}
                        onChange={(v) => updateRangeRow(row.id, { minimum: v })}
                      />
                    </td>
                    <td>
                      <BoundInput
                        value={row.maximum}
                        label={t('rangeMaximumOf', { name })}
                        field={`${index}.maximumValue`}
                        onChange={(v) => updateRangeRow(row.id, { maximum: v })}
                      />
                    </td>
                    <td>
                      <BoundInput
                        value={row.step}
                        min={0}
                        label={t('rangeStepOf', { name })}
                        field={`${index}.step`}
                        onChange={(v) => updateRangeRow(row.id, { step: v })}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        checked={row.wholeNumbers}
                        aria-label={t('rangeWholeNumbersOf', { name })}
                        onChange={(e) => updateRangeRow(row.id, { wholeNumbers: e.target.checked })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </Dialog>
  );
}

/** Every editor and the log viewer; each shows itself when it is the open one. */
export function EditorDialogs() {
  return (
    <>
      <ModelParametersEditor />
      <DriversEditor />
      <NormalizedScoresEditor />
      <PropertyRangesEditor />
      <LogViewer />
    </>
  );
}
