// The right drawer's Impact section (what-if answer): the changed store's
// output, where it comes from (own group's stores, each competing group,
// demand not served before) or, for a closed store, where it goes; the own
// group's net effect; the stores that lose and gain most (a click selects the
// store and brings it into view). Figures are the API's differences
// (stores/impact.ts).
import { useSignals } from '@preact/signals-react/runtime';
import { language, t } from '../../i18n';
import { formatOutput, formatSigned } from '../../i18n/format';
import type { ImpactRow } from '../../stores/impact';
import { useAppModel } from '../app-model';
import { locations } from '../../stores/locations';
import { model } from '../../stores/models';
import { selectLocation } from '../../stores/planner';
import { requestFit } from '../../stores/view';
import { MATCH_ZOOM } from './panels';

function choose(id: number) {
  const l = locations.value.find((x) => x.id === id);
  void selectLocation(id);
  if (l) requestFit({ kind: 'point', lon: l.longitude, lat: l.latitude, zoom: MATCH_ZOOM });
}

export function ImpactSection() {
  useSignals();
  const { impactOfScenario } = useAppModel().impact;
  const summary = impactOfScenario.value;
  const m = model.value;
  if (!summary || !m) return null;
  const lang = language.value;
  const format = (v: number) => formatOutput(lang, v, m.outputType, m.currency);
  const signed = (v: number) => formatSigned(lang, v, format);
  const output = summary.outputTitle || t('output');
  if (summary.changed.length === 0 && summary.losers.length === 0 && summary.gainers.length === 0) {
    return (
      <section className="results-section impact-section" aria-labelledby="impact-title">
        <h3 id="impact-title">{t('impactTitle')}</h3>
        <p className="muted">{t('impactNone', { output })}</p>
      </section>
    );
  }
  // How much each source gives (a new store) or receives (a closed store), as a positive amount.
  const amount = (change: number) => format(Math.abs(change));
  const flows: { key: string; label: string; value: number }[] = [];
  if (summary.ownOthers !== null && summary.ownGroup !== null) {
    flows.push({ key: 'own', label: t(summary.closes ? 'impactToOwnGroup' : 'impactFromOwnGroup', { group: summary.ownGroup }), value: summary.ownOthers });
  }
  for (const c of summary.competitors)
    flows.push({ key: `group-${c.group}`, label: t(summary.closes ? 'impactToGroup' : 'impactFromGroup', { group: c.group ?? '' }), value: c.change });
  flows.push({ key: 'market', label: t(summary.closes ? 'impactDemandLost' : 'impactNewDemand'), value: summary.market });
  const list = (rows: readonly ImpactRow[], id: string, title: string) =>
    rows.length > 0 && (
      <>
        <h4 id={id}>{title}</h4>
        <ol className="matching-list impact-list" aria-labelledby={id}>
          {rows.map((r) => (
            <li key={r.locationId}>
              <button type="button" className="link-row" onClick={() => choose(r.locationId)}>
                <span className="row-name">{r.name}</span>
                <span className={`row-value ${r.change < 0 ? 'impact-down' : 'impact-up'}`}>{signed(r.change)}</span>
              </button>
            </li>
          ))}
        </ol>
      </>
    );
  return (
    <section className="results-section impact-section" aria-labelledby="impact-title" data-testid="impact-section">
      <h3 id="impact-title">{t('impactTitle')}</h3>
      <table className="results-table impact-figures">
        <caption className="visually-hidden">{t('impactTitle')}</caption>
        <tbody>
          {summary.changed.map((r) => (
            <tr key={r.locationId} data-location-id={r.locationId}>
              <th scope="row">{t(r.change < 0 && r.output === 0 ? 'impactClosedStore' : 'impactStoreOutput', { name: r.name, output })}</th>
              <td className="num">{r.output === 0 && r.change < 0 ? format(r.outputDefault) : format(r.output)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4 id="impact-flows">{t(summary.closes ? 'impactWhereTo' : 'impactWhereFrom', { output })}</h4>
      <table className="results-table impact-flows" aria-labelledby="impact-flows">
        <tbody>
          {flows.map((f) => (
            <tr key={f.key} data-flow={f.key}>
              <th scope="row">{f.label}</th>
              <td className="num">{amount(f.value)}</td>
            </tr>
          ))}
        </tbody>
        {summary.ownNet !== null && summary.ownGroup !== null && (
          <tfoot>
            <tr data-flow="own-net">
              <th scope="row">{t('impactOwnNet', { group: summary.ownGroup })}</th>
              <td className={`num ${summary.ownNet < 0 ? 'impact-down' : summary.ownNet > 0 ? 'impact-up' : ''}`}>{signed(summary.ownNet)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      {list(summary.losers, 'impact-losers', t('impactLosers'))}
      {list(summary.gainers, 'impact-gainers', t('impactGainers'))}
    </section>
  );
}
