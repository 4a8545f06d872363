import { useEffect, useState, type ReactNode } from 'react';

// A tiny toast store shared by every screen (SPEC §9: one toast at a time). It lives outside React
// so non-component code — the tRPC link's 401 handling, say — can raise a toast too.

/** SPEC §9: only one toast is shown at a time. */
export const TOAST_LIMIT = 1;
/**
 * SPEC §9: a dismissed toast is kept (closed) this long before it is dropped from the store, so
 * Radix can finish its exit animation; with TOAST_LIMIT 1 the next toast replaces it anyway.
 */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: ToastItem[]) => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  emit(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
}

/** Shows a toast; the newest one replaces any toast already on screen. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The current toasts, for the Toaster. */
export function useToast(): { toasts: ToastItem[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    setState(toasts);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state, toast, dismiss: dismissToast };
}
