import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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

const sameFields = (a: object, b: object) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].every(
    (field) => a[field as keyof typeof a] === b[field as keyof typeof b],
  );

/**
 * What a toggle shows ahead of the server: the `server` state until the person presses it;
 * then its own, `guessed` at once, put back if the server refuses, and `answered` once it
 * answers. `takeServerWhenIdle`, called while rendering with the mutation's `isPending`, lets
 * fresh state from the server replace the kept one once nothing is pending.
 */
export function useShownAhead<State extends object, Answer>(
  server: State,
  guessed: (current: State, on: boolean) => State,
  answered: (current: State, answer: Answer) => State,
) {
  const [shown, setShown] = useState<State | null>(null);
  const [before, setBefore] = useState<State | null>(null);
  const [seen, setSeen] = useState(server);
  const current = shown ?? server;
  const callbacks: ToggleCallbacks<Answer> = {
    onOptimistic: (on) => {
      setBefore(current);
      setShown(guessed(current, on));
    },
    onRollback: () => setShown(before),
    onDone: (answer) => setShown(answered(current, answer)),
  };
  const takeServerWhenIdle = (isPending: boolean) => {
    if (!sameFields(seen, server) && !isPending) {
      setSeen(server);
      setShown(null);
    }
  };
  return { current, callbacks, takeServerWhenIdle };
}
