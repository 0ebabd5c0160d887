import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Report } from '#shared/schemas/moderation';
import type { Review } from '#shared/schemas/reviews';
import { blocks, notifications, reports, reviewComments, reviews } from '#server/db/schema.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';
import { actOnReport, formatReportList, listOpenReports, ReportActionError } from './index.ts';

const REPORTS_PER_HOUR = 16;
const server = useTestApp({ env: { REPORTS_PER_USER_PER_HOUR: String(REPORTS_PER_HOUR) } });
const { db, person, create } = server;

async function reportRows(reporterId: string) {
  return db().select().from(reports).where(eq(reports.reporterId, reporterId));
}

describe('POST /api/reports', () => {
  it('keeps a report of a review, a comment or a profile, with its reason and tidied text', async () => {
    const { user: me, api } = await person();
    const author = await create.user();
    const review = await create.review({ userId: author.id });
    const comment = await create.comment({ reviewId: review.id, userId: author.id });

    const sent = await api.post<Report>('/api/reports', {
      targetKind: 'review',
      targetId: review.id,
      reason: 'spam',
      // A right-to-left override and invisible edges are taken out.
      text: '\u200B Buy followers at \u202Eexample\u202C dot com \u200B',
    });
    expect(sent).toMatchObject({
      status: 201,
      body: {
        targetKind: 'review',
        targetId: review.id,
        reason: 'spam',
        text: 'Buy followers at example dot com',
      },
    });
    expect(
      await api.post('/api/reports', {
        targetKind: 'comment',
        targetId: comment.id,
        reason: 'harassment',
      }),
    ).toMatchObject({ status: 201, body: { text: null } });
    expect(
      await api.post('/api/reports', {
        targetKind: 'user',
        targetId: author.id,
        reason: 'other',
        text: '   ',
      }),
    ).toMatchObject({ status: 201, body: { text: null } });

    const rows = await reportRows(me.id);
    expect(rows.map((row) => [row.targetKind, row.reason, row.status]).sort()).toEqual([
      ['comment', 'harassment', 'open'],
      ['review', 'spam', 'open'],
      ['user', 'other', 'open'],
    ]);
    // The reported person is not told.
    const [notices] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, author.id));
    expect(notices!.n).toBe(0);
  });

  it('answers a second report of the same target with the first, in parallel too', async () => {
    const { user: me, api } = await person();
    const review = await create.review();
    const send = (reason: string) =>
      api.post<Report>('/api/reports', { targetKind: 'review', targetId: review.id, reason });
    const first = await send('spam');
    expect(first.status).toBe(201);
    expect(await send('other')).toMatchObject({
      status: 200,
      body: { id: first.body.id, reason: 'spam' },
    });
    const other = await create.review();
    const parallel = await Promise.all(
      [1, 2, 3].map(() =>
        api.post<Report>('/api/reports', {
          targetKind: 'review',
          targetId: other.id,
          reason: 'harassment',
        }),
      ),
    );
    expect(parallel.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(parallel.map((answer) => answer.body.id)).size).toBe(1);
    expect(await reportRows(me.id)).toHaveLength(2);
  });

  it('refuses bad reports with a 400 naming what is wrong, and writes nothing', async () => {
    const { user: me, api } = await person();
    const review = await create.review();
    const mine = await create.review({ userId: me.id });
    const myComment = await create.comment({ userId: me.id });
    const cases: [unknown, number, string][] = [
      [
        { targetKind: 'concert', targetId: review.id, reason: 'spam' },
        400,
        "Invalid body field 'targetKind': targetKind must be one of review, comment, user",
      ],
      [
        { targetKind: 'review', targetId: review.id, reason: 'boring' },
        400,
        "Invalid body field 'reason': reason must be one of spam, harassment, other",
      ],
      [
        { targetKind: 'review', targetId: 'nope', reason: 'spam' },
        400,
        "Invalid body field 'targetId': targetId must be an id",
      ],
      [
        { targetKind: 'review', reason: 'spam' },
        400,
        "Invalid body field 'targetId': targetId is required",
      ],
      [
        { targetKind: 'review', targetId: review.id, reason: 'spam', text: 'x'.repeat(1001) },
        400,
        "Invalid body field 'text': text must be at most 1000 characters",
      ],
      [
        { targetKind: 'review', targetId: review.id, reason: 'spam', text: 'a\u0000b' },
        400,
        "Invalid body field 'text': text contains characters that are not allowed",
      ],
      [
        { targetKind: 'review', targetId: mine.id, reason: 'spam' },
        400,
        'You cannot report your own review',
      ],
      [
        { targetKind: 'comment', targetId: myComment.id, reason: 'spam' },
        400,
        'You cannot report your own comment',
      ],
      [{ targetKind: 'user', targetId: me.id, reason: 'spam' }, 400, 'You cannot report yourself'],
      [{ targetKind: 'review', targetId: NO_SUCH_ID, reason: 'spam' }, 404, 'Review not found'],
      [{ targetKind: 'comment', targetId: NO_SUCH_ID, reason: 'spam' }, 404, 'Comment not found'],
      [{ targetKind: 'user', targetId: NO_SUCH_ID, reason: 'spam' }, 404, 'User not found'],
    ];
    for (const [body, status, message] of cases) {
      expect(await api.post('/api/reports', body), JSON.stringify(body)).toMatchObject({
        status,
        body: { message },
      });
    }
    expect(await reportRows(me.id)).toEqual([]);
    expect(
      await apiClient(server.app).post('/api/reports', {
        targetKind: 'review',
        targetId: review.id,
        reason: 'spam',
      }),
    ).toMatchObject({ status: 401 });
  });

  it('answers a report of what the reporter cannot read exactly as one of an unknown id', async () => {
    const { user: me, api } = await person();
    const blocker = await create.user();
    const privateAuthor = await create.user({ isPrivate: true });
    const followedPrivate = await create.user({ isPrivate: true });
    const someone = await create.user();
    await create.follow({ followerId: me.id, followingId: followedPrivate.id });
    await db().insert(blocks).values({ blockerId: blocker.id, blockedId: me.id });
    const blockersReview = await create.review({ userId: blocker.id });
    const privateReview = await create.review({ userId: privateAuthor.id });
    const followedReview = await create.review({ userId: followedPrivate.id });
    const publicReview = await create.review({ userId: someone.id });
    const comment = (reviewId: string, userId: string) => create.comment({ reviewId, userId });
    type Kind = 'review' | 'comment' | 'user';
    const cases: [string, Kind, string, 'unknown' | 'kept'][] = [
      ['review of someone who blocked me', 'review', blockersReview.id, 'unknown'],
      [
        'comment of someone who blocked me',
        'comment',
        (await comment(publicReview.id, blocker.id)).id,
        'unknown',
      ],
      [
        'comment under the review of someone who blocked me',
        'comment',
        (await comment(blockersReview.id, someone.id)).id,
        'unknown',
      ],
      ['profile of someone who blocked me', 'user', blocker.id, 'unknown'],
      ['private review, not following', 'review', privateReview.id, 'unknown'],
      [
        'comment under a private review, not following',
        'comment',
        (await comment(privateReview.id, someone.id)).id,
        'unknown',
      ],
      ['private profile, not following', 'user', privateAuthor.id, 'kept'],
      ['private review, following', 'review', followedReview.id, 'kept'],
      ['public review', 'review', publicReview.id, 'kept'],
      ['public comment', 'comment', (await comment(publicReview.id, someone.id)).id, 'kept'],
    ];
    const send = (targetKind: Kind, targetId: string) =>
      api.post('/api/reports', { targetKind, targetId, reason: 'spam' });
    const unknown = {
      review: await send('review', NO_SUCH_ID),
      comment: await send('comment', NO_SUCH_ID),
      user: await send('user', NO_SUCH_ID),
    };
    for (const [name, kind, id, expected] of cases) {
      const answer = await send(kind, id);
      if (expected === 'unknown') {
        expect({ status: answer.status, text: answer.text }, name).toEqual({
          status: unknown[kind].status,
          text: unknown[kind].text,
        });
        expect(unknown[kind].status).toBe(404);
      } else {
        expect(answer.status, name).toBe(201);
      }
    }
    const kept = cases.filter((c) => c[3] === 'kept').map((c) => c[2]);
    expect((await reportRows(me.id)).map((row) => row.targetId).sort()).toEqual(kept.sort());
  });

  it(`allows ${REPORTS_PER_HOUR} an hour per person, parallel requests included, then 429 with Retry-After`, async () => {
    const { user: me, api } = await person();
    const { api: someoneElse } = await person();
    const targets = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 4 }, () => create.review()),
    );
    const answers = await Promise.all(
      targets.map((target) =>
        api.post<{ message: string }>('/api/reports', {
          targetKind: 'review',
          targetId: target.id,
          reason: 'spam',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(REPORTS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toMatch(/^Too many reports; try again in/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await reportRows(me.id)).toHaveLength(REPORTS_PER_HOUR);
    // Another person's allowance is their own.
    expect(
      await someoneElse.post('/api/reports', {
        targetKind: 'review',
        targetId: targets[0]!.id,
        reason: 'spam',
      }),
    ).toMatchObject({ status: 201 });
  });
});

describe('the operator’s reports (npm run reports)', () => {
  it('lists open reports, most reported first, with what they are about and who sent them', async () => {
    const author = await create.user({ username: 'loud-author' });
    const review = await create.review({
      userId: author.id,
      reviewText: 'Visit my shop for cheap tickets, every show, every night!',
    });
    const reporters = await Promise.all([person(), person(), person()]);
    for (const { api } of reporters) {
      await api.post('/api/reports', { targetKind: 'review', targetId: review.id, reason: 'spam' });
    }
    const { api: lone, user: loneUser } = reporters[0]!;
    const quiet = await create.user({ username: 'quiet-person' });
    await lone.post('/api/reports', {
      targetKind: 'user',
      targetId: quiet.id,
      reason: 'other',
      text: 'Pretends to be\nthe band',
    });

    const list = await listOpenReports(db());
    const ours = list.reports.filter((r) => [review.id, quiet.id].includes(r.targetId));
    expect(ours.map((r) => [r.targetKind, r.openOnTarget])).toEqual([
      ['review', 3],
      ['review', 3],
      ['review', 3],
      ['user', 1],
    ]);
    expect(ours[0]).toMatchObject({
      reason: 'spam',
      target: '@loud-author: Visit my shop for cheap tickets, every show, every night!',
    });
    expect(ours[3]).toMatchObject({
      target: '@quiet-person',
      text: 'Pretends to be\nthe band',
      reporter: `@${loneUser.username}`,
    });
    expect(ours[3]!.ageSeconds).toBeGreaterThanOrEqual(0);

    const shown = formatReportList(list);
    expect(shown).toMatch(/^\d+ open reports:/);
    expect(shown).toContain(`review ${review.id}  3 open about it`);
    expect(shown).toContain('  about:    @quiet-person');
    expect(shown).toContain('  reason:   other — Pretends to be the band');
    expect(shown).toMatch(new RegExp(`reporter: @${loneUser.username}, \\d+s ago`));
    expect(formatReportList({ total: 0, reports: [] })).toBe('No open reports.');
  });

  it('removes a reported review through the reviews module and settles every open report about it', async () => {
    const author = await create.user();
    const review = await create.review({ userId: author.id });
    await create.comment({ reviewId: review.id });
    await create.notification({ userId: author.id, relatedReviewId: review.id });
    const [one, two] = await Promise.all([person(), person()]);
    const first = await one.api.post<Report>('/api/reports', {
      targetKind: 'review',
      targetId: review.id,
      reason: 'spam',
    });
    await two.api.post('/api/reports', {
      targetKind: 'review',
      targetId: review.id,
      reason: 'harassment',
    });

    const outcome = await actOnReport(server.app.writer, first.body.id, 'remove');
    expect(outcome).toEqual({
      targetKind: 'review',
      targetId: review.id,
      settled: 2,
      removed: true,
    });
    expect(await db().select().from(reviews).where(eq(reviews.id, review.id))).toEqual([]);
    expect(
      await db().select().from(reviewComments).where(eq(reviewComments.reviewId, review.id)),
    ).toEqual([]);
    expect(
      await db().select().from(notifications).where(eq(notifications.relatedReviewId, review.id)),
    ).toEqual([]);
    expect(await one.api.get(`/api/reviews/${review.id}`)).toMatchObject({ status: 404 });
    const settled = await db().select().from(reports).where(eq(reports.targetId, review.id));
    expect(settled.map((row) => row.status)).toEqual(['actioned', 'actioned']);
    expect(settled.every((row) => row.resolvedAt !== null)).toBe(true);
    expect((await listOpenReports(db())).reports.map((r) => r.targetId)).not.toContain(review.id);

    // Settled: acting again says so; reporting again opens a new report.
    await expect(actOnReport(server.app.writer, first.body.id, 'dismiss')).rejects.toThrow(
      `Report ${first.body.id} is already actioned`,
    );
  });

  it('removes a reported comment, its review’s count following', async () => {
    const review = await create.review();
    const comment = await create.comment({ reviewId: review.id });
    await create.comment({ reviewId: review.id });
    const { api } = await person();
    const sent = await api.post<Report>('/api/reports', {
      targetKind: 'comment',
      targetId: comment.id,
      reason: 'harassment',
    });
    expect((await api.get<Review>(`/api/reviews/${review.id}`)).body.commentsCount).toBe(2);

    expect(await actOnReport(server.app.writer, sent.body.id, 'remove')).toMatchObject({
      targetKind: 'comment',
      settled: 1,
      removed: true,
    });
    expect(
      await db().select().from(reviewComments).where(eq(reviewComments.id, comment.id)),
    ).toEqual([]);
    expect((await api.get<Review>(`/api/reviews/${review.id}`)).body.commentsCount).toBe(1);
  });

  it('dismisses, resolves, and refuses what it cannot do', async () => {
    const target = await create.user();
    const review = await create.review();
    const { api } = await person();
    const aboutPerson = await api.post<Report>('/api/reports', {
      targetKind: 'user',
      targetId: target.id,
      reason: 'other',
    });
    const aboutReview = await api.post<Report>('/api/reports', {
      targetKind: 'review',
      targetId: review.id,
      reason: 'spam',
    });

    await expect(actOnReport(server.app.writer, aboutPerson.body.id, 'remove')).rejects.toThrow(
      ReportActionError,
    );
    await expect(actOnReport(server.app.writer, NO_SUCH_ID, 'dismiss')).rejects.toThrow(
      `No report has the id ${NO_SUCH_ID}`,
    );
    await expect(actOnReport(server.app.writer, 'nope', 'dismiss')).rejects.toThrow(
      'nope is not a report id',
    );
    expect(await actOnReport(server.app.writer, aboutPerson.body.id, 'resolve')).toMatchObject({
      settled: 1,
      removed: false,
    });
    expect(await actOnReport(server.app.writer, aboutReview.body.id, 'dismiss')).toMatchObject({
      settled: 1,
    });
    const rows = await db()
      .select({ target: reports.targetId, status: reports.status })
      .from(reports)
      .where(and(eq(reports.targetKind, 'review'), eq(reports.targetId, review.id)));
    expect(rows).toEqual([{ target: review.id, status: 'dismissed' }]);
    // The review stays when its report is dismissed.
    expect(await api.get(`/api/reviews/${review.id}`)).toMatchObject({ status: 200 });
    // A dismissed report does not stop a new one.
    expect(
      await api.post('/api/reports', { targetKind: 'review', targetId: review.id, reason: 'spam' }),
    ).toMatchObject({ status: 201 });
  });
});
