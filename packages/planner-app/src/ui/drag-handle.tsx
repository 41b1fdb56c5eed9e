// The drag handle on the inner edge of a drawer, shared by the
// planner's drawers and the admin layout. Dragging moves only the drawer's own
// box while the pointer is down and sets the width on release, so the layout
// is computed once; the arrow keys step the width by 10 px (50 px with Shift).
// Every width goes through the drawer's clamp, which also gives the handle's
// aria-valuemin (the clamp of 0) and aria-valuemax (the clamp of Infinity).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { t } from '../i18n';

/** The width a drawer may have for a wanted width in a window this wide. */
export type ClampWidth = (width: number, windowWidth: number) => number;

/** A drawer's width: `initial` for the window at mount, clamped again whenever the window resizes. */
export function useDrawerWidth(initial: (windowWidth: number) => number, clamp: ClampWidth) {
  const [width, setWidth] = useState(() => initial(window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth((w) => clamp(w, window.innerWidth));
    addEventListener('resize', onResize);
    return () => removeEventListener('resize', onResize);
  }, [clamp]);
  return [width, setWidth] as const;
}

export interface DragHandleProps {
  className: string;
  /** The side of the window the drawer stands on: dragging away from that side widens it. */
  side: 'left' | 'right';
  width: number;
  onWidth: (width: number) => void;
  clamp: ClampWidth;
  /** The drawer whose box follows the pointer during a drag. */
  target: RefObject<HTMLElement | null>;
}

export function DragHandle({ className, side, width, onWidth, clamp, target }: DragHandleProps) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const direction = side === 'left' ? 1 : -1;
  const dragged = (clientX: number) => clamp(drag.current!.startWidth + (clientX - drag.current!.startX) * direction, window.innerWidth);
  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !target.current) return;
    target.current.style.width = `${dragged(event.clientX)}px`;
  };
  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = dragged(event.clientX);
    drag.current = null;
    onWidth(next);
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 50 : 10;
    const grow = side === 'left' ? 'ArrowRight' : 'ArrowLeft';
    const shrink = side === 'left' ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === grow) onWidth(clamp(width + step, window.innerWidth));
    else if (event.key === shrink) onWidth(clamp(width - step, window.innerWidth));
    else return;
    event.preventDefault();
  };
  return (
    <div
      className={className}
      role="separator"
      aria-orientation="vertical"
      aria-label={t('resizeDrawer')}
      aria-valuenow={width}
      aria-valuemin={clamp(0, window.innerWidth)}
      aria-valuemax={clamp(Infinity, window.innerWidth)}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
