/**
 * Confirmations: `const confirm = useConfirm();` then
 * `if (await confirm({ message: 'Are you sure you want to delete this message point?' })) ...`.
 * One accessible dialog for the whole app (<ConfirmProvider> in app/app.tsx); Escape and Cancel
 * answer false; focus starts on Cancel (the safe choice) and returns to the opener.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';

export interface ConfirmOptions {
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for deletions. */
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.resolve(false);
          return { ...options, resolve };
        });
      }),
    [],
  );

  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={pending !== null}
        role="alertdialog"
        title={pending?.title ?? 'Please confirm'}
        onClose={() => answer(false)}
        initialFocus={cancelRef}
        footer={
          <>
            <button ref={cancelRef} type="button" className="button button-secondary" onClick={() => answer(false)}>
              {pending?.cancelLabel ?? 'Cancel'}
            </button>
            <button
              type="button"
              className={pending?.destructive === false ? 'button button-primary' : 'button button-danger'}
              onClick={() => answer(true)}
            >
              {pending?.confirmLabel ?? 'Delete'}
            </button>
          </>
        }
      >
        <p>{pending?.message}</p>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs <ConfirmProvider> above it (app/app.tsx)');
  return confirm;
}
