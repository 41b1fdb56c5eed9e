// A tool's popover panel under the floating toolbar: a titled, non-modal
// panel on the native popover attribute (light dismiss, Escape closes), placed
// below the toolbar when it opens, with its open state for the tool button.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { t } from '../../i18n';
import { hidePopover } from '../common';
import './tools.css';

/** Gap between the toolbar card and a tool panel, px. */
const PANEL_GAP = 6;

/** Places a panel under the toolbar card (or under its button when there is no toolbar), within the window. */
export function placePanel(panel: HTMLElement, anchor: Element | null): void {
  const rect = (anchor?.closest('.toolbar') ?? anchor)?.getBoundingClientRect();
  if (!rect) return;
  const top = rect.bottom + PANEL_GAP;
  panel.style.top = `${Math.round(top)}px`;
  panel.style.left = `${Math.round(rect.left)}px`;
  panel.style.maxHeight = `${Math.max(160, Math.round(window.innerHeight - top - 16))}px`;
}

/** Whether the popover with this id is open, following its toggle events. */
export function usePopoverOpen(id: string, onOpen?: (panel: HTMLElement) => void): boolean {
  const [open, setOpen] = useState(false);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    const panel = document.getElementById(id);
    if (!panel) return;
    const before = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') placePanel(panel, document.querySelector(`[popovertarget="${id}"]`));
    };
    const toggle = (event: Event) => {
      const isOpen = (event as ToggleEvent).newState === 'open';
      setOpen(isOpen);
      if (isOpen) opened.current?.(panel);
    };
    panel.addEventListener('beforetoggle', before);
    panel.addEventListener('toggle', toggle);
    return () => {
      panel.removeEventListener('beforetoggle', before);
      panel.removeEventListener('toggle', toggle);
    };
  }, [id]);
  return open;
}

export interface ToolPanelProps {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The panel: a region named by its title, with a close button. */
export function ToolPanel({ id, title, className, children, footer }: ToolPanelProps) {
  const titleId = `${id}-title`;
  return (
    <div id={id} popover="auto" className={`menu tool-panel ${className ?? ''}`} role="dialog" aria-labelledby={titleId}>
      <header className="tool-panel-title">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button small" aria-label={t('close')} onClick={() => hidePopover(id)}>
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      <div className="tool-panel-body">{children}</div>
      {footer && <footer className="tool-panel-footer">{footer}</footer>}
    </div>
  );
}
