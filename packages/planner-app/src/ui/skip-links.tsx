// Skip links of the main screen: the first stops of the Tab order, shown when
// focused, jumping to the map, the toolbar and each open drawer's heading.
import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../i18n';
import { selectedLocationId } from '../stores/locations';

function focusFirst(selector: string): void {
  const target = document.querySelector<HTMLElement>(selector);
  if (!target) return;
  if (!target.hasAttribute('tabindex') && !target.matches('button, a[href], input, select, textarea')) target.tabIndex = -1;
  target.focus();
}

export function SkipLinks() {
  useSignals();
  const drawers = selectedLocationId.value !== null;
  const link = (label: string, selector: string) => (
    <li>
      <button type="button" className="skip-link" onClick={() => focusFirst(selector)}>
        {label}
      </button>
    </li>
  );
  return (
    <nav className="skip-links" aria-label={t('skipLinks')}>
      <ul>
        {link(t('skipToMap'), '.map-area .map')}
        {link(t('skipToToolbar'), '.toolbar button:not([disabled])')}
        {drawers && link(t('skipToLocationDrawer'), '.drawer-left .drawer-title, .drawer-left .drawer-expand')}
        {drawers && link(t('skipToOutputDrawer'), '.drawer-right .drawer-title, .drawer-right .drawer-expand')}
      </ul>
    </nav>
  );
}
