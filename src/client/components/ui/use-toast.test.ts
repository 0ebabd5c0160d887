import { describe, expect, it } from 'vitest';
import { toastReducer, type ToastEntry, type ToastState } from './use-toast';

const entry = (id: string): ToastEntry => ({
  id,
  title: `Toast ${id}`,
  open: true,
  onOpenChange: () => {},
});

describe('toastReducer', () => {
  it('keeps only the newest toast (one at a time)', () => {
    let state: ToastState = { toasts: [] };
    state = toastReducer(state, { type: 'add', toast: entry('1') });
    state = toastReducer(state, { type: 'add', toast: entry('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('dismisses by closing first, then removes', () => {
    let state: ToastState = { toasts: [entry('1')] };
    state = toastReducer(state, { type: 'dismiss', toastId: '1' });
    expect(state.toasts).toEqual([expect.objectContaining({ id: '1', open: false })]);
    state = toastReducer(state, { type: 'remove', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    const state = toastReducer(
      { toasts: [entry('1')] },
      { type: 'update', toast: { id: '1', title: 'Saved' } },
    );
    expect(state.toasts[0]).toEqual(
      expect.objectContaining({ id: '1', title: 'Saved', open: true }),
    );
  });
});
