/**
 * The shareable picture of a year: shown to exactly whom the year's data is, only for a
 * year with shows, drawn off the event loop, kept until what it shows changes, and drawn
 * at most YEAR_IMAGE_RENDERS_PER_IP_PER_HOUR times an hour for one address.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { YearInReview } from '#shared/schemas/years';
import { yearImages } from '#server/db/schema.ts';
import { buildTestApp } from '#server/testing/test-app.ts';
import { apiClient, fromAddress, signInAs } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const RENDERS_PER_ADDRESS = 3;
const server = useTestApp({
  env: {
    // Each test asks from addresses of its own (X-Forwarded-For), so their renders add up apart.
    TRUST_PROXY: '127.0.0.1',
    YEAR_IMAGE_RENDERS_PER_IP_PER_HOUR: String(RENDERS_PER_ADDRESS),
  },
});
const { db, create } = server;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const imageOf = (username: string, year: number) =>
  `/api/users/username/${username}/year/${year}/image.png`;

/** A person with one show in each of `years`. */
async function personWithShows(username: string, years: number[], fields = {}) {
  const user = await create.user({ username, ...fields });
  for (const year of years) {
    const concert = await create.concert({ date: `${year}-06-15`, artist: `Act ${year}` });
    await create.review({ userId: user.id, concertId: concert.id });
  }
  return user;
}

/** Pictures this app has drawn, as /metrics counts them. */
async function rendersBy(app = server.app): Promise<number> {
  const metric = app.metrics.registry.getSingleMetric('encore_year_image_renders_total');
  const values = (await metric?.get())?.values ?? [];
  return values.reduce((sum, { value }) => sum + value, 0);
}

describe('the year picture', () => {
  it('is a 1200 × 630 PNG for a public year, with an ETag a browser revalidates', async () => {
    await personWithShows('imgpng', [2021]);
    const response = await apiClient(server.app).get(
      imageOf('imgpng', 2021),
      fromAddress('10.0.1.1'),
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // From the IHDR chunk.
    expect(response.bytes.readUInt32BE(16)).toBe(1200);
    expect(response.bytes.readUInt32BE(20)).toBe(630);

    const again = await apiClient(server.app).get(
      imageOf('imgpng', 2021),
      fromAddress('10.0.1.1', { 'if-none-match': String(response.headers.etag) }),
    );
    expect(again.status).toBe(304);
  });

  it('answers 404 for a year without shows, whose page says "No shows" instead', async () => {
    await personWithShows('imgempty', [2021]);
    const anyone = apiClient(server.app);
    const refused = await anyone.get<{ message: string }>(
      imageOf('imgempty', 1990),
      fromAddress('10.0.2.1'),
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('No shows in 1990, so no picture of it');
    // The year's data still answers, empty.
    const data = await anyone.get<YearInReview>('/api/users/username/imgempty/year/1990');
    expect(data.status).toBe(200);
    expect(data.body.showsAttended).toBe(0);
  });

  it('is refused to a viewer the person blocked, as the year is', async () => {
    const blocker = await personWithShows('imgblocker', [2021]);
    const blocked = await server.person();
    const owner = await signInAs(server, blocker.id);
    expect((await owner.post(`/api/users/${blocked.user.id}/block`)).status).toBe(200);

    const data = await blocked.api.get<{ message: string }>(
      '/api/users/username/imgblocker/year/2021',
    );
    expect(data.status).toBe(404);
    const picture = await blocked.api.get<{ message: string }>(
      imageOf('imgblocker', 2021),
      fromAddress('10.0.3.1'),
    );
    expect(picture.status).toBe(404);
    expect(picture.body.message).toBe(data.body.message);

    expect((await apiClient(server.app).get(imageOf('imgblocker', 2021))).status).toBe(200);
  });

  it('of a private person: 404 to others, theirs to see but for no shared cache', async () => {
    const user = await personWithShows('imgprivate', [2021], { isPrivate: true });
    const address = fromAddress('10.0.4.1');
    expect((await apiClient(server.app).get(imageOf('imgprivate', 2021), address)).status).toBe(
      404,
    );
    const stranger = await server.person();
    expect((await stranger.api.get(imageOf('imgprivate', 2021), address)).status).toBe(404);

    const owner = await signInAs(server, user.id);
    const own = await owner.get(imageOf('imgprivate', 2021), address);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-cache');
  });

  it('is drawn once while its year is unchanged, kept for other instances, and anew once a review changes it', async () => {
    const user = await personWithShows('imgkept', [2021]);
    const address = fromAddress('10.0.5.1');
    const anyone = apiClient(server.app);
    const before = await rendersBy();

    const first = await anyone.get(imageOf('imgkept', 2021), address);
    expect(first.status).toBe(200);
    expect(await rendersBy()).toBe(before + 1);
    const storedPicture = async () => {
      const [row] = await db()
        .select()
        .from(yearImages)
        .where(and(eq(yearImages.userId, user.id), eq(yearImages.year, 2021)));
      return row;
    };
    const stored = await storedPicture();
    expect(stored?.etag).toBe(first.headers.etag);

    const second = await anyone.get(imageOf('imgkept', 2021), address);
    expect(second.status).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.bytes).toEqual(first.bytes);
    expect(await rendersBy()).toBe(before + 1);

    // Another instance on the same database serves the stored picture without drawing it.
    const other = await buildTestApp(db(), { env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const fromOther = await apiClient(other).get(imageOf('imgkept', 2021), address);
      expect(fromOther.status).toBe(200);
      expect(fromOther.bytes).toEqual(first.bytes);
      expect(await rendersBy(other)).toBe(0);
    } finally {
      await other.close();
    }

    const concert = await create.concert({ date: '2021-09-01', artist: 'Late Act' });
    await create.review({ userId: user.id, concertId: concert.id });
    const changed = await anyone.get(imageOf('imgkept', 2021), address);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.bytes).not.toEqual(first.bytes);
    expect(await rendersBy()).toBe(before + 2);
    const replaced = await storedPicture();
    expect(replaced?.etag).toBe(changed.headers.etag);
    expect(replaced!.renderedAt.getTime()).toBeGreaterThanOrEqual(stored!.renderedAt.getTime());
  });

  it('goes with its account', async () => {
    const user = await personWithShows('imggone', [2021]);
    expect(
      (await apiClient(server.app).get(imageOf('imggone', 2021), fromAddress('10.0.8.1'))).status,
    ).toBe(200);
    const kept = () => db().select().from(yearImages).where(eq(yearImages.userId, user.id));
    expect(await kept()).toHaveLength(1);
    const owner = await signInAs(server, user.id);
    expect((await owner.delete('/api/users/me')).status).toBe(204);
    expect(await kept()).toHaveLength(0);
  });

  it(`draws at most ${RENDERS_PER_ADDRESS} pictures an hour for one address, and still serves kept ones`, async () => {
    const years = [2015, 2016, 2017, 2018];
    await personWithShows('imglimit', years);
    const anyone = apiClient(server.app);
    const address = fromAddress('10.0.6.1');
    for (const year of years.slice(0, RENDERS_PER_ADDRESS)) {
      expect((await anyone.get(imageOf('imglimit', year), address)).status, String(year)).toBe(200);
    }
    const refused = await anyone.get<{ message: string }>(imageOf('imglimit', 2018), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many pictures drawn; try again in/);

    // A picture already drawn costs nothing, so it is not refused.
    expect((await anyone.get(imageOf('imglimit', 2015), address)).status).toBe(200);
    // Another address may have it drawn.
    expect((await anyone.get(imageOf('imglimit', 2018), fromAddress('10.0.6.2'))).status).toBe(200);
  });
});
