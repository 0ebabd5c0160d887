import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import { toast, type ToastOptions } from '../components/ui/use-toast';
import { isOffline } from './offline';
import { refresh } from './refreshes';

/** A write refused because the browser is offline: nothing was sent, and what was typed stays. */
const OFFLINE_TOAST: ToastOptions = {
  title: "You're offline",
  description: 'Nothing was saved. Try again once you are back online.',
  variant: 'destructive',
};

/**
 * A change of one cached answer: `apply` makes the new copy from the one held (undefined when
 * nothing is cached, and then nothing is written). `undo`, for a refused write, makes the copy
 * to show from the one held now and the one from before the change; without it the copy from
 * before comes back whole.
 */
export interface CachePatch {
  key: QueryKey;
  apply: (data: unknown) => unknown;
  undo?: (current: unknown, before: unknown) => unknown;
}

/** A typed CachePatch of the `Data` cached under `key`. */
export function cachePatch<Data>(
  key: QueryKey,
  apply: (data: Data) => Data,
  undo?: (current: Data, before: Data) => Data,
): CachePatch {
  return {
    key,
    apply: (data) => (data === undefined ? undefined : apply(data as Data)),
    undo: undo && ((current, before) => undo(current as Data, before as Data)),
  };
}

/** A CachePatch that puts `data` (the server's copy) under `key`, whether anything was cached or not. */
export function cacheSet<Data>(key: QueryKey, data: Data): CachePatch {
  return { key, apply: () => data };
}

/**
 * One write of a feature (docs/architecture.md "One template per API file"): the request, its
 * entry of lib/refreshes.ts, what it shows ahead of the server, and its toasts.
 */
export interface ApiMutationSpec<Variables, Answer> {
  /** The request. */
  send: (variables: Variables) => Promise<Answer>;
  /**
   * The write's entry in lib/refreshes.ts (`refreshes.x(…)`), asked for again once the server
   * has answered, whether it took the write or not; `answer` is undefined after a refusal.
   */
  refreshes: (variables: Variables, answer: Answer | undefined) => readonly QueryKey[];
  /**
   * What the write changes in the cache ahead of the server. The patches are written at once,
   * before anything is awaited, so what a person pressed shows in the same task (a native
   * checkbox that React would set back to the cached state cannot blink); only then are
   * refetches of those keys on their way cancelled, which keeps the patch (TanStack restores
   * the last copy written by hand, not the one from before the fetch). A refused write undoes
   * each patch, and its keys are asked for again as the server has them.
   */
  optimistic?: (variables: Variables) => CachePatch[];
  /** What the server's answer changes in the cache at once (its copy, a count it sends). */
  answered?: (answer: Answer, variables: Variables) => CachePatch[];
  /**
   * Writes that can overlap (switches pressed in quick turn) share a key: until the last of
   * them is answered, the keys each would ask for again wait, so an early answer cannot undo
   * what a later write shows ahead of the server; the last asks for all of them.
   */
  key?: QueryKey;
  /** The toast once the server took the write; none when absent or undefined. */
  succeeded?: (answer: Answer, variables: Variables) => ToastOptions | undefined;
  /** The toast of a refusal; none when absent or undefined (the caller shows it). */
  failed?: (error: Error, variables: Variables) => ToastOptions | undefined;
  /** Told when the write starts, to show it ahead in a component's own state. */
  onMutate?: (variables: Variables) => void;
  /** Told after the `answered` patches and the toast. */
  onSuccess?: (answer: Answer, variables: Variables) => void;
  /** Told after the patches are undone and the toast. */
  onError?: (error: Error, variables: Variables) => void;
  /**
   * Keeps the mutation pending until what it asks for again has come back, so a busy control
   * stays busy until the lists it feeds agree with it; otherwise the write is done as soon as
   * the server answers, and the lists follow as they come.
   */
  pendingUntilRefreshed?: boolean;
}

/** What a write keeps to undo its patches: each key and the copy it held before. */
interface Held {
  before: { patch: CachePatch; data: unknown }[];
}

/** Keys that writes sharing a `key` left to the last of them, per cache. */
const waitingKeys = new WeakMap<QueryClient, Map<string, QueryKey[]>>();

/**
 * The keys to ask for again once this write is settled: none while another write of its
 * `key` is on its way (they wait for it), else its own and any left waiting.
 */
function keysToRefresh(
  queryClient: QueryClient,
  mutationKey: QueryKey | undefined,
  own: readonly QueryKey[],
): readonly QueryKey[] {
  if (mutationKey === undefined) return own;
  let waiting = waitingKeys.get(queryClient);
  if (!waiting) waitingKeys.set(queryClient, (waiting = new Map()));
  const name = JSON.stringify(mutationKey);
  const held = [...(waiting.get(name) ?? []), ...own];
  // This write still counts among those on their way while it settles.
  if (queryClient.isMutating({ mutationKey, exact: true }) > 1) {
    waiting.set(name, held);
    return [];
  }
  waiting.delete(name);
  return held;
}

/**
 * The template of a feature's write (docs/architecture.md "One template per API file"), as
 * `apiQuery` is of a read: every `useX()` write hook of `features/*\/api/` is this hook given
 * a spec, and answers TanStack's mutation (`mutate`, `isPending`, …). In order: `optimistic`
 * patches and `onMutate`, the request, then on an answer the `answered` patches, `succeeded`
 * and `onSuccess`, or on a refusal the patches undone, `failed` and `onError`; last the
 * `refreshes` entry (and, after a refusal, the patched keys) asked for again.
 */
export function useApiMutation<Variables = void, Answer = void>(
  spec: ApiMutationSpec<Variables, Answer>,
): UseMutationResult<Answer, Error, Variables, Held> {
  const queryClient = useQueryClient();
  const write = (patch: CachePatch, data: unknown) => {
    if (data !== undefined) queryClient.setQueryData(patch.key, data);
  };
  return useMutation({
    ...(spec.key === undefined ? {} : { mutationKey: spec.key }),
    mutationFn: spec.send,
    onMutate: async (variables) => {
      const patches = spec.optimistic?.(variables) ?? [];
      const before = patches.map((patch) => ({ patch, data: queryClient.getQueryData(patch.key) }));
      for (const { patch, data } of before) write(patch, patch.apply(data));
      spec.onMutate?.(variables);
      await Promise.all(patches.map(({ key }) => queryClient.cancelQueries({ queryKey: key })));
      return { before };
    },
    onSuccess: (answer, variables) => {
      for (const patch of spec.answered?.(answer, variables) ?? []) {
        write(patch, patch.apply(queryClient.getQueryData(patch.key)));
      }
      const shown = spec.succeeded?.(answer, variables);
      if (shown) toast(shown);
      spec.onSuccess?.(answer, variables);
    },
    onError: (error, variables, held) => {
      for (const { patch, data } of held?.before ?? []) {
        if (data === undefined) continue;
        const current = queryClient.getQueryData(patch.key);
        write(patch, patch.undo && current !== undefined ? patch.undo(current, data) : data);
      }
      const shown = isOffline() ? OFFLINE_TOAST : spec.failed?.(error, variables);
      if (shown) toast(shown);
      spec.onError?.(error, variables);
    },
    onSettled: (answer, error, variables, held) => {
      const patched = error ? (held?.before ?? []).map(({ patch }) => patch.key) : [];
      const keys = keysToRefresh(queryClient, spec.key, [
        ...spec.refreshes(variables, error ? undefined : answer),
        ...patched,
      ]);
      const refreshed = refresh(queryClient, keys);
      return spec.pendingUntilRefreshed ? refreshed : undefined;
    },
  });
}
