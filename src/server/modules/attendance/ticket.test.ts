import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { TICKET_COMPANIONS_MAX, TICKET_NOTE_MAX, TICKET_SEAT_MAX } from '#shared/limits';
import type { SavedTicket, Ticket } from '#shared/schemas/attendance';
import type { DiaryPage, OwnDiaryPage } from '#shared/schemas/diary';
import { attendance, attendanceCompanions, users } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

const markPath = (concertId: string) => `/api/concerts/${encodeURIComponent(concertId)}/attendance`;
const ticketPath = (concertId: string) => `${markPath(concertId)}/ticket`;

type Person = Awaited<ReturnType<typeof person>>;

/** Someone who was at a show, and a person they follow. */
async function showWithFriend() {
  const me = await person();
  const friend = await person();
  await create.follow({ followerId: me.user.id, followingId: friend.user.id });
  const concert = await create.concert({ date: daysFromToday(-5) });
  expect((await me.api.put(markPath(concert.id), { status: 'attended' })).status).toBe(201);
  return { me, friend, concert };
}

const companionOf = async (who: Person) => {
  const [row] = await db()
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(eq(users.id, who.user.id));
  return row!;
};

const companionRows = (userId: string, concertId: string) =>
  db()
    .select({ companionId: attendanceCompanions.companionId })
    .from(attendanceCompanions)
    .where(
      and(eq(attendanceCompanions.userId, userId), eq(attendanceCompanions.concertId, concertId)),
    );

const ownDiary = async (api: ApiClient) =>
  (await api.get<OwnDiaryPage>('/api/users/me/diary')).body;

describe('PUT /api/concerts/{id}/attendance/ticket', () => {
  it('saves seat, price, people one follows and a note, and one’s own diary shows them', async () => {
    const { me, friend, concert } = await showWithFriend();
    const saved = await me.api.put<SavedTicket>(ticketPath(concert.id), {
      seat: '  Row F, seat 12 ',
      pricePaid: { amount: 4550, currency: 'EUR' },
      companions: [friend.user.id, friend.user.id],
      note: 'Front of the balcony.',
    });
    expect(saved.status).toBe(200);
    const expected: Ticket = {
      seat: 'Row F, seat 12',
      pricePaid: { amount: 4550, currency: 'EUR' },
      companions: [await companionOf(friend)],
      note: 'Front of the balcony.',
    };
    expect(saved.body).toEqual({ concertId: concert.id, ticket: expected });

    const diary = await ownDiary(me.api);
    expect(diary.shows.find((show) => show.id === concert.id)?.ticket).toEqual(expected);

    // A second PUT writes all of it: what it leaves out is gone.
    const again = await me.api.put<SavedTicket>(ticketPath(concert.id), { seat: 'Floor' });
    expect(again.body.ticket).toEqual({
      seat: 'Floor',
      pricePaid: null,
      companions: [],
      note: null,
    });
    expect(await companionRows(me.user.id, concert.id)).toEqual([]);

    // Nothing at all, or only blanks, is no ticket.
    const cleared = await me.api.put<SavedTicket>(ticketPath(concert.id), {
      seat: ' ',
      note: '\u200b',
      pricePaid: null,
      companions: [],
    });
    expect(cleared.body).toEqual({ concertId: concert.id, ticket: null });
    expect((await ownDiary(me.api)).shows.find((show) => show.id === concert.id)?.ticket).toBe(
      null,
    );
  });

  it('takes a "Going" mark too, and its details show in "Did you go?" once the day is past', async () => {
    const me = await person();
    const ahead = await create.concert({ date: daysFromToday(7) });
    const missed = await create.concert({ date: daysFromToday(-2) });
    expect((await me.api.put(markPath(ahead.id), { status: 'going' })).status).toBe(201);
    // A "Going" mark made before the show, whose day has passed since.
    await db()
      .insert(attendance)
      .values({
        userId: me.user.id,
        concertId: missed.id,
        status: 'going',
        concertDate: missed.date,
      });
    expect(
      (await me.api.put(ticketPath(ahead.id), { pricePaid: { amount: 0, currency: 'USD' } }))
        .status,
    ).toBe(200);
    expect((await me.api.put(ticketPath(missed.id), { seat: 'GA' })).status).toBe(200);
    const diary = await ownDiary(me.api);
    expect(diary.didYouGo.map((show) => [show.id, show.ticket?.seat])).toEqual([[missed.id, 'GA']]);
    // "I was there" keeps the details.
    expect((await me.api.put(markPath(missed.id), { status: 'attended' })).status).toBe(200);
    expect((await ownDiary(me.api)).shows.map((show) => show.ticket?.seat)).toEqual(['GA']);
  });

  it('answers 404 without a mark of one’s own, even when others marked it', async () => {
    const { friend, concert } = await showWithFriend();
    const response = await friend.api.put<{ message: string }>(ticketPath(concert.id), {
      seat: 'A1',
    });
    expect(response.status).toBe(404);
    expect(response.body.message).toContain('not marked');
    expect((await friend.api.put(ticketPath('no-such-concert'), {})).status).toBe(404);
  });

  it('refuses people one does not follow, naming companions, and writes nothing', async () => {
    const { me, friend, concert } = await showWithFriend();
    const stranger = await person();
    // The stranger follows me; following is one way.
    await create.follow({ followerId: stranger.user.id, followingId: me.user.id });
    for (const companions of [
      [stranger.user.id],
      [friend.user.id, stranger.user.id],
      [me.user.id],
    ]) {
      const response = await me.api.put<{ message: string }>(ticketPath(concert.id), {
        seat: 'B2',
        companions,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('companions: you can only add people you follow');
    }
    expect((await ownDiary(me.api)).shows[0]?.ticket).toBeNull();
    expect(await companionRows(me.user.id, concert.id)).toEqual([]);
  });

  it('answers 400 naming the field for every bad value', async () => {
    const { me, concert } = await showWithFriend();
    const tooMany = Array.from({ length: TICKET_COMPANIONS_MAX + 1 }, () => crypto.randomUUID());
    for (const [body, field] of [
      [{ seat: 'x'.repeat(TICKET_SEAT_MAX + 1) }, 'seat'],
      [{ seat: 12 }, 'seat'],
      [{ note: 'x'.repeat(TICKET_NOTE_MAX + 1) }, 'note'],
      [{ note: 'x'.repeat(TICKET_NOTE_MAX * 10) }, 'note'],
      [{ pricePaid: { amount: -1, currency: 'EUR' } }, 'pricePaid.amount'],
      [{ pricePaid: { amount: 12.5, currency: 'EUR' } }, 'pricePaid.amount'],
      [{ pricePaid: { amount: 1e12, currency: 'EUR' } }, 'pricePaid.amount'],
      [{ pricePaid: { amount: '10', currency: 'EUR' } }, 'pricePaid.amount'],
      [{ pricePaid: { amount: 100, currency: 'eur' } }, 'pricePaid.currency'],
      [{ pricePaid: { amount: 100, currency: 'XYZ' } }, 'pricePaid.currency'],
      [{ pricePaid: { amount: 100 } }, 'pricePaid.currency'],
      [{ companions: ['not-an-id'] }, 'companions'],
      [{ companions: tooMany }, 'companions'],
      [{ companions: 'everyone' }, 'companions'],
    ] as const) {
      const response = await me.api.put<{ message: string }>(ticketPath(concert.id), body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message, JSON.stringify(body).slice(0, 80)).toContain(field);
    }
  });

  it('is for signed-in people only', async () => {
    const { concert } = await showWithFriend();
    const response = await apiClient(server.app).put(ticketPath(concert.id), { seat: 'A1' });
    expect(response.status).toBe(401);
  });
});

describe('ticket details are private', () => {
  it('never reach anyone else’s view of the diary, followers and companions included', async () => {
    const { me, friend, concert } = await showWithFriend();
    const follower = await person();
    await create.follow({ followerId: follower.user.id, followingId: me.user.id });
    await create.follow({ followerId: friend.user.id, followingId: me.user.id });
    const stranger = await person();
    expect(
      (
        await me.api.put(ticketPath(concert.id), {
          seat: 'Secret seat',
          pricePaid: { amount: 9900, currency: 'GBP' },
          companions: [friend.user.id],
          note: 'Secret note',
        })
      ).status,
    ).toBe(200);

    for (const reader of [follower, friend, stranger, me]) {
      const page = await reader.api.get<DiaryPage>(`/api/users/${me.user.id}/diary`);
      expect(page.status).toBe(200);
      expect(page.body.shows.map((show) => show.id)).toEqual([concert.id]);
      for (const show of [...page.body.shows, ...page.body.didYouGo]) {
        expect(show).not.toHaveProperty('ticket');
      }
      expect(page.text).not.toContain('Secret');
      expect(page.text).not.toContain('9900');
    }
    // The friend's own diary has nothing of it either.
    expect((await friend.api.get('/api/users/me/diary')).text).not.toContain('Secret');
    // Only one's own diary carries them.
    expect((await ownDiary(me.api)).shows[0]?.ticket?.seat).toBe('Secret seat');
  });
});

describe('ticket details go with the mark', () => {
  it('unmarking removes them, companions included; marking again starts empty', async () => {
    const me = await person();
    const friend = await person();
    await create.follow({ followerId: me.user.id, followingId: friend.user.id });
    const concert = await create.concert({ date: daysFromToday(9) });
    await me.api.put(markPath(concert.id), { status: 'going' });
    await me.api.put(ticketPath(concert.id), { seat: 'C3', companions: [friend.user.id] });
    expect(await companionRows(me.user.id, concert.id)).toHaveLength(1);

    expect((await me.api.delete(markPath(concert.id))).status).toBe(204);
    expect(await companionRows(me.user.id, concert.id)).toEqual([]);
    expect((await me.api.put(ticketPath(concert.id), { seat: 'C3' })).status).toBe(404);

    const past = await create.concert({ date: daysFromToday(-1) });
    await me.api.put(markPath(past.id), { status: 'attended' });
    expect((await ownDiary(me.api)).shows[0]?.ticket).toBeNull();
  });

  it('a companion who deletes their account leaves the list', async () => {
    const { me, friend, concert } = await showWithFriend();
    await me.api.put(ticketPath(concert.id), { companions: [friend.user.id], seat: 'D4' });
    await db().delete(users).where(eq(users.id, friend.user.id));
    expect((await ownDiary(me.api)).shows[0]?.ticket).toMatchObject({
      seat: 'D4',
      companions: [],
    });
  });
});

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return files;
}

describe('"Download my data"', () => {
  it('holds one’s ticket details with each mark', async () => {
    const { me, friend, concert } = await showWithFriend();
    const plain = await create.concert({ date: daysFromToday(-30) });
    await me.api.put(markPath(plain.id), { status: 'attended' });
    await me.api.put(ticketPath(concert.id), {
      seat: 'E5',
      pricePaid: { amount: 120000, currency: 'JPY' },
      companions: [friend.user.id],
      note: 'Encore of three songs',
    });
    const download = await me.api.get('/api/users/me/export');
    expect(download.status).toBe(200);
    const marks = JSON.parse(
      (await unzip(download.bytes)).get('attendance.json')!.toString('utf8'),
    ) as { concertId: string; ticket: unknown }[];
    const { profileImageUrl: _picture, ...friendNamed } = await companionOf(friend);
    expect(marks.map((mark) => [mark.concertId, mark.ticket])).toEqual([
      [
        concert.id,
        {
          seat: 'E5',
          pricePaid: { amount: 120000, currency: 'JPY' },
          companions: [friendNamed],
          note: 'Encore of three songs',
        },
      ],
      [plain.id, null],
    ]);
    // The friend's export names no ticket of someone else's.
    const theirs = await friend.api.get('/api/users/me/export');
    const theirMarks = (await unzip(theirs.bytes)).get('attendance.json')!.toString('utf8');
    expect(theirMarks).not.toContain('E5');
  });
});
