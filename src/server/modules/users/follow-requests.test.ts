import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification, UnreadCount } from '#shared/schemas/notifications';
import type { Review } from '#shared/schemas/reviews';
import type {
  FollowRequestAnswer,
  FollowRequestPage,
  FollowState,
  UserProfile,
  UserStats,
} from '#shared/schemas/users';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { followRequests, timelineEntries, userFollows } from '#server/db/schema.ts';
import { signInAs } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { followCounters } from '#server/testing/person-actions.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

/** A private person with one review, signed in. */
async function privatePerson() {
  const signedIn = await person({ isPrivate: true });
  const review = await create.review({ userId: signedIn.user.id });
  return { ...signedIn, review };
}

const counters = (userId: string) => followCounters(db(), userId);

async function rowsOf(table: typeof followRequests | typeof userFollows, targetId: string) {
  const column = table === followRequests ? followRequests.targetId : userFollows.followingId;
  return db().$count(table, eq(column, targetId));
}

async function timelineHas(userId: string, reviewId: string) {
  const rows = await db()
    .select()
    .from(timelineEntries)
    .where(and(eq(timelineEntries.userId, userId), eq(timelineEntries.reviewId, reviewId)));
  return rows.length > 0;
}

describe('follow requests', () => {
  it('asks a private person, who approves: a real follow, counted, its timeline filled', async () => {
    const owner = await privatePerson();
    const fan = await person();
    const profile = () => fan.api.get<UserProfile>(`/api/users/${owner.user.id}`);

    const asked = await fan.api.post<FollowState>(`/api/users/${owner.user.id}/follow`);
    expect(asked).toMatchObject({
      status: 200,
      body: { isFollowing: false, requested: true, followers: 0 },
    });
    // Asking twice is asking once.
    expect((await fan.api.post(`/api/users/${owner.user.id}/follow`)).status).toBe(200);
    expect(await rowsOf(followRequests, owner.user.id)).toBe(1);
    expect((await profile()).body).toMatchObject({
      isFollowing: false,
      followRequested: true,
      canSeeContent: false,
    });
    // A request reaches no timeline and counts nowhere.
    expect(await counters(owner.user.id)).toEqual({ followers: 0, following: 0 });
    expect(await counters(fan.user.id)).toEqual({ followers: 0, following: 0 });
    await jobsSettled(db());
    expect(await timelineHas(fan.user.id, owner.review.id)).toBe(false);

    const page = await owner.api.get<FollowRequestPage>('/api/follow-requests');
    expect(page.status).toBe(200);
    expect(page.body.pending).toBe(1);
    // The request waits in the owner's badge beside the unread notices.
    expect((await owner.api.get<UnreadCount>('/api/notifications/unread-count')).body).toEqual({
      count: 0,
      followRequests: 1,
    });
    expect(page.body.requests).toEqual([
      expect.objectContaining({ id: fan.user.id, username: fan.user.username }),
    ]);

    const approved = await owner.api.post<FollowRequestAnswer>(
      `/api/follow-requests/${fan.user.id}/approve`,
    );
    expect(approved).toMatchObject({ status: 200, body: { followers: 1, pending: 0 } });
    expect((await owner.api.get<UnreadCount>('/api/notifications/unread-count')).body).toEqual({
      count: 0,
      followRequests: 0,
    });
    // The person who asked is told, by name, and led to the profile now open to them.
    const told = await fan.api.get<Notification[]>('/api/notifications');
    expect(told.body).toEqual([
      expect.objectContaining({
        type: 'follow_approved',
        title: 'Follow request approved',
        message: `${owner.user.firstName} ${owner.user.lastName} approved your follow request.`,
        link: `/users/${owner.user.username}`,
        isRead: false,
        actor: expect.objectContaining({ id: owner.user.id }),
      }),
    ]);
    expect((await fan.api.get<UnreadCount>('/api/notifications/unread-count')).body).toEqual({
      count: 1,
      followRequests: 0,
    });
    expect(await counters(owner.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await counters(fan.user.id)).toEqual({ followers: 0, following: 1 });
    expect(await rowsOf(followRequests, owner.user.id)).toBe(0);
    expect((await profile()).body).toMatchObject({
      isFollowing: true,
      followRequested: false,
      canSeeContent: true,
    });
    // The follow's job brings the owner's reviews in, as for any follow.
    await jobsSettled(db());
    const feed = await fan.api.get<Review[]>('/api/reviews?feed=following');
    expect(feed.body.map((review) => review.id)).toEqual([owner.review.id]);
    const reviews = await fan.api.get<Review[]>(`/api/users/${owner.user.id}/reviews`);
    expect(reviews.body.map((review) => review.id)).toEqual([owner.review.id]);

    // Approving again, or a request nobody made, is a 404.
    for (const id of [fan.user.id, NO_SUCH_ID]) {
      expect(await owner.api.post(`/api/follow-requests/${id}/approve`)).toMatchObject({
        status: 404,
        body: { message: 'This person has no follow request waiting for you' },
      });
    }
  });

  it('withdraws on a second press, and after a decline the person may ask again', async () => {
    const owner = await privatePerson();
    const fan = await person();
    const follow = () => fan.api.post<FollowState>(`/api/users/${owner.user.id}/follow`);
    const requested = async () =>
      (await fan.api.get<UserProfile>(`/api/users/${owner.user.id}`)).body.followRequested;

    await follow();
    const withdrawn = await fan.api.delete<FollowState>(`/api/users/${owner.user.id}/follow`);
    expect(withdrawn.body).toEqual({ isFollowing: false, requested: false, followers: 0 });
    expect(await requested()).toBe(false);
    expect((await owner.api.get<FollowRequestPage>('/api/follow-requests')).body.pending).toBe(0);

    await follow();
    // Only the person asked answers: someone else has no such request to decline.
    const other = await person();
    expect((await other.api.post(`/api/follow-requests/${fan.user.id}/decline`)).status).toBe(404);
    const declined = await owner.api.post<FollowRequestAnswer>(
      `/api/follow-requests/${fan.user.id}/decline`,
    );
    expect(declined).toMatchObject({ status: 200, body: { followers: 0, pending: 0 } });
    expect(await requested()).toBe(false);
    // A decline is not told.
    expect((await fan.api.get<Notification[]>('/api/notifications')).body).toEqual([]);
    expect(await rowsOf(userFollows, owner.user.id)).toBe(0);
    expect((await follow()).body.requested).toBe(true);
  });

  it('lists requests newest first, a page at a time, with how many wait', async () => {
    const owner = await privatePerson();
    const fans = [];
    for (let i = 0; i < 3; i++) {
      const fan = await person();
      await fan.api.post(`/api/users/${owner.user.id}/follow`);
      fans.push(fan.user.id);
    }
    const first = await owner.api.get<FollowRequestPage>('/api/follow-requests?limit=2');
    expect(first.body.pending).toBe(3);
    expect(first.body.requests.map((r) => r.id)).toEqual([fans[2], fans[1]]);
    const rest = await owner.api.get<FollowRequestPage>(
      `/api/follow-requests?limit=2&before=${fans[1]}`,
    );
    expect(rest.body.requests.map((r) => r.id)).toEqual([fans[0]]);
  });

  it('going public accepts every waiting request in the same write; existing followers stay', async () => {
    const owner = await privatePerson();
    const old = await create.user();
    await create.follow({ followerId: old.id, followingId: owner.user.id });
    const fans = await Promise.all([person(), person(), person()]);
    for (const fan of fans) await fan.api.post(`/api/users/${owner.user.id}/follow`);

    expect(await rowsOf(followRequests, owner.user.id)).toBe(3);
    const publicAgain = await owner.api.put('/api/users/me/settings', { publicProfile: true });
    expect(publicAgain.status).toBe(200);
    expect(await rowsOf(followRequests, owner.user.id)).toBe(0);
    expect(await rowsOf(userFollows, owner.user.id)).toBe(4);
    expect(await counters(owner.user.id)).toEqual({ followers: 4, following: 0 });
    await jobsSettled(db());
    for (const fan of fans) expect(await timelineHas(fan.user.id, owner.review.id)).toBe(true);
  });

  it('leaves no request behind when people ask while the person goes public', async () => {
    const owner = await privatePerson();
    const fans = await Promise.all(Array.from({ length: 8 }, () => person()));
    const answers = await Promise.all([
      ...fans.map((fan) => fan.api.post<FollowState>(`/api/users/${owner.user.id}/follow`)),
      owner.api.put('/api/users/me/settings', { publicProfile: true }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(await rowsOf(followRequests, owner.user.id)).toBe(0);
    expect(await rowsOf(userFollows, owner.user.id)).toBe(8);
    expect(await counters(owner.user.id)).toEqual({ followers: 8, following: 0 });
  });

  it('a public person going private keeps their followers, who still see everything', async () => {
    const owner = await person();
    const review = await create.review({ userId: owner.user.id });
    const fan = await person();
    await fan.api.post(`/api/users/${owner.user.id}/follow`);
    await owner.api.put('/api/users/me/settings', { publicProfile: false });
    const stranger = await person();
    expect((await fan.api.get(`/api/users/${owner.user.id}/reviews`)).status).toBe(200);
    expect((await fan.api.get(`/api/reviews/${review.id}`)).status).toBe(200);
    expect((await stranger.api.get(`/api/users/${owner.user.id}/reviews`)).status).toBe(403);
    expect((await stranger.api.get(`/api/reviews/${review.id}`)).status).toBe(404);
  });
});

describe('DELETE /api/users/me/followers/{id} (Remove follower)', () => {
  it('takes their follow, its timeline entries and a count away; 404 for someone not following', async () => {
    const owner = await privatePerson();
    const fan = await person();
    await create.follow({ followerId: fan.user.id, followingId: owner.user.id });
    expect(await timelineHas(fan.user.id, owner.review.id)).toBe(true);

    const removed = await owner.api.delete<FollowState>(`/api/users/me/followers/${fan.user.id}`);
    expect(removed).toMatchObject({ status: 200, body: { followers: 0 } });
    expect(await counters(owner.user.id)).toEqual({ followers: 0, following: 0 });
    expect(await counters(fan.user.id)).toEqual({ followers: 0, following: 0 });
    expect(await timelineHas(fan.user.id, owner.review.id)).toBe(false);
    expect((await fan.api.get(`/api/users/${owner.user.id}/reviews`)).status).toBe(403);

    expect(await owner.api.delete(`/api/users/me/followers/${fan.user.id}`)).toMatchObject({
      status: 404,
      body: { message: 'This person does not follow you' },
    });
  });
});

describe('"Show concert history" off', () => {
  it('hides History and the concerts figure from others; reviews stay public', async () => {
    const owner = await person();
    const review = await create.review({ userId: owner.user.id });
    await owner.api.put('/api/users/me/settings', { showConcertHistory: false });
    const other = await signInAs(server, (await create.user()).id);

    expect((await other.get(`/api/users/${owner.user.id}/history`)).status).toBe(403);
    const profile = await other.get<UserProfile>(`/api/users/${owner.user.id}`);
    expect(profile.body).toMatchObject({ showsConcertHistory: false, canSeeContent: true });
    expect(profile.body.stats.concertsAttended).toBeNull();
    const stats = await other.get<UserStats>(`/api/users/${owner.user.id}/stats`);
    expect(stats.body.concertsAttended).toBeNull();
    expect(stats.body.reviewsWritten).toBe(1);
    const reviews = await other.get<Review[]>(`/api/users/${owner.user.id}/reviews`);
    expect(reviews.body.map((r) => r.id)).toEqual([review.id]);

    // Their own stays theirs.
    expect(
      (await owner.api.get<ConcertListItem[]>(`/api/users/${owner.user.id}/history`)).status,
    ).toBe(200);
    const own = await owner.api.get<UserStats>(`/api/users/${owner.user.id}/stats`);
    expect(own.body.concertsAttended).toBe(1);
  });
});
