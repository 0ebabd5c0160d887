import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diaryCsv } from '#shared/diary-csv';
import type { DiaryPage, DiaryShow } from '#shared/schemas/diary';
import type { CsvImportPreview, DiaryImport } from '#shared/schemas/imports';
import { artists, attendance, concerts, diaryImports, venues } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

// No setlist.fm key here: importing from it is not available.
const server = useTestApp({ env: { IMPORT_CSV_MAX_MB: '1', JOB_POLL_SECONDS: '0.5' } });
const { db, person, create } = server;

const IMPORTS = '/api/users/me/imports';
type Person = Awaited<ReturnType<typeof person>>;

/** A multipart POST of a CSV file in `file`, with `preview=true` when asked, as the page's FormData sends it. */
async function sendCsv<T>(
  who: Person,
  csv: string | Buffer,
  options: { preview?: boolean; name?: string } = {},
) {
  const boundary = `----encore${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (options.preview) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="preview"\r\n\r\ntrue\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? 'diary.csv'}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return who.api.post<T>(IMPORTS, undefined, {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function finished(who: Person, id: string): Promise<DiaryImport> {
  await jobsSettled(db(), 30_000);
  return (await who.api.get<DiaryImport>(`${IMPORTS}/${id}`)).body;
}

async function diaryOf(who: Person): Promise<DiaryShow[]> {
  return (await who.api.get<DiaryPage>('/api/users/me/diary?limit=200')).body.shows;
}

const past = (days: number) => daysFromToday(-days);
const importsOf = (userId: string) =>
  db().select({ id: diaryImports.id }).from(diaryImports).where(eq(diaryImports.userId, userId));

describe('a CSV file’s preview', () => {
  it('counts the rows new to Encore, those matched, and each refused line with its reason, writing nothing', async () => {
    const who = await person();
    const known = await create.concert({
      artist: 'Known Band',
      venue: 'Old Hall',
      city: 'Chicago',
      date: past(30),
    });
    const fromSetlistFm = await create.concert({ id: 'sfm_abc123', date: past(40) });
    const csv = [
      'Date,Artist,Venue,City,Country,Setlist_FM_ID,Rating',
      `${past(30)},known band,OLD HALL,chicago,,,4.5`,
      `${past(40)},Anyone,Anywhere,Anytown,,abc123,`,
      `${past(50)},New Band,New Hall,Denver,United States,,`,
      `2024-02-30,Bad Date,Hall,City,,,`,
      `${daysFromToday(5)},Future,Hall,City,,,`,
      `${past(60)},,Hall,City,,,`,
      `${past(61)},Band,Hall,City,,,7`,
      `${past(50)},NEW BAND,new hall,DENVER,,,`,
      `${past(62)},Short`,
      '',
    ].join('\r\n');
    const answer = await sendCsv<CsvImportPreview>(who, csv, { preview: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      rows: 3,
      newConcerts: 1,
      matchedConcerts: 2,
      refused: [
        { line: 5, reason: 'date must be a past day as YYYY-MM-DD' },
        { line: 6, reason: 'date must be a past day as YYYY-MM-DD' },
        { line: 7, reason: 'artist is missing' },
        { line: 8, reason: 'rating must be from 0.5 to 5 in halves' },
        { line: 9, reason: 'the same show as line 4' },
        { line: 10, reason: 'has 2 fields where the header has 7' },
      ],
    });
    expect(await importsOf(who.user.id)).toEqual([]);
    expect(
      await db().select({ id: concerts.id }).from(concerts).where(eq(concerts.artist, 'New Band')),
    ).toEqual([]);
    expect(known.id).not.toBe(fromSetlistFm.id);
  });

  it('answers 400 for a file it cannot read: no header, unknown or missing columns, too many rows', async () => {
    const who = await person();
    const refusal = async (csv: string) => {
      const answer = await sendCsv<{ message: string }>(who, csv, { preview: true });
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect(await refusal('')).toMatch(/empty.*header/);
    expect(await refusal('date,artist,venue,city,seat\r\n')).toBe(
      'line 1: unknown column "seat"; the columns are date, artist, venue, city, country, setlist_fm_id, rating',
    );
    expect(await refusal('date,artist,city\r\n')).toMatch(
      /^line 1: the header has no venue column/,
    );
    expect(await refusal('date,artist,venue,city\r\n"unclosed,a,b,c\r\n')).toMatch(
      /line \d+: the file is not CSV/,
    );
    const row = `${past(10)},Band,Hall,City`;
    const tooMany = ['date,artist,venue,city', ...Array<string>(5001).fill(row)].join('\n');
    expect(await refusal(tooMany)).toBe('The file has more than 5,000 rows');
    expect(await importsOf(who.user.id)).toEqual([]);
  });

  it('answers 413 for a file over IMPORT_CSV_MAX_MB, and 400 without a file', async () => {
    const who = await person();
    const big = Buffer.alloc(1024 * 1024 + 10, 'a');
    const answer = await sendCsv<{ message: string }>(who, big);
    expect(answer).toMatchObject({
      status: 413,
      body: { message: 'The file is larger than 1 MB' },
    });
    const none = await who.api.post<{ message: string }>(IMPORTS, undefined, {
      payload: '--b\r\nContent-Disposition: form-data; name="preview"\r\n\r\ntrue\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/file/);
  });
});

describe('importing a CSV file', () => {
  it('adds the concerts Encore lacks with artist and venue pages, marks every show, and keeps the refused lines', async () => {
    const who = await person();
    const existing = await create.concert({
      artist: 'Catalogue Band',
      venue: 'Catalogue Hall',
      city: 'Austin',
      date: past(100),
    });
    const csv = [
      'date,artist,venue,city,country',
      `${past(20)},Brand New Act,Fresh Room,Portland,United States`,
      `${past(21)},catalogue band,Other Room,Austin,`,
      `${past(100)},Catalogue Band,Catalogue Hall,Austin,`,
      `${past(22)},'=Formula Band,'-Minus Hall,'@City,`,
      `not a date,Band,Hall,City,`,
    ].join('\n');
    const started = await sendCsv<DiaryImport>(who, csv, { name: 'my shows.csv' });
    expect(started).toMatchObject({
      status: 202,
      body: { source: 'csv', label: 'my shows.csv', status: 'queued', total: 4, processed: 0 },
    });
    const done = await finished(who, started.body.id);
    expect(done).toMatchObject({
      status: 'done',
      total: 4,
      processed: 4,
      alreadyInDiary: 0,
      refused: [{ line: 6, reason: 'date must be a past day as YYYY-MM-DD' }],
    });

    const shows = await diaryOf(who);
    expect(shows.map(({ date, artist, venue, city }) => ({ date, artist, venue, city }))).toEqual([
      { date: past(20), artist: 'Brand New Act', venue: 'Fresh Room', city: 'Portland' },
      // The artist's name as the catalogue spells it: the same artist page.
      { date: past(21), artist: 'Catalogue Band', venue: 'Other Room', city: 'Austin' },
      // A formula's defusing is read back as it was written.
      { date: past(22), artist: '=Formula Band', venue: '-Minus Hall', city: '@City' },
      { date: past(100), artist: 'Catalogue Band', venue: 'Catalogue Hall', city: 'Austin' },
    ]);
    expect(shows[3]!.id).toBe(existing.id);
    expect(shows[0]!.country).toBe('United States');

    const [created] = await db()
      .select({ artistId: concerts.artistId, venueId: concerts.venueId })
      .from(concerts)
      .where(eq(concerts.id, shows[0]!.id));
    const artistPage = await who.api.get<{ name: string }>(`/api/artists/${created!.artistId}`);
    expect(artistPage).toMatchObject({ status: 200, body: { name: 'Brand New Act' } });
    const venuePage = await who.api.get<{ name: string }>(`/api/venues/${created!.venueId}`);
    expect(venuePage).toMatchObject({ status: 200, body: { name: 'Fresh Room' } });
    const catalogueArtists = await db()
      .select({ name: artists.name })
      .from(artists)
      .where(inArray(artists.name, ['Catalogue Band', 'catalogue band']));
    expect(catalogueArtists).toEqual([{ name: 'Catalogue Band' }]);
    const [venue] = await db()
      .select({ country: venues.country })
      .from(venues)
      .where(eq(venues.id, created!.venueId));
    expect(venue!.country).toBe('United States');
  });

  it('gives back the same diary from its export: all matched, nothing new, and again nothing twice', async () => {
    const author = await person();
    const fromSetlistFm = await create.concert({
      id: 'sfm_9bd3a1f',
      artist: 'Setlist Band',
      venue: 'Setlist Hall',
      city: 'Chicago',
      date: past(200),
    });
    const plain = await create.concert({
      artist: 'Band, with "quotes"',
      venue: '+Plus Venue',
      city: 'Denver',
      date: past(201),
    });
    const another = await create.concert({ artist: 'Third Act', date: past(202) });
    for (const concert of [fromSetlistFm, plain, another]) {
      await db().insert(attendance).values({
        userId: author.user.id,
        concertId: concert.id,
        status: 'attended',
        concertDate: concert.date,
      });
    }
    const exported = diaryCsv(await diaryOf(author));

    const reader = await person();
    const preview = await sendCsv<CsvImportPreview>(reader, exported, { preview: true });
    expect(preview.body).toEqual({ rows: 3, newConcerts: 0, matchedConcerts: 3, refused: [] });
    const started = await sendCsv<DiaryImport>(reader, exported);
    expect(await finished(reader, started.body.id)).toMatchObject({
      status: 'done',
      processed: 3,
      alreadyInDiary: 0,
    });
    const strip = (shows: DiaryShow[]) =>
      shows.map(({ id, date, artist, venue, city, country }) => ({
        id,
        date,
        artist,
        venue,
        city,
        country,
      }));
    expect(strip(await diaryOf(reader))).toEqual(strip(await diaryOf(author)));

    const again = await sendCsv<DiaryImport>(author, exported);
    expect(await finished(author, again.body.id)).toMatchObject({
      status: 'done',
      processed: 3,
      alreadyInDiary: 3,
    });
    expect(await diaryOf(author)).toHaveLength(3);
  });

  it('imports 5,000 rows in one job', async () => {
    const who = await person();
    const lines = ['date,artist,venue,city'];
    for (let i = 0; i < 5000; i++) {
      lines.push(`${past(1 + (i % 3000))},Bulk Artist ${i % 400},Bulk Hall ${i % 250},Bulk City`);
    }
    const started = await sendCsv<DiaryImport>(who, lines.join('\n'));
    expect(started.status).toBe(202);
    expect(await finished(who, started.body.id)).toMatchObject({
      status: 'done',
      total: 5000,
      processed: 5000,
      refused: [],
    });
    const marks = await db()
      .select({ count: attendance.concertId })
      .from(attendance)
      .where(eq(attendance.userId, who.user.id));
    expect(marks).toHaveLength(5000);
  });

  it('answers 400 when no row can be imported, and 503 for setlist.fm without its key', async () => {
    const who = await person();
    const none = await sendCsv<{ message: string }>(who, 'date,artist,venue,city\nbad,a,b,c\n');
    expect(none).toMatchObject({
      status: 400,
      body: {
        message:
          'No row of the file can be imported (line 2: date must be a past day as YYYY-MM-DD)',
      },
    });
    const setlistfm = await who.api.post<{ message: string }>(IMPORTS, {
      source: 'setlistfm',
      username: 'someone',
    });
    expect(setlistfm.status).toBe(503);
    expect(setlistfm.body.message).toMatch(/setlist\.fm is not available/);
    expect(await importsOf(who.user.id)).toEqual([]);
  });
});
