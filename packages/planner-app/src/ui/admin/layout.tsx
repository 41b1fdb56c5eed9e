// The admin layout: a left drawer 900 px wide (or the window
// width / 1.5 when that is smaller) with a 3 px drag handle, a list at least
// 400 px wide and at most 384 px high at 48 px per item (virtualised), and
// the editor of the selected item on the right.
import { useRef, useState, type ReactNode } from 'react';
import { t } from '../../i18n';
import { DragHandle, useDrawerWidth } from '../drag-handle';

export const ADMIN_DRAWER_WIDTH = 900;
export const ADMIN_LIST_MIN_WIDTH = 400;
export const ADMIN_LIST_MAX_HEIGHT = 384;
export const ADMIN_ITEM_HEIGHT = 48;

export function adminDrawerWidth(windowWidth: number): number {
  return Math.round(Math.min(ADMIN_DRAWER_WIDTH, windowWidth / 1.5));
}

export function clampAdminDrawer(width: number, windowWidth: number): number {
  return Math.round(Math.min(Math.max(ADMIN_LIST_MIN_WIDTH, width), Math.max(ADMIN_LIST_MIN_WIDTH, windowWidth - 200)));
}

/** The rows of a list window: the first and last index drawn for a scroll position (a few extra either side). */
export function visibleRange(
  count: number,
  scrollTop: number,
  height = ADMIN_LIST_MAX_HEIGHT,
  itemHeight = ADMIN_ITEM_HEIGHT,
  overscan = 3,
): { from: number; to: number } {
  const from = Math.max(0, Math.floor(scrollTop / itemHeight) - overscan);
  const to = Math.min(count, Math.ceil((scrollTop + height) / itemHeight) + overscan);
  return { from, to };
}

export function AdminDrawer({ label, children }: { label: string; children: ReactNode }) {
  const [width, setWidth] = useDrawerWidth(adminDrawerWidth, clampAdminDrawer);
  const element = useRef<HTMLElement>(null);
  return (
    <aside ref={element} className="admin-drawer" aria-label={label} style={{ width }}>
      <div className="admin-drawer-content">{children}</div>
      <DragHandle className="admin-drawer-handle" side="left" width={width} onWidth={setWidth} clamp={clampAdminDrawer} target={element} />
    </aside>
  );
}

/** A filter field over a list. */
export function ListFilter({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <label className="admin-filter">
      <span>{label}</span>
      <input type="search" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A list of 48 px rows, at most 384 px high, drawing only the rows in view. */
export function VirtualList<T>({
  items,
  label,
  rowKey,
  renderRow,
  selectedKey,
}: {
  items: readonly T[];
  label: string;
  rowKey: (item: T) => string | number;
  renderRow: (item: T) => ReactNode;
  selectedKey?: string | number | null;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(ADMIN_LIST_MAX_HEIGHT, Math.max(ADMIN_ITEM_HEIGHT, items.length * ADMIN_ITEM_HEIGHT));
  const { from, to } = visibleRange(items.length, scrollTop, height);
  return (
    <div
      className="admin-list"
      style={{ height }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      tabIndex={items.length * ADMIN_ITEM_HEIGHT > height ? 0 : undefined}
      role="region"
      aria-label={label}
    >
      {items.length === 0 ? (
        <p className="muted admin-empty">{t('adminNothingFound')}</p>
      ) : (
        <ul style={{ height: items.length * ADMIN_ITEM_HEIGHT }} aria-label={label}>
          {items.slice(from, to).map((item, i) => {
            const k = rowKey(item);
            return (
              <li key={k} className={`admin-row ${selectedKey === k ? 'selected' : ''}`} style={{ top: (from + i) * ADMIN_ITEM_HEIGHT }}>
                {renderRow(item)}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
