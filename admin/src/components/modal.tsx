/**
 * An accessible modal on the native <dialog>: showModal() makes the rest of the page inert, Escape
 * closes it, Tab cycles inside it, and focus returns to what was focused before it opened.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Close on a click outside the panel (not for confirmations). */
  closeOnBackdrop?: boolean;
  /** Show a close (×) button in the header. */
  showClose?: boolean;
  size?: 'sm' | 'lg';
  /** The element to focus first; default the first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Modal({ open, title, onClose, children, footer, role = 'dialog', closeOnBackdrop, showClose, size = 'sm', initialFocus }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const first = initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && returnTo.current) {
      const target = returnTo.current;
      returnTo.current = null;
      // The opener may have gone (a deleted row): then focus the page's main region instead.
      if (target.isConnected) target.focus();
      else document.getElementById('main')?.focus();
    }
  }, [open, initialFocus]);

  useEffect(() => () => ref.current?.close(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      // A confirmation's question is read with its title; a long body (a letter) is not.
      aria-describedby={role === 'alertdialog' ? bodyId : undefined}
      onCancel={(event) => {
        // Escape: let React state decide, so the dialog and `open` never disagree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onClose();
      }}
      onKeyDown={onKeyDown}
    >
      {open && (
        <div className="modal-panel">
          <div className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            {showClose && (
              <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
                ×
              </button>
            )}
          </div>
          <div id={bodyId} className="modal-body">
            {children}
          </div>
          {footer && <div className="modal-footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
