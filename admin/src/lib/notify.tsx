/**
 * In-page notices for the spec's alerts: notify.success(text) shows a role="status" toast,
 * notify.error(text) a role="alert" one, so screen readers announce both (errors at once).
 * Success toasts leave after a few seconds; errors stay until dismissed, so they can be read.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export interface Notify {
  success: (text: string) => void;
  error: (text: string) => void;
}

interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

const SUCCESS_MS = 6000;
const MAX_TOASTS = 4;

const NotifyContext = createContext<Notify | null>(null);

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);

  const show = useCallback(
    (kind: Toast['kind'], text: string) => {
      const id = nextId.current++;
      setToasts((all) => [...all.filter((t) => !(t.kind === kind && t.text === text)), { id, kind, text }].slice(-MAX_TOASTS));
      if (kind === 'success') window.setTimeout(() => dismiss(id), SUCCESS_MS);
    },
    [dismiss],
  );

  const notify = useMemo<Notify>(
    () => ({ success: (text) => show('success', text), error: (text) => show('error', text) }),
    [show],
  );

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <div className="toasts">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'success' ? 'status' : 'alert'}>
            <span className="toast-text">{t.text}</span>
            <button type="button" className="toast-dismiss" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify() needs <NotifyProvider> above it (app/app.tsx)');
  return notify;
}
