// A drawer over the map from the left or the right, with a drag handle and a
// close button. The initial width is 400 px, or a third of the
// window when it is 1200 px wide or narrower; no drawer is wider than 30 % of
// the window, so with both open the map keeps at least 40 % of it. A drawer
// folds to a narrow strip (its collapse button; the strip's button opens it
// again), so on a small window the map gets the room back without losing the
// selection; the choice holds per side until it is changed.
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useRef, type ReactNode } from 'react';
import { PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen, X } from 'lucide-react';
import { t } from '../i18n';
import { DragHandle, useDrawerWidth } from './drag-handle';

export const DRAWER_WIDTH = 400;
export const NARROW_WINDOW = 1200;
export const MIN_DRAWER_WIDTH = 240;
/** The widest a drawer may be, as a share of the window: two drawers leave the map 40 %. */
export const MAX_DRAWER_SHARE = 0.3;

export function initialDrawerWidth(windowWidth: number): number {
  return clampDrawerWidth(windowWidth <= NARROW_WINDOW ? Math.round(windowWidth / 3) : DRAWER_WIDTH, windowWidth);
}

export function clampDrawerWidth(width: number, windowWidth: number): number {
  return Math.round(Math.min(Math.max(MIN_DRAWER_WIDTH, width), windowWidth * MAX_DRAWER_SHARE));
}

export interface DrawerProps {
  side: 'left' | 'right';
  label: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** Whether each side's drawer is folded to its strip. */
export const drawerCollapsed = { left: signal(false), right: signal(false) };

export function Drawer({ side, label, open, onClose, children }: DrawerProps) {
  useSignals();
  const [width, setWidth] = useDrawerWidth(initialDrawerWidth, clampDrawerWidth);
  const element = useRef<HTMLElement>(null);
  const collapsed = drawerCollapsed[side];
  if (!open) return null;
  if (collapsed.value) {
    const Open = side === 'left' ? PanelLeftOpen : PanelRightOpen;
    return (
      <aside className={`drawer drawer-${side} drawer-collapsed`} aria-label={label}>
        <button
          type="button"
          className="drawer-expand"
          aria-expanded={false}
          aria-label={t('drawerExpand', { label })}
          onClick={() => (collapsed.value = false)}
        >
          <Open size={18} aria-hidden="true" />
          <span className="drawer-strip-label" aria-hidden="true">
            {label}
          </span>
        </button>
      </aside>
    );
  }
  const Fold = side === 'left' ? PanelLeftClose : PanelRightClose;
  return (
    <aside ref={element} className={`drawer drawer-${side}`} aria-label={label} style={{ width }}>
      <div className="drawer-header">
        <button type="button" className="icon-button" aria-expanded={true} aria-label={t('drawerCollapse')} onClick={() => (collapsed.value = true)}>
          <Fold size={18} aria-hidden="true" />
        </button>
        <button type="button" className="icon-button" aria-label={t('closeDrawer')} onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="drawer-content">{children}</div>
      <DragHandle className="drawer-handle" side={side} width={width} onWidth={setWidth} clamp={clampDrawerWidth} target={element} />
    </aside>
  );
}
