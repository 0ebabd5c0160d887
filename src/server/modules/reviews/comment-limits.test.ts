import { describe, expect, it } from 'vitest';
import { useTestApp } from '#server/testing/use-test-app.ts';

// Lowered from 60 so the test writes a handful of comments; the limit on one review is
// its default of 10.
const server = useTestApp({ env: { COMMENTS_PER_USER_PER_HOUR: '14' } });
const { person, create } = server;

const comment = (api: Awaited<ReturnType<typeof person>>['api'], reviewId: string, i: number) =>
  api.post(`/api/reviews/${reviewId}/comments`, { commentText: `Comment ${i}` });

describe('comment limits', () => {
  it('lets one person write 10 comments an hour on one review, even when 12 arrive at once', async () => {
    const review = await create.review();
    const { api } = await person();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => comment(api, review.id, i)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.body).toEqual({ message: 'Too many comments; try again in 60 minutes' });
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // Another review still takes their comments; someone else's on this one too.
    expect((await comment(api, (await create.review()).id, 13)).status).toBe(201);
    expect((await comment((await person()).api, review.id, 14)).status).toBe(201);
  });

  it('lets one person write COMMENTS_PER_USER_PER_HOUR comments an hour over all reviews', async () => {
    const reviews = await Promise.all(Array.from({ length: 4 }, () => create.review()));
    const { api } = await person();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => comment(api, reviews[i % 4]!.id, i)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(14);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(2);
    expect(answers.find((a) => a.status === 429)!.headers['retry-after']).toBeDefined();
  });
});
