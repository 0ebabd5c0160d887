import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SearchGroups } from '#shared/schemas/search';
import { json, renderWithQueryClient } from '#client/testing/render';
import { SearchBox } from './search-box';

const GROUPS: SearchGroups = {
  artists: [
    { id: 'a1', name: 'Radiohead', imageUrl: null, followerCount: 12, concertCount: 3 },
    { id: 'a2', name: 'Radical Face', imageUrl: null, followerCount: 1, concertCount: 1 },
  ],
  venues: [{ id: 'v1', name: 'Radio City', city: 'New York', state: 'NY', country: 'US' }],
  concerts: [],
  people: [],
};
const NOTHING: SearchGroups = { artists: [], venues: [], concerts: [], people: [] };

function renderSearchBox(answer: (text: string) => SearchGroups = () => GROUPS) {
  const fetchMock = vi.fn(async (url: string) =>
    json(answer(new URL(url, 'http://encore.test').searchParams.get('q') ?? '')),
  );
  vi.stubGlobal('fetch', fetchMock);
  const location = memoryLocation({ path: '/discover', record: true });
  renderWithQueryClient(<SearchBox />, {
    providers: ({ children }) => <Router hook={location.hook}>{children}</Router>,
  });
  return { fetchMock, history: location.history };
}

const field = () => screen.getByRole('combobox', { name: 'Search Encore' });

describe('SearchBox', () => {
  it('suggests as one types, grouped, and announces how many it found', async () => {
    renderSearchBox();
    await userEvent.type(field(), 'radi');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Artists' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Venues' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Concerts' })).toBeNull();
    expect(list.querySelectorAll('[role="option"]')).toHaveLength(4);
    expect(screen.getByRole('option', { name: 'See all results' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 results');
  });

  it('moves with the arrow keys and opens the chosen suggestion with Enter', async () => {
    const { history } = renderSearchBox();
    await userEvent.type(field(), 'radi');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const chosen = screen.getByRole('option', { name: /Radical Face/ });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
    expect(field().getAttribute('aria-activedescendant')).toBe(chosen.id);
    // Up past the first comes back to the field itself.
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(field().getAttribute('aria-activedescendant')).toBeNull();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(history.at(-1)).toBe('/artists/a2');
  });

  it('opens the results page on Enter with nothing chosen, and Escape closes then empties', async () => {
    const { history } = renderSearchBox();
    await userEvent.type(field(), 'guns n roses');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(field().getAttribute('aria-expanded')).toBe('false');
    expect((field() as HTMLInputElement).value).toBe('guns n roses');
    await userEvent.keyboard('{Escape}');
    expect((field() as HTMLInputElement).value).toBe('');
    await userEvent.type(field(), 'guns n roses{Enter}');
    expect(history.at(-1)).toBe('/search?q=guns+n+roses');
  });

  it('says when nothing is found', async () => {
    renderSearchBox(() => NOTHING);
    await userEvent.type(field(), 'zzqx');
    const list = await screen.findByRole('listbox');
    expect(screen.getByRole('status').textContent).toBe('No results for “zzqx”');
    expect(within(list).getByText(/No results for “zzqx”/)).toBeTruthy();
    expect(within(list).getByRole('option', { name: 'See all results' })).toBeTruthy();
  });

  it('typing a name letter by letter asks once it settles, and drops an answer no longer wanted', async () => {
    const signals: AbortSignal[] = [];
    const fetchMock = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          signals.push(init!.signal!);
          setTimeout(() => resolve(json(GROUPS)), 400);
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const location = memoryLocation({ path: '/discover' });
    renderWithQueryClient(<SearchBox />, {
      providers: ({ children }) => <Router hook={location.hook}>{children}</Router>,
    });
    await userEvent.type(field(), 'radiohead1');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // Another word while the answer is on its way: the first request is cancelled.
    await userEvent.type(field(), '{Backspace}');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('is reached with "/" and with Ctrl+K', async () => {
    renderSearchBox();
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(field());
    field().blur();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(field());
  });
});
