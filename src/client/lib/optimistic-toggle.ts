import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast, type ToastOptions } from '../components/ui/use-toast';
import { refresh } from './refreshes';

/** What the caller of an optimistic toggle shows while the change is sent, refused or answered. */
export interface ToggleCallbacks<Answer> {
  /** The change is on its way: show it at once. */
  onOptimistic: (on: boolean) => void;
  /** The server refused it: show what was there before. */
  onRollback: () => void;
  /** The server's answer, to show instead of the guess. */
  onDone: (answer: Answer) => void;
}

/**
 * A mutation that turns something on or off (a like, a follow) ahead of the server: `send`
 * asks for it, the callbacks show it, the toasts say how it went, and the `refreshes` keys
 * (the write's entry in lib/refreshes.ts) are asked for again whether it worked or not.
 */
export function useOptimisticToggle<Answer>(
  send: (on: boolean) => Promise<Answer>,
  callbacks: ToggleCallbacks<Answer>,
  {
    succeeded,
    failed,
    refreshes,
  }: {
    succeeded?: (answer: Answer) => ToastOptions;
    failed: (error: unknown, on: boolean) => ToastOptions;
    refreshes: readonly QueryKey[];
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: (on) => callbacks.onOptimistic(on),
    onSuccess: (answer) => {
      if (succeeded) toast(succeeded(answer));
      callbacks.onDone(answer);
    },
    onError: (error, on) => {
      callbacks.onRollback();
      toast(failed(error, on));
    },
    onSettled: () => refresh(queryClient, refreshes),
  });
}
