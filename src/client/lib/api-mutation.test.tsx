import {
  QueryClient,
  QueryClientProvider,
  type QueryKey,
  QueryObserver,
  useQueryClient,
} from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToast } from '#client/components/ui/use-toast';
import { json } from '#client/testing/render';
import { api } from './api';
import { type ApiMutationSpec, cachePatch, useApiMutation } from './api-mutation';

interface Things {
  names: string[];
}
const THINGS: QueryKey = ['things'];
const COUNT: QueryKey = ['things', 'count'];
const ELSEWHERE: QueryKey = ['elsewhere'];

/** A server whose every answer the test sends when it wants, request by request. */
function heldServer() {
  const requests: { method: string; url: string; answer: (response: Response) => Promise<void> }[] =
    [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    (url, init) =>
      new Promise<Response>((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        requests.push({
          method: init?.method ?? 'GET',
          url: String(url),
          answer: (response) => act(async () => resolve(response)),
        });
      }),
  );
  return requests;
}

type Spec = ApiMutationSpec<string, Things>;

/** The write under test, its cache, and the titles of the open toasts, as last rendered. */
let shown: () => {
  mutation: ReturnType<typeof useApiMutation<string, Things>>;
  cache: QueryClient;
  toasts: string[];
};

/** Adds `name` to the cached things ahead of the server; refreshes ELSEWHERE. */
const addThing = (extra: Partial<Spec> = {}): Spec => ({
  send: (name) => api.post<Things>('/things', { name }),
  refreshes: () => [ELSEWHERE],
  optimistic: (name) => [cachePatch<Things>(THINGS, (held) => ({ names: [...held.names, name] }))],
  failed: () => ({ title: 'Failed to add', variant: 'destructive' }),
  ...extra,
});

function renderWrite(spec: Spec) {
  const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { result } = renderHook(
    () => ({
      mutation: useApiMutation(spec),
      cache: useQueryClient(),
      toasts: useToast()
        .toasts.filter((open) => open.open)
        .map((open) => String(open.title)),
    }),
    {
      wrapper: ({ children }) => (
        <QueryClientProvider client={cache}>{children}</QueryClientProvider>
      ),
    },
  );
  shown = () => result.current;
  cache.setQueryData<Things>(THINGS, { names: ['a'] });
  cache.setQueryData(ELSEWHERE, 'kept');
  return cache;
}

/** Sends `name`, and lets the request leave (after the refetches of the patched keys are cancelled). */
async function press(name: string) {
  act(() => shown().mutation.mutate(name));
  await act(async () => {});
}

const names = (cache: QueryClient) => cache.getQueryData<Things>(THINGS)?.names;
const isStale = (cache: QueryClient, key: QueryKey) => cache.getQueryState(key)?.isInvalidated;

describe('useApiMutation', () => {
  it('holds the patch in the cache as soon as mutate returns, and a refetch under way cannot undo it', async () => {
    const requests = heldServer();
    const cache = renderWrite(addThing());
    // A refetch of the list is on its way when the person presses.
    void cache.prefetchQuery({
      queryKey: THINGS,
      queryFn: ({ signal }) => api.get<Things>('/things', { signal }),
      staleTime: 0,
    });
    expect(requests.map((request) => request.method)).toEqual(['GET']);

    act(() => shown().mutation.mutate('b'));
    // Written in the same task as the press: nothing was awaited first.
    expect(names(cache)).toEqual(['a', 'b']);

    await act(async () => {});
    // The refetch was cancelled without putting the copy from before it back.
    expect(names(cache)).toEqual(['a', 'b']);
    expect(cache.getQueryState(THINGS)?.status).toBe('success');
    expect(requests.map((request) => request.method)).toEqual(['GET', 'POST']);
    await requests[0]!.answer(json({ names: ['a'] }));
    expect(names(cache)).toEqual(['a', 'b']);

    await requests[1]!.answer(json({ names: ['a', 'b'] }));
    await vi.waitFor(() => expect(shown().mutation.isSuccess).toBe(true));
    expect(names(cache)).toEqual(['a', 'b']);
    expect(isStale(cache, ELSEWHERE)).toBe(true);
  });

  it('undoes the patch of a refused write, says so, and asks again for its keys and entry', async () => {
    const requests = heldServer();
    const onError = vi.fn();
    const cache = renderWrite(addThing({ onError }));
    await press('b');
    expect(names(cache)).toEqual(['a', 'b']);

    await requests[0]!.answer(json({ message: 'no' }, 500));
    await vi.waitFor(() => expect(shown().mutation.isError).toBe(true));
    expect(names(cache)).toEqual(['a']);
    expect(shown().toasts).toEqual(['Failed to add']);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 500 }), 'b');
    expect(isStale(cache, THINGS)).toBe(true);
    expect(isStale(cache, ELSEWHERE)).toBe(true);
  });

  it('undoes only what `undo` says, so a later change that stands is kept', async () => {
    const requests = heldServer();
    const cache = renderWrite(
      addThing({
        optimistic: (name) => [
          cachePatch<Things>(
            THINGS,
            (held) => ({ names: [...held.names, name] }),
            (current) => ({ names: current.names.filter((held) => held !== name) }),
          ),
        ],
      }),
    );
    await press('b');
    // Something else (another write's answer) changes the list meanwhile.
    act(() => void cache.setQueryData<Things>(THINGS, { names: ['a', 'b', 'c'] }));
    await requests[0]!.answer(json({ message: 'no' }, 500));
    await vi.waitFor(() => expect(shown().mutation.isError).toBe(true));
    expect(names(cache)).toEqual(['a', 'c']);
  });

  it('writes the answer where `answered` says, toasts it, and refreshes only the entry after a success', async () => {
    const requests = heldServer();
    const onSuccess = vi.fn();
    const cache = renderWrite({
      send: (name) => api.post<Things>('/things', { name }),
      refreshes: () => [ELSEWHERE],
      answered: (answer) => [cachePatch<number>(COUNT, () => answer.names.length)],
      succeeded: (_answer, name) => ({ title: `Added ${name}` }),
      onSuccess,
    });
    cache.setQueryData(COUNT, 1);
    await press('b');
    expect(requests[0]!.url).toBe('/api/things');
    await requests[0]!.answer(json({ names: ['a', 'b', 'c'] }));
    await vi.waitFor(() => expect(shown().mutation.isSuccess).toBe(true));
    expect(cache.getQueryData(COUNT)).toBe(3);
    expect(shown().toasts).toEqual(['Added b']);
    expect(onSuccess).toHaveBeenCalledWith({ names: ['a', 'b', 'c'] }, 'b');
    expect(isStale(cache, ELSEWHERE)).toBe(true);
    expect(isStale(cache, THINGS)).toBe(false);
  });

  it('lets writes sharing a key ask for their keys again only once the last is answered', async () => {
    const requests = heldServer();
    const cache = renderWrite(addThing({ key: ['things', 'add'], refreshes: () => [THINGS] }));
    await press('b');
    await press('c');
    expect(names(cache)).toEqual(['a', 'b', 'c']);

    await requests[0]!.answer(json({ names: ['a', 'b'] }));
    // The first answer would bring back a list without the second: it waits.
    expect(isStale(cache, THINGS)).toBe(false);
    expect(names(cache)).toEqual(['a', 'b', 'c']);

    await requests[1]!.answer(json({ names: ['a', 'b', 'c'] }));
    await vi.waitFor(() => expect(isStale(cache, THINGS)).toBe(true));
  });

  it('stays pending until what it refreshes has come back, when asked to', async () => {
    const requests = heldServer();
    renderWrite(addThing({ pendingUntilRefreshed: true, refreshes: () => [THINGS] }));
    // Something on screen reads the list, so refreshing it asks the server.
    const { cache } = shown();
    const unsubscribe = new QueryObserver(cache, {
      queryKey: THINGS,
      queryFn: ({ signal }) => api.get<Things>('/things', { signal }),
      staleTime: Infinity,
    }).subscribe(() => {});
    await press('b');
    await requests[0]!.answer(json({ names: ['a', 'b'] }));
    await vi.waitFor(() => expect(requests.map((request) => request.method)).toContain('GET'));
    // TanStack tells React of a mutation's state on a timer: wait for the render that shows it.
    await vi.waitFor(() => expect(shown().mutation.isPending).toBe(true));
    await requests[1]!.answer(json({ names: ['a', 'b'] }));
    await vi.waitFor(() => expect(shown().mutation.isSuccess).toBe(true));
    unsubscribe();
  });
});
