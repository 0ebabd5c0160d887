import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/limits';

/**
 * A tiny global toast queue (docs/product.md §4 "Notification queue"): at most TOAST_LIMIT toasts,
 * each moving open → dismissed → removed. It lives outside React so any code (mutation callbacks,
 * plain functions) can raise a toast without a hook.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  /** A <ToastAction altText="..."> element. */
  action?: ReactElement;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; the provider's default when omitted. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface ToastState {
  toasts: ToastEntry[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastEntry }
  | { type: 'update'; toast: Partial<ToastEntry> & { id: string } }
  | { type: 'dismiss'; toastId?: string }
  | { type: 'remove'; toastId?: string };

/** Pure state transitions; the timers that lead from dismissed to removed live in `dispatch`. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'remove':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string): void {
  if (removalTimers.has(toastId)) return;
  removalTimers.set(
    toastId,
    setTimeout(() => {
      removalTimers.delete(toastId);
      dispatch({ type: 'remove', toastId });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function dispatch(action: ToastAction): void {
  if (action.type === 'dismiss') {
    const ids = action.toastId ? [action.toastId] : state.toasts.map((t) => t.id);
    ids.forEach(scheduleRemoval);
  }
  state = toastReducer(state, action);
  listeners.forEach((listener) => listener());
}

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return counter.toString();
}

export function toast(options: ToastOptions) {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'dismiss', toastId: id });
  const update = (next: ToastOptions) => dispatch({ type: 'update', toast: { ...next, id } });

  dispatch({
    type: 'add',
    toast: {
      ...options,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

export function dismissToast(toastId?: string): void {
  dispatch({ type: 'dismiss', toastId });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
