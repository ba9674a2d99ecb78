import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** spec.md §9: notifications clear after 4 s, error messages after 5 s. */
export const NOTIFICATION_MS = 4000;
export const ERROR_MS = 5000;

/** A button on a toast ("View cart"); pressing it also dismisses the toast. */
export interface ToastAction {
  label: string;
  run(): void;
}

export interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'error';
  action?: ToastAction;
}

export interface Notify {
  notify(message: string, action?: ToastAction): void;
  notifyError(message: string): void;
}

const NotifyContext = createContext<Notify | null>(null);

/** Shows toasts in one polite live region; each clears on its own timer. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  const push = useCallback((message: string, kind: Toast['kind'], action?: ToastAction) => {
    // An empty message means there is nothing to say yet (e.g. a status change waiting for the server).
    if (!message.trim()) return;
    const id = nextId.current++;
    setToasts((current) => [...current, { id, message, kind, action }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      dismiss(id);
    }, kind === 'error' ? ERROR_MS : NOTIFICATION_MS);
    timers.current.add(timer);
  }, [dismiss]);

  const value = useMemo<Notify>(
    () => ({ notify: (message, action) => push(message, 'info', action), notifyError: (message) => push(message, 'error') }),
    [push],
  );

  return (
    <NotifyContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}${toast.action ? ' toast--with-action' : ''}`}>
            <span>{toast.message}</span>
            {toast.action && (
              <button
                type="button"
                className="toast__action"
                onClick={() => {
                  dismiss(toast.id);
                  toast.action?.run();
                }}
              >
                {toast.action.label}
              </button>
            )}
          </div>
        ))}
      </div>
    </NotifyContext.Provider>
  );
}

/**
 * spec.md §4: clears an error message ERROR_MS after it appears. The timer starts when value is
 * truthy, restarts when value changes, and is cancelled on unmount.
 */
export function useAutoClear(value: unknown, clear: () => void, ms = ERROR_MS): void {
  const latestClear = useRef(clear);
  latestClear.current = clear;

  useEffect(() => {
    if (!value) return;
    const timer = setTimeout(() => latestClear.current(), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
}

/** notify(message) shows a 4 s notification, notifyError(message) a 5 s error. */
export function useNotify(): Notify {
  const value = useContext(NotifyContext);
  if (!value) throw new Error('useNotify must be used inside <NotificationProvider>');
  return value;
}
