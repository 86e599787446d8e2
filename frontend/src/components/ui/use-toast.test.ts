import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, type ToastData, toastReducer, useToast } from '@/components/ui/use-toast';

const make = (id: string): ToastData => ({ id, title: id, open: true });

afterEach(() => {
  vi.useRealTimers();
});

describe('toastReducer', () => {
  it('keeps only the newest toast (TOAST_LIMIT 1)', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD', toast: make('a') });
    state = toastReducer(state, { type: 'ADD', toast: make('b') });
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
  });

  it('closes on dismiss and forgets on remove', () => {
    let state = toastReducer({ toasts: [make('a')] }, { type: 'DISMISS', id: 'a' });
    expect(state.toasts[0].open).toBe(false);
    state = toastReducer(state, { type: 'REMOVE', id: 'a' });
    expect(state.toasts).toEqual([]);
  });
});

describe('toast()', () => {
  it('shows at most one toast and removes a dismissed one after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());

    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0].title).toBe('Second');

    act(() => dismissToast());
    expect(result.current.toasts[0].open).toBe(false);

    act(() => {
      vi.advanceTimersByTime(999_999);
    });
    expect(result.current.toasts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toasts).toHaveLength(0);
  });
});
