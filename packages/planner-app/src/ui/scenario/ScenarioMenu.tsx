// The scenario menu of the toolbar: new, edit, remove, copy
// changes and calculate, each disabled with the hint that says why.
import { useSignals } from '@preact/signals-react/runtime';
import { Calculator, Copy, FilePlus2, Layers3, Pencil, Trash2 } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { t } from '../../i18n';
import { openCopyChanges } from '../../stores/editing/copy-changes';
import { openEditScenario, openNewScenario, removeScenario } from '../../stores/editing/scenario-dialog';
import { scenarioMenuState, type Availability } from '../../stores/editing/rules';
import { calculate } from '../../stores/planner';
import { scenario, scenarios } from '../../stores/scenarios';
import { hidePopover, IconButton } from '../common';

export const SCENARIO_MENU_ID = 'scenario-menu';
const BUTTON_ID = 'scenario-menu-button';

function MenuEntry({ label, icon, state, onChoose }: { label: string; icon: ReactNode; state: Availability; onChoose: () => void }) {
  const hintId = useId();
  return (
    <button
      type="button"
      role="menuitem"
      className="menu-item editing-menu-item"
      aria-disabled={state.disabled || undefined}
      aria-describedby={state.reason ? hintId : undefined}
      title={state.reason ? t(state.reason) : undefined}
      onClick={() => {
        if (state.disabled) return;
        hidePopover(SCENARIO_MENU_ID);
        onChoose();
      }}
    >
      <span className="menu-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="menu-text">
        <span>{label}</span>
        {state.reason && (
          <span id={hintId} className="menu-hint">
            {t(state.reason)}
          </span>
        )}
      </span>
    </button>
  );
}

export function ScenarioMenu() {
  useSignals();
  const menu = useRef<HTMLDivElement>(null);
  const state = scenarioMenuState(scenario.value, scenarios.value);

  const onKey = (event: React.KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Home') items[0]?.focus();
    else if (event.key === 'End') items[items.length - 1]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <>
      <IconButton id={BUTTON_ID} label={t('scenarioMenu')} icon={<Layers3 size={20} aria-hidden="true" />} popoverTarget={SCENARIO_MENU_ID} />
      <div
        ref={menu}
        id={SCENARIO_MENU_ID}
        popover="auto"
        role="menu"
        aria-label={t('scenarioMenu')}
        className="menu editing-menu"
        onKeyDown={onKey}
        onToggle={(e) => {
          if ((e.nativeEvent as ToggleEvent).newState !== 'open') return;
          const rect = document.getElementById(BUTTON_ID)?.getBoundingClientRect();
          if (rect && menu.current) {
            menu.current.style.top = `${rect.bottom + 6}px`;
            menu.current.style.left = `${rect.left}px`;
          }
          menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        }}
      >
        <MenuEntry label={t('newScenario')} icon={<FilePlus2 size={18} />} state={state.newScenario} onChoose={openNewScenario} />
        <MenuEntry label={t('editScenario')} icon={<Pencil size={18} />} state={state.edit} onChoose={openEditScenario} />
        <MenuEntry label={t('removeScenario')} icon={<Trash2 size={18} />} state={state.remove} onChoose={() => void removeScenario()} />
        <MenuEntry label={t('copyChanges')} icon={<Copy size={18} />} state={state.copyChanges} onChoose={() => void openCopyChanges()} />
        <MenuEntry label={t('calculate')} icon={<Calculator size={18} />} state={state.calculate} onChoose={() => void calculate()} />
      </div>
    </>
  );
}
