// A drawer over the map from the left or the right, with a drag handle and a
// close button. Spec point 2: the initial width is 400 px, or a third of the
// window when it is 1200 px wide or narrower.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { t } from '../i18n';

export const DRAWER_WIDTH = 400;
export const NARROW_WINDOW = 1200;
export const MIN_DRAWER_WIDTH = 240;

export function initialDrawerWidth(windowWidth: number): number {
  return windowWidth <= NARROW_WINDOW ? Math.round(windowWidth / 3) : DRAWER_WIDTH;
}

export function clampDrawerWidth(width: number, windowWidth: number): number {
  return Math.round(Math.min(Math.max(MIN_DRAWER_WIDTH, width), windowWidth * 0.8));
}

export interface DrawerProps {
  side: 'left' | 'right';
  label: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

export function Drawer({ side, label, open, onClose, children }: DrawerProps) {
  const [width, setWidth] = useState(() => initialDrawerWidth(window.innerWidth));
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const element = useRef<HTMLElement>(null);

  useEffect(() => {
    const onResize = () => setWidth((w) => clampDrawerWidth(w, window.innerWidth));
    addEventListener('resize', onResize);
    return () => removeEventListener('resize', onResize);
  }, []);

  if (!open) return null;
  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !element.current) return;
    const delta = (event.clientX - drag.current.startX) * (side === 'left' ? 1 : -1);
    // Only the drawer's own box follows the pointer; the state (and so the layout) is set on release.
    element.current.style.width = `${clampDrawerWidth(drag.current.startWidth + delta, window.innerWidth)}px`;
  };
  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const delta = (event.clientX - drag.current.startX) * (side === 'left' ? 1 : -1);
    setWidth(clampDrawerWidth(drag.current.startWidth + delta, window.innerWidth));
    drag.current = null;
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 50 : 10;
    const grow = side === 'left' ? 'ArrowRight' : 'ArrowLeft';
    const shrink = side === 'left' ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === grow) setWidth((w) => clampDrawerWidth(w + step, window.innerWidth));
    else if (event.key === shrink) setWidth((w) => clampDrawerWidth(w - step, window.innerWidth));
    else return;
    event.preventDefault();
  };

  return (
    <aside ref={element} className={`drawer drawer-${side}`} aria-label={label} style={{ width }}>
      <div className="drawer-header">
        <button type="button" className="icon-button" aria-label={t('closeDrawer')} onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="drawer-content">{children}</div>
      <div
        className="drawer-handle"
        role="separator"
        aria-orientation="vertical"
        aria-label={t('resizeDrawer')}
        aria-valuenow={width}
        aria-valuemin={MIN_DRAWER_WIDTH}
        aria-valuemax={Math.round(window.innerWidth * 0.8)}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
      />
    </aside>
  );
}
