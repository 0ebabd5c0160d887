import { useState } from 'react';
import type { ApiMutationSpec } from './api-mutation';

/**
 * What a toggle (a like, a follow) shows while its write is sent, refused or answered: the
 * `onMutate`, `onError` and `onSuccess` of its `useApiMutation` spec, which the feature's hook
 * spreads into the spec.
 */
export type ToggleCallbacks<Answer> = Required<
  Pick<ApiMutationSpec<boolean, Answer>, 'onMutate' | 'onSuccess' | 'onError'>
>;

const sameFields = (a: object, b: object) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].every(
    (field) => a[field as keyof typeof a] === b[field as keyof typeof b],
  );

/**
 * What a toggle shows ahead of the server, in the component's own state (the cache holds no
 * copy of it to patch): the `server` state until the person presses it;
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
    onMutate: (on) => {
      setBefore(current);
      setShown(guessed(current, on));
    },
    onError: () => setShown(before),
    onSuccess: (answer) => setShown(answered(current, answer)),
  };
  const takeServerWhenIdle = (isPending: boolean) => {
    if (!sameFields(seen, server) && !isPending) {
      setSeen(server);
      setShown(null);
    }
  };
  return { current, callbacks, takeServerWhenIdle };
}
