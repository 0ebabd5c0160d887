import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DiaryPage, DiaryStats } from '#shared/schemas/diary';
import type { CsvImportPreview, DiaryImport } from '#shared/schemas/imports';
import { json, renderWithQueryClient } from '#client/testing/render';
import { DiaryView } from './diary-view';

const STATS: DiaryStats = {
  shows: 0,
  artists: 0,
  venues: 0,
  cities: 0,
  countries: 0,
  songsHeardLive: 0,
  mostSeenArtist: null,
  mostVisitedVenue: null,
  firstShow: null,
  perYear: [],
  topSongs: [],
};

const ONE_SHOW: DiaryPage = {
  shows: [
    {
      id: 'c1',
      date: '2025-06-30',
      artist: 'The Velvet Lanterns',
      venue: 'The Roxy',
      city: 'Los Angeles',
      country: 'United States',
      reviewed: false,
      reviewId: null,
      rating: null,
    },
  ],
  didYouGo: [],
};

function anImport(overrides: Partial<DiaryImport> = {}): DiaryImport {
  return {
    id: 'i1',
    source: 'setlistfm',
    label: 'robin',
    status: 'queued',
    total: null,
    processed: 0,
    alreadyInDiary: 0,
    refused: [],
    message: null,
    createdAt: '2026-11-28T15:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

interface Sent {
  method: string;
  path: string;
  /** The JSON sent, or the multipart form. */
  body: unknown;
}

/**
 * The API of one's diary and its imports. `started` answers a POST that starts an import (a
 * DiaryImport, or a refusal); `preview` a POST with preview=true; each GET of an import answers
 * the next of `states`, the last one again and again; `listed` is GET /imports. The diary is
 * empty until an import is seen done, then holds one show.
 */
function serveImports({
  listed = [],
  started = anImport(),
  preview,
  states = [],
  diary,
}: {
  listed?: DiaryImport[];
  started?: DiaryImport | Response;
  preview?: CsvImportPreview | Response;
  states?: DiaryImport[];
  diary?: DiaryPage;
} = {}) {
  const sent: Sent[] = [];
  let polls = 0;
  let doneSeen = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url).split('?')[0]!;
    const method = init?.method ?? 'GET';
    if (method === 'POST') {
      const body = init?.body instanceof FormData ? init.body : JSON.parse(String(init?.body));
      sent.push({ method, path, body });
      if (body instanceof FormData && body.get('preview') === 'true') {
        return preview instanceof Response ? preview : json(preview);
      }
      return started instanceof Response ? started : json(started, 202);
    }
    if (path === '/api/users/me/imports') return json(listed);
    if (path.startsWith('/api/users/me/imports/')) {
      const state = states[Math.min(polls++, states.length - 1)]!;
      if (state.status === 'done') doneSeen = true;
      return json(state);
    }
    if (path === '/api/users/me/diary/stats') {
      return json(doneSeen ? { ...STATS, shows: 1 } : STATS);
    }
    if (path === '/api/users/me/diary') {
      return json(diary ?? (doneSeen ? ONE_SHOW : { shows: [], didYouGo: [] }));
    }
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const reads = (path: string) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => (init?.method ?? 'GET') === 'GET' && String(url).split('?')[0] === path,
    ).length;
  return { sent, reads };
}

const renderOwnDiary = () => renderWithQueryClient(<DiaryView who="me" own />);

/** What the import's live region says, once it says `text` (polls come a second apart). */
const statusSaying = (text: string) =>
  waitFor(
    () => {
      const region = screen.getAllByRole('status').find((status) => status.textContent === text);
      expect(region, `a status saying "${text}"`).toBeTruthy();
      return region!;
    },
    { timeout: 5000 },
  );

const csvFile = (name = 'my-shows.csv') =>
  new File(['date,artist,venue,city\n2024-03-10,Rhyme Theory,The Roxy,Los Angeles\n'], name, {
    type: 'text/csv',
  });

describe('Import from setlist.fm', () => {
  it('sends the username, shows the progress, then the end, and the imported show', async () => {
    const { sent, reads } = serveImports({
      states: [
        anImport({ status: 'running', total: 340, processed: 120, alreadyInDiary: 4 }),
        anImport({
          status: 'done',
          total: 340,
          processed: 340,
          alreadyInDiary: 12,
          finishedAt: '2026-11-28T15:01:00.000Z',
        }),
      ],
    });
    renderOwnDiary();
    const form = await screen.findByRole('region', { name: 'Import from setlist.fm' });
    await userEvent.type(within(form).getByLabelText('setlist.fm username'), '  robin ');
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/users/me/imports',
          body: { source: 'setlistfm', username: 'robin' },
        },
      ]),
    );
    expect(await screen.findByText('From setlist.fm: robin')).toBeTruthy();
    await statusSaying('Imported 120 of 340 shows');
    expect(
      screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow'),
    ).toBe('35');
    await statusSaying('340 shows imported, 12 already in your diary');
    expect(screen.queryByRole('progressbar')).toBeNull();

    // The diary and its numbers are asked for again: the show arrives.
    expect(await screen.findByRole('region', { name: '2025' })).toBeTruthy();
    expect(reads('/api/users/me/diary/stats')).toBeGreaterThanOrEqual(2);
    // The forms stay open for another import.
    expect(screen.getByRole('button', { name: 'Import shows' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it.each([
    [503, 'Import from setlist.fm is not available here: this Encore has no setlist.fm API key'],
    [400, "Invalid body field 'username': username is at most 100 characters"],
    [409, 'An import is already running'],
    [429, 'Too many imports today (at most 20 a day); try again in 3 minutes'],
  ])("shows the server's %i message tied to the field", async (status, message) => {
    const { sent } = serveImports({ started: json({ message }, status) });
    renderOwnDiary();
    const form = await screen.findByRole('region', { name: 'Import from setlist.fm' });
    const field = within(form).getByLabelText('setlist.fm username');
    await userEvent.type(field, 'nobody-at-all');
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));

    const alert = await within(form).findByText(message);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(1);
  });

  it('asks for a username without sending anything', async () => {
    const { sent } = serveImports();
    renderOwnDiary();
    const form = await screen.findByRole('region', { name: 'Import from setlist.fm' });
    await userEvent.type(within(form).getByLabelText('setlist.fm username'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));
    expect(within(form).getByRole('alert').textContent).toBe('username is required');
    expect(sent).toEqual([]);
  });

  it('says why an import failed, and "Try again" sends the username once more', async () => {
    const { sent } = serveImports({
      states: [
        anImport({
          status: 'failed',
          message: 'setlist.fm did not answer; try again later to import the rest',
        }),
      ],
    });
    renderOwnDiary();
    const form = await screen.findByRole('region', { name: 'Import from setlist.fm' });
    await userEvent.type(within(form).getByLabelText('setlist.fm username'), 'robin');
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));

    const alert = await screen.findByText(
      'setlist.fm did not answer; try again later to import the rest',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({ source: 'setlistfm', username: 'robin' });
    expect(document.activeElement).toBe(within(form).getByLabelText('setlist.fm username'));
  });
});

describe('Import from a file', () => {
  const refused = Array.from({ length: 53 }, (_, n) => ({
    line: n + 7,
    reason: n === 0 ? 'date is not a date (YYYY-MM-DD)' : 'artist is required',
  }));
  const PREVIEW: CsvImportPreview = { rows: 287, newConcerts: 12, matchedConcerts: 275, refused };

  it('previews the file (counts, refused lines), then "Import" sends it without preview', async () => {
    const { sent } = serveImports({
      preview: PREVIEW,
      started: anImport({ id: 'i2', source: 'csv', label: 'my-shows.csv' }),
      states: [
        anImport({
          id: 'i2',
          source: 'csv',
          label: 'my-shows.csv',
          status: 'done',
          total: 287,
          processed: 287,
          alreadyInDiary: 3,
          refused,
        }),
      ],
    });
    renderOwnDiary();
    const form = await screen.findByRole('region', { name: 'Import from a file' });
    const input = within(form).getByLabelText('CSV file');
    expect(input.getAttribute('accept')).toBe('.csv,text/csv');
    await userEvent.upload(input, csvFile());

    expect(
      await within(form).findByText(
        '287 rows to import: 12 new concerts, 275 matched to existing concerts; 53 refused',
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(1);
    const asked = sent[0]!.body as FormData;
    expect(asked.get('preview')).toBe('true');
    expect((asked.get('file') as File).name).toBe('my-shows.csv');

    const list = within(form).getByRole('list', { name: 'Refused rows' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toHaveLength(50);
    expect(lines[0]).toBe('Line 7: date is not a date (YYYY-MM-DD)');
    expect(lines[1]).toBe('Line 8: artist is required');
    expect(within(form).getByText('and 3 more')).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    const imported = sent[1]!.body as FormData;
    expect(imported.get('preview')).toBeNull();
    expect((imported.get('file') as File).name).toBe('my-shows.csv');
    await waitFor(() => expect(document.activeElement).toBe(input));

    await statusSaying('287 shows imported, 3 already in your diary');
    expect(screen.getByText('From my-shows.csv')).toBeTruthy();
    // The preview is put away; what was refused stays said with the end.
    expect(within(form).queryByRole('list', { name: 'Refused rows' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Rows not imported' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: '2025' })).toBeTruthy();
  });

  it('shows why a file is refused, tied to the file input, with nothing to import', async () => {
    const { sent } = serveImports({
      preview: json(
        { message: 'line 1: the header has no venue column (it needs date, artist, venue, city)' },
        400,
      ),
    });
    renderOwnDiary();
    const form = await screen.findByRole('region', { name: 'Import from a file' });
    const input = within(form).getByLabelText('CSV file');
    await userEvent.upload(input, csvFile('bad.csv'));
    const alert = await within(form).findByText(
      'line 1: the header has no venue column (it needs date, artist, venue, city)',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(within(form).queryByRole('button', { name: 'Import' })).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('"Cancel" puts the preview away and imports nothing', async () => {
    const { sent } = serveImports({ preview: { ...PREVIEW, refused: [] } });
    renderOwnDiary();
    const form = await screen.findByRole('region', { name: 'Import from a file' });
    const input = within(form).getByLabelText('CSV file');
    await userEvent.upload(input, csvFile());
    await within(form).findByText(
      '287 rows to import: 12 new concerts, 275 matched to existing concerts; 0 refused',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(form).queryByRole('button', { name: 'Import' })).toBeNull();
    expect(within(form).queryByText(/287 rows/)).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(sent).toHaveLength(1);
  });
});

describe('a CSV import that failed', () => {
  const failed = anImport({
    id: 'i3',
    source: 'csv',
    label: 'my-shows.csv',
    status: 'failed',
    total: 2,
    message: 'The import stopped on an error; try again later',
  });

  it('"Try again" sends the same file once more', async () => {
    const { sent } = serveImports({
      preview: { rows: 1, newConcerts: 1, matchedConcerts: 0, refused: [] },
      started: { ...failed, status: 'queued', message: null },
      states: [failed],
    });
    renderOwnDiary();
    const form = await screen.findByRole('region', { name: 'Import from a file' });
    await userEvent.upload(within(form).getByLabelText('CSV file'), csvFile());
    await userEvent.click(await within(form).findByRole('button', { name: 'Import' }));
    await screen.findByText('The import stopped on an error; try again later');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    const again = sent[2]!.body as FormData;
    expect(again.get('preview')).toBeNull();
    expect((again.get('file') as File).name).toBe('my-shows.csv');
  });

  it('after a reload asks for the file again, opening the form', async () => {
    const { sent } = serveImports({
      listed: [{ ...failed, status: 'running' }],
      states: [failed],
      diary: ONE_SHOW,
    });
    renderOwnDiary();
    const choose = await screen.findByRole(
      'button',
      { name: 'Choose the file again' },
      { timeout: 5000 },
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The import stopped on an error; try again later',
    );
    await userEvent.click(choose);
    expect(screen.getByRole('button', { name: 'Import shows' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    const form = screen.getByRole('region', { name: 'Import from a file' });
    expect(document.activeElement).toBe(within(form).getByLabelText('CSV file'));
    expect(sent).toEqual([]);
  });
});

describe('an import under way when the page opens', () => {
  it('shows its progress again and follows it to the end', async () => {
    const running = anImport({ status: 'running', total: 340, processed: 120 });
    serveImports({
      listed: [running, anImport({ id: 'i0', status: 'done', processed: 2, total: 2 })],
      states: [
        { ...running, processed: 200 },
        { ...running, status: 'done', processed: 340, alreadyInDiary: 1 },
      ],
      diary: ONE_SHOW,
    });
    renderOwnDiary();
    await statusSaying('Imported 200 of 340 shows');
    expect(screen.getByText('From setlist.fm: robin')).toBeTruthy();
    // A diary with shows keeps the forms closed; the progress shows all the same.
    const toggle = screen.getByRole('button', { name: 'Import shows' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Import from setlist.fm' })).toBeNull();
    await statusSaying('340 shows imported, 1 already in your diary');

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Import from setlist.fm' })).toBeTruthy();
  });

  it('shows nothing of imports that have ended', async () => {
    serveImports({
      listed: [anImport({ status: 'done', processed: 2, total: 2 })],
      diary: ONE_SHOW,
    });
    renderOwnDiary();
    await screen.findByRole('region', { name: '2025' });
    expect(screen.queryByText(/shows? imported/)).toBeNull();
    expect(screen.queryByText(/^From /)).toBeNull();
  });
});
