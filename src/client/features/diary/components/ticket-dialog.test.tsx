import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Ticket } from '#shared/schemas/attendance';
import type { DiaryShow, DiaryStats, OwnDiaryPage, OwnDiaryShow } from '#shared/schemas/diary';
import type { UserSummary } from '#shared/schemas/users';
import { json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { DiaryView } from './diary-view';

const ME = '00000000-0000-4000-8000-000000000001';
const ANA = '00000000-0000-4000-8000-0000000000aa';
const BEN = '00000000-0000-4000-8000-0000000000bb';

function aShow(overrides: Partial<OwnDiaryShow> = {}): OwnDiaryShow {
  return {
    id: 'c1',
    date: '2025-06-30',
    artist: 'The Velvet Lanterns',
    venue: 'The Roxy',
    city: 'Los Angeles',
    country: 'United States',
    reviewed: false,
    reviewId: null,
    rating: null,
    ticket: null,
    ...overrides,
  };
}

const person = (id: string, firstName: string | null, username: string): UserSummary => ({
  id,
  username,
  firstName,
  lastName: null,
  profileImageUrl: null,
  bio: null,
  isFollowing: true,
});

const FOLLOWING = [person(ANA, 'Ana', 'ana_live'), person(BEN, null, 'ben_b')];
const asCompanion = ({ id, username, firstName, lastName, profileImageUrl }: UserSummary) => ({
  id,
  username,
  firstName,
  lastName,
  profileImageUrl,
});

const SAVED: Ticket = {
  seat: 'Row F, seat 12',
  pricePaid: { amount: 4550, currency: 'EUR' },
  companions: [asCompanion(FOLLOWING[0]!)],
  note: 'Front of the balcony',
};

const STATS: DiaryStats = {
  shows: 2,
  artists: 2,
  venues: 1,
  cities: 1,
  countries: 1,
  songsHeardLive: 0,
  mostSeenArtist: null,
  mostVisitedVenue: null,
  firstShow: null,
  perYear: [],
  topSongs: [],
};

const PAGE: OwnDiaryPage = {
  shows: [
    aShow({ ticket: SAVED }),
    aShow({ id: 'c2', date: '2025-02-14', artist: 'Rhyme Theory', venue: 'Brixton Academy' }),
  ],
  didYouGo: [],
};

/**
 * A server with one's own diary and the people one follows; the ticket's PUT answers
 * `ticketAnswer` (the saved details by default).
 */
function serve({
  page = PAGE,
  ticketAnswer,
}: { page?: OwnDiaryPage; ticketAnswer?: () => Response } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    if (init?.method === 'PUT' && path.endsWith('/attendance/ticket')) {
      if (ticketAnswer) return ticketAnswer();
      const body = JSON.parse(String(init.body)) as { seat: string };
      return json({ concertId: 'c2', ticket: { ...SAVED, seat: body.seat } });
    }
    if (path === '/api/users/me/diary/stats') return json(STATS);
    if (path === '/api/users/me/diary') return json(page);
    if (path === '/api/users/me/imports') return json([]);
    if (path === `/api/users/${ME}/following`) return json(FOLLOWING);
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init!.body)) as unknown }));

const entry = async (artist: string) =>
  (await screen.findByRole('link', { name: artist })).closest('li')!;

async function openDialogOf(artist: string) {
  const show = await entry(artist);
  const button = within(show).getByRole('button', {
    name: new RegExp(`^Ticket details\\W+${artist}$`),
  });
  await userEvent.click(button);
  return { dialog: await screen.findByRole('dialog', { name: 'Ticket details' }), button };
}

describe('ticket details on one’s own diary', () => {
  it('shows the saved details in one line, and the dialog opens with them filled in', async () => {
    serve();
    renderWithQueryClient(<DiaryView who="me" own viewerId={ME} />);
    const show = await entry('The Velvet Lanterns');
    expect(show.textContent).toContain(
      'Your ticket: Seat Row F, seat 12 · €45.50 · With Ana · Front of the balcony',
    );

    const { dialog } = await openDialogOf('The Velvet Lanterns');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(dialog.textContent).toContain('Only you can see these.');
    expect((within(dialog).getByLabelText('Seat') as HTMLInputElement).value).toBe(
      'Row F, seat 12',
    );
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('45.50');
    expect((within(dialog).getByLabelText('Currency') as HTMLSelectElement).value).toBe('EUR');
    expect((within(dialog).getByLabelText('Note') as HTMLTextAreaElement).value).toBe(
      'Front of the balcony',
    );
    const wentWith = within(dialog).getByRole('group', { name: 'Went with' });
    expect(
      ((await within(wentWith).findByRole('checkbox', { name: /Ana/ })) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      ((await within(wentWith).findByRole('checkbox', { name: '@ben_b' })) as HTMLInputElement)
        .checked,
    ).toBe(false);
  });

  it('saves what was typed and chosen, in minor units, and closes', async () => {
    const fetchMock = serve();
    renderWithQueryClient(<DiaryView who="me" own viewerId={ME} />);
    const { dialog } = await openDialogOf('Rhyme Theory');
    // A new price starts from the currency of the newest saved one.
    expect((within(dialog).getByLabelText('Currency') as HTMLSelectElement).value).toBe('EUR');

    await userEvent.type(within(dialog).getByLabelText('Seat'), 'Floor');
    await userEvent.type(within(dialog).getByLabelText('Amount'), '12,5');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'USD');
    const search = within(dialog).getByRole('searchbox', { name: 'Search people you follow' });
    await userEvent.type(search, 'ben');
    const wentWith = within(dialog).getByRole('group', { name: 'Went with' });
    await waitFor(() =>
      expect(within(wentWith).queryByRole('checkbox', { name: /Ana/ })).toBeNull(),
    );
    await userEvent.click(within(wentWith).getByRole('checkbox', { name: '@ben_b' }));
    expect(wentWith.textContent).toContain('1 of 20 chosen');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Great sound');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(fetchMock)).toEqual([
      {
        url: '/api/concerts/c2/attendance/ticket',
        body: {
          seat: 'Floor',
          pricePaid: { amount: 1250, currency: 'USD' },
          companions: [BEN],
          note: 'Great sound',
        },
      },
    ]);
    expect(shownToasts()).toContain('Ticket details saved');
  });

  it('shows a problem under its field, focused, and sends nothing', async () => {
    const fetchMock = serve();
    renderWithQueryClient(<DiaryView who="me" own viewerId={ME} />);
    const { dialog } = await openDialogOf('Rhyme Theory');
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.type(amount, '1.999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
    const described = document.getElementById(amount.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Enter at most 2 digits after the decimal point');

    // A seat too long comes first, with the API's own rule.
    const seat = within(dialog).getByLabelText('Seat');
    await userEvent.click(seat);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(seat);
    expect(document.getElementById(seat.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Seat must be at most 100 characters',
    );
    expect(puts(fetchMock)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Ticket details' })).toBeTruthy();
  });

  it('shows the server’s refusal under the field it names', async () => {
    serve({
      ticketAnswer: () => json({ message: 'companions: you can only add people you follow' }, 400),
    });
    renderWithQueryClient(<DiaryView who="me" own viewerId={ME} />);
    const { dialog } = await openDialogOf('Rhyme Theory');
    const wentWith = within(dialog).getByRole('group', { name: 'Went with' });
    await userEvent.click(await within(wentWith).findByRole('checkbox', { name: /Ana/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(wentWith.textContent).toContain('You can only add people you follow'),
    );
    const search = within(dialog).getByRole('searchbox', { name: 'Search people you follow' });
    expect(search.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(search);
  });

  it('Cancel closes without saving and gives focus back to the button', async () => {
    const fetchMock = serve();
    renderWithQueryClient(<DiaryView who="me" own viewerId={ME} />);
    const { dialog, button } = await openDialogOf('The Velvet Lanterns');
    await userEvent.clear(within(dialog).getByLabelText('Seat'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(puts(fetchMock)).toEqual([]);
  });

  it('says so when one follows nobody yet', async () => {
    serve();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(String(url), 'http://localhost').pathname;
        if (path === `/api/users/${ME}/following`) return json([]);
        if (path === '/api/users/me/diary') return json(PAGE);
        if (path === '/api/users/me/diary/stats') return json(STATS);
        return json([]);
      }),
    );
    renderWithQueryClient(<DiaryView who="me" own viewerId={ME} />);
    const { dialog } = await openDialogOf('Rhyme Theory');
    expect(
      await within(dialog).findByText(
        'Follow the people you go to shows with, and you can add them here.',
      ),
    ).toBeTruthy();
  });
});

describe('someone else’s diary', () => {
  it('has no ticket details, even if an answer carried some', async () => {
    const show = aShow({ ticket: SAVED }) as DiaryShow;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/stats') ? json(STATS) : json({ shows: [show], didYouGo: [] }),
      ),
    );
    renderWithQueryClient(<DiaryView who="u2" own={false} />);
    const item = await entry('The Velvet Lanterns');
    expect(within(item).queryByRole('button', { name: /Ticket details/ })).toBeNull();
    expect(item.textContent).not.toContain('Row F');
  });
});
