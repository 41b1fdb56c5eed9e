// The scenario picker (its order: top scenarios first, then by name
// descending, nested by parent) with each scenario's status chip.
import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { ChevronDown } from 'lucide-react';
import { language, t } from '../i18n';
import { selectScenario } from '../stores/planner';
import { orderScenarios, progressPercent, scenario, scenarioId, scenarios, statusKind } from '../stores/scenarios';
import { hidePopover } from './common';

export function statusText(status: number): string {
  switch (statusKind(status)) {
    case 'notCalculated':
      return t('statusNotCalculated');
    case 'waiting':
      return t('statusWaiting');
    case 'calculating':
      return t('statusCalculating', { percent: progressPercent(status) });
    case 'calculated':
      return t('statusCalculated');
    case 'failed':
      return t('statusFailed');
    default:
      return t('statusError');
  }
}

export function StatusChip({ status, live = false }: { status: number; live?: boolean }) {
  useSignals();
  const kind = statusKind(status);
  return (
    <span className={`status-chip ${kind}`} role={live ? 'status' : undefined}>
      {kind === 'calculating' && <span className="chip-progress" style={{ width: `${progressPercent(status)}%` }} aria-hidden="true" />}
      <span className="chip-text">{statusText(status)}</span>
    </span>
  );
}

const LIST_ID = 'scenario-list';

export function ScenarioPicker() {
  useSignals();
  const current = scenario.value;
  const entries = orderScenarios(scenarios.value, language.value);
  const list = useRef<HTMLUListElement>(null);

  const choose = (id: number) => {
    hidePopover(LIST_ID);
    void selectScenario(id);
  };
  const onKey = (event: React.KeyboardEvent) => {
    const options = [...(list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
    const index = options.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') options[Math.min(options.length - 1, index + 1)]?.focus();
    else if (event.key === 'ArrowUp') options[Math.max(0, index - 1)]?.focus();
    else if (event.key === 'Home') options[0]?.focus();
    else if (event.key === 'End') options[options.length - 1]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div className="scenario-picker">
      <button type="button" className="scenario-button" popoverTarget={LIST_ID} aria-haspopup="listbox">
        <span className="scenario-label">{t('scenario')}</span>
        <span className="scenario-name">{current?.name ?? t('scenarioNotSelected')}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {current && <StatusChip status={current.status} live />}
      <div
        id={LIST_ID}
        popover="auto"
        className="menu scenario-list"
        onToggle={(e) => {
          if ((e.nativeEvent as ToggleEvent).newState === 'open') {
            (list.current?.querySelector<HTMLElement>('[aria-selected="true"]') ?? list.current?.querySelector<HTMLElement>('[role="option"]'))?.focus();
          }
        }}
      >
        <ul ref={list} role="listbox" aria-label={t('scenarios')} onKeyDown={onKey}>
          {entries.map(({ scenario: s, depth }) => (
            <li
              key={s.id}
              role="option"
              tabIndex={-1}
              aria-selected={s.id === scenarioId.value}
              className="scenario-option"
              style={{ paddingInlineStart: 12 + depth * 16 }}
              onClick={() => choose(s.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(s.id);
                }
              }}
            >
              <span className="option-name">{s.name}</span>
              {s.isTop && <span className="badge">{t('topScenario')}</span>}
              <StatusChip status={s.status} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
