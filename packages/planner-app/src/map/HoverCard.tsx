// The hover card of a location icon: after the pointer rests on an icon for
// HOVER_CARD_DELAY_MS, its name, its group and (when the scenario is
// calculated) its output, beside the pointer. It follows the data, not the
// pointer: a move of the map or a click hides it.
import { useSignals } from '@preact/signals-react/runtime';
import { language, t } from '../i18n';
import { formatOutput } from '../i18n/format';
import { locations } from '../stores/locations';
import { isDefaultSubmodel, model } from '../stores/models';
import { scenario } from '../stores/scenarios';

/** Rest of the pointer on an icon before its card shows. */
export const HOVER_CARD_DELAY_MS = 300;

export interface HoverCardState {
  id: number;
  x: number;
  y: number;
}

export function HoverCard({ state, width }: { state: HoverCardState; width: number }) {
  useSignals();
  const l = locations.value.find((x) => x.id === state.id);
  if (!l) return null;
  const m = model.value;
  const s = scenario.value;
  const lang = language.value;
  // The list's score is the location's output in the default sub-model of a calculated scenario.
  const output = s?.status === 9 && isDefaultSubmodel.value && l.score !== null ? formatOutput(lang, l.score, m?.outputType ?? 1, m?.currency ?? 'EUR') : null;
  // Right of the pointer, or left of it near the right edge.
  const left = state.x + 14 + 240 > width ? Math.max(4, state.x - 14 - 240) : state.x + 14;
  return (
    <div className="map-hover-card" role="tooltip" style={{ left, top: Math.max(4, state.y - 10) }}>
      <p className="map-hover-name">{l.name}</p>
      <p className="muted">{l.locationGroup ?? t('hoverNoGroup')}</p>
      {output !== null && (
        <p>
          <span className="muted">{t('output')}: </span>
          <strong>{output}</strong>
        </p>
      )}
    </div>
  );
}
