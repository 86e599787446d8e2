import { type ReactNode, useEffect, useState } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/lib/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

interface ToastState {
  toasts: ToastData[];
}

export type ToastAction =
  { type: 'ADD'; toast: ToastData } | { type: 'DISMISS'; id?: string } | { type: 'REMOVE'; id?: string };

/** Pure state transition; the newest toast comes first and only TOAST_LIMIT are kept. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'DISMISS':
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'REMOVE':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

// A tiny global store so toast() can be called from anywhere (mutations, effects) without prop drilling.
let memoryState: ToastState = { toasts: [] };
const listeners = new Set<(state: ToastState) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  memoryState = toastReducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

// A dismissed toast stays mounted long enough for Radix to play its close animation.
function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  const ids = id === undefined ? memoryState.toasts.map((t) => t.id) : [id];
  ids.forEach(scheduleRemoval);
  dispatch({ type: 'DISMISS', id });
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'ADD', toast: { ...input, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [state, setState] = useState(memoryState);

  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);

  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
