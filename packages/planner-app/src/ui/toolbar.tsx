// The floating toolbar at the map's top left (ui-design.md): the scenario
// picker with its status chip, then the tool buttons.
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { t } from '../i18n';
import { ScenarioPicker } from './scenario-picker';

export function Toolbar({ children }: { children?: ReactNode }) {
  useSignals();
  return (
    <div className="toolbar" role="toolbar" aria-label={t('toolbar')}>
      <ScenarioPicker />
      {children && <div className="toolbar-buttons">{children}</div>}
    </div>
  );
}
