import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api';
import { LoadError } from './list-state';
import { PageState } from './page-state';

/** A song's page, loaded by a real query: a refetch with nothing loaded puts it back to pending. */
function SongPage() {
  const query = useQuery({ queryKey: ['song'], queryFn: loads.next });
  return (
    <PageState
      query={query}
      loading={<p>Loading song</p>}
      notFound={<h1>Song not found</h1>}
      failed={(retry) => <LoadError {...retry} title="Failed to load song" />}
    >
      {(song) => (
        <article>
          <h1>{song}</h1>
          <p>Track one</p>
        </article>
      )}
    </PageState>
  );
}

/** The song's loads, each answered when the test says. */
const loads = {
  answer: undefined as ((song: string) => void) | undefined,
  refuse: undefined as ((error: Error) => void) | undefined,
  next: () =>
    new Promise<string>((resolve, reject) => {
      loads.answer = resolve;
      loads.refuse = reject;
    }),
};
const succeed = (song: string) => act(async () => loads.answer!(song));
const fail = (status = 500) =>
  act(async () => loads.refuse!(new ApiError(status, status === 404 ? 'Not Found' : 'boom', '')));

/** The query's answers reach the page a task later; these wait for them. */
const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name });
const findRetry = () => screen.findByRole('button', { name: 'Retry' });

function renderSongPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SongPage />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** Presses Retry and waits for the loading state that replaces it. */
async function pressRetry() {
  await userEvent.click(await findRetry());
  await vi.waitFor(() => expect(screen.getByText('Loading song')).toBeTruthy());
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
}

describe('PageState', () => {
  it('shows the loading state, then the page, leaving focus alone', async () => {
    renderSongPage();
    expect(screen.getByText('Loading song')).toBeTruthy();
    await succeed('Intro');
    const heading = await findHeading('Intro');
    expect(document.activeElement).toBe(document.body);
    expect(heading.hasAttribute('tabindex')).toBe(false);
  });

  it('shows the page’s not-found state for a 404, without a Retry', async () => {
    renderSongPage();
    await fail(404);
    await findHeading('Song not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('hands focus to the page’s h1 when a Retry loads it', async () => {
    renderSongPage();
    await fail();
    expect(await screen.findByRole('heading', { name: 'Failed to load song' })).toBeTruthy();
    await pressRetry();
    expect(document.activeElement).toBe(document.body);

    await succeed('Intro');
    const heading = await findHeading('Intro');
    expect(document.activeElement).toBe(heading);
    // It takes focus from the script, not from Tab.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('hands focus to the not-found state’s h1 when a Retry finds nothing', async () => {
    renderSongPage();
    await fail();
    await pressRetry();
    await fail(404);
    const heading = await findHeading('Song not found');
    expect(document.activeElement).toBe(heading);
  });

  it('focuses the new Retry when the refetch fails again, and not a later load of its own', async () => {
    const queryClient = renderSongPage();
    await fail();
    await pressRetry();
    await fail();
    const retry = await findRetry();
    expect(document.activeElement).toBe(retry);

    // A load that no Retry asked for leaves focus where it is.
    retry.blur();
    act(() => void queryClient.refetchQueries({ queryKey: ['song'] }));
    await vi.waitFor(() => expect(screen.getByText('Loading song')).toBeTruthy());
    await succeed('Intro');
    await findHeading('Intro');
    expect(document.activeElement).toBe(document.body);
  });
});
