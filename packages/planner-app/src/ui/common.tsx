// Building blocks on native HTML (ui-design.md): a dialog on <dialog>, icon
// buttons with a 250 ms tooltip, menus on the popover attribute.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { t } from '../i18n';
import { confirm } from '../stores/ui';

/** Tooltips open after 250 ms. */
export const TOOLTIP_DELAY_MS = 250;

export interface DialogProps {
  title: string;
  open: boolean;
  /** Called when the user closes the dialog (close button or Escape), after the confirmation when asked. */
  onClose: () => void;
  /** Ask 'confirmClose' before closing; the close-location dialog does not. */
  confirmClose?: boolean;
  width?: number | string;
  className?: string;
  footer?: ReactNode;
  children: ReactNode;
}

/** A centred modal <dialog> with a title bar and a close button; focus moves in and back. */
export function Dialog({ title, open, onClose, confirmClose = true, width, className, footer, children }: DialogProps) {
  useSignals();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  const requestClose = async () => {
    if (!confirmClose || (await confirm(t('confirmClose')))) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      style={width !== undefined ? { width } : undefined}
      onCancel={(event) => {
        event.preventDefault();
        void requestClose();
      }}
    >
      {open && (
        <>
          <header className="dialog-title">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-button" aria-label={t('close')} onClick={() => void requestClose()}>
              <X size={18} aria-hidden="true" />
            </button>
          </header>
          <div className="dialog-body">{children}</div>
          {footer && <footer className="dialog-footer">{footer}</footer>}
        </>
      )}
    </dialog>
  );
}

export interface IconButtonProps {
  label: string;
  icon: ReactNode;
  onClick?: (event: React.MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  /** Why the button is disabled (the hints that say why), shown in the tooltip. */
  disabledReason?: string;
  pressed?: boolean;
  expanded?: boolean;
  popoverTarget?: string;
  className?: string;
  id?: string;
}

/** A button with an icon, its name for assistive technology and a tooltip after 250 ms. */
export function IconButton({ label, icon, onClick, disabled, disabledReason, pressed, expanded, popoverTarget, className, id }: IconButtonProps) {
  const [tip, setTip] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tipId = useId();
  const show = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setTip(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    if (timer.current) clearTimeout(timer.current);
    setTip(false);
  };
  useEffect(() => hide, []);
  const text = disabled && disabledReason ? `${label}: ${disabledReason}` : label;
  return (
    <span className="tooltip-anchor" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      <button
        type="button"
        id={id}
        className={`icon-button ${className ?? ''}`}
        aria-label={label}
        aria-describedby={tip ? tipId : undefined}
        aria-pressed={pressed}
        aria-expanded={expanded}
        aria-disabled={disabled || undefined}
        onClick={(event) => {
          if (disabled) return;
          onClick?.(event);
        }}
        {...(popoverTarget && !disabled ? { popoverTarget } : {})}
      >
        {icon}
      </button>
      {tip && (
        <span role="tooltip" id={tipId} className="tooltip">
          {text}
        </span>
      )}
    </span>
  );
}

/** Closes a popover element by id. */
export function hidePopover(id: string): void {
  const element = document.getElementById(id) as (HTMLElement & { hidePopover?: () => void }) | null;
  try {
    element?.hidePopover?.();
  } catch {
    /* not open */
  }
}
