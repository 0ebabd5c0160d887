/**
 * Who sees a private person's content: every viewer against every read that can show it.
 * The owner is private; one person followed them before (an approved follow), one asked
 * and waits, one is a stranger, one is signed out. A new kind of viewer (someone blocked,
 * say) is one more row of VIEWERS and of SEES_CONTENT; a new read is one more entry of READS.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import type { FollowState, UserProfile, UserStats, UserSummary } from '#shared/schemas/users';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { DiaryPage, DiaryStats } from '#shared/schemas/diary';
import { daysFromToday } from '#server/db/seed/factories.ts';
import {
  apiClient,
  signInAs,
  type ApiClient,
  type ApiResponse,
} from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { person, create } = server;

const VIEWERS = ['anonymous', 'stranger', 'follower', 'pending requester', 'owner'] as const;
type Viewer = (typeof VIEWERS)[number];

/** Who may see the private owner's reviews, history and follow lists. */
const SEES_CONTENT: Record<Viewer, boolean> = {
  anonymous: false,
  stranger: false,
  follower: true,
  'pending requester': false,
  owner: true,
};

interface World {
  owner: { id: string; username: string };
  reviewId: string;
  concertId: string;
  venue: string;
  /** Someone the owner follows, and someone who follows the owner. */
  followedByOwner: string;
  followerId: string;
}

/** What one read shows the viewer: whether the owner's content is in it. */
type Read = (api: ApiClient, world: World) => Promise<boolean>;

/** A refusal in the API's error format: 401 signed out, else 403 or 404, never rows. */
function expectRefused(response: ApiResponse<unknown>, viewer: Viewer) {
  expect([401, 403, 404], `${viewer}: ${response.text}`).toContain(response.status);
  expect(response.body).toEqual({ message: expect.any(String) });
}

/** A read of one person's list: the rows when allowed, a refusal otherwise. */
const listRead =
  <T>(path: (world: World) => string, holds: (rows: T[], world: World) => boolean): Read =>
  async (api, world) => {
    const response = await api.get<T[]>(path(world));
    if (response.status !== 200) return false;
    expect(Array.isArray(response.body)).toBe(true);
    return holds(response.body, world);
  };

const hasReview = (rows: Review[], world: World) => rows.some((r) => r.id === world.reviewId);

/**
 * Every read that can show the owner's content, and who it shows it to when that differs
 * from SEES_CONTENT.
 */
const READS: Record<string, { read: Read; expected?: Partial<Record<Viewer, boolean>> }> = {
  profile: {
    // Everyone signed in sees that the person exists, and is told whether they are let in.
    read: async (api, world) => {
      const response = await api.get<UserProfile>(`/api/users/${world.owner.id}`);
      if (response.status === 401) return false;
      expect(response.status).toBe(200);
      const profile = response.body;
      expect(profile.isPrivate).toBe(true);
      if (!profile.canSeeContent) {
        expect(profile.favoriteGenres).toEqual([]);
        expect(profile.stats.averageRating).toBeNull();
        expect(profile.stats.concertsAttended).toBeNull();
        expect(profile.showsConcertHistory).toBe(false);
      } else {
        expect(profile.favoriteGenres.length).toBeGreaterThan(0);
        expect(profile.stats.concertsAttended).toBe(1);
      }
      return profile.canSeeContent;
    },
  },
  'profile by username': {
    read: async (api, world) => {
      const response = await api.get<UserProfile>(`/api/users/username/${world.owner.username}`);
      return response.status === 200 && response.body.canSeeContent;
    },
  },
  stats: {
    read: async (api, world) => {
      const response = await api.get<UserStats>(`/api/users/${world.owner.id}/stats`);
      if (response.status === 401) return false;
      expect(response.status).toBe(200);
      return response.body.concertsAttended !== null && response.body.averageRating !== null;
    },
  },
  'reviews list': {
    read: async (api, world) => {
      const response = await api.get<Review[]>(`/api/users/${world.owner.id}/reviews`);
      if (response.status !== 200) return false;
      expect(hasReview(response.body, world)).toBe(true);
      return true;
    },
  },
  'single review': {
    read: async (api, world) =>
      (await api.get<Review>(`/api/reviews/${world.reviewId}`)).status === 200,
  },
  "review's comments": {
    read: async (api, world) =>
      (await api.get(`/api/reviews/${world.reviewId}/comments`)).status === 200,
  },
  "review's likes": {
    read: async (api, world) =>
      (await api.get(`/api/reviews/${world.reviewId}/likes`)).status === 200,
  },
  history: {
    read: listRead<ConcertListItem>(
      (world) => `/api/users/${world.owner.id}/history`,
      (rows, world) => rows.some((concert) => concert.id === world.concertId),
    ),
  },
  diary: {
    read: async (api, world) => {
      const response = await api.get<DiaryPage>(`/api/users/${world.owner.id}/diary`);
      if (response.status !== 200) return false;
      return response.body.shows.some((show) => show.id === world.concertId);
    },
  },
  "diary's numbers": {
    read: async (api, world) => {
      const response = await api.get<DiaryStats>(`/api/users/${world.owner.id}/diary/stats`);
      if (response.status !== 200) return false;
      expect(response.body.shows).toBe(1);
      return true;
    },
  },
  followers: {
    read: listRead<UserSummary>(
      (world) => `/api/users/${world.owner.id}/followers`,
      (rows, world) => rows.some((p) => p.id === world.followerId),
    ),
  },
  following: {
    read: listRead<UserSummary>(
      (world) => `/api/users/${world.owner.id}/following`,
      (rows, world) => rows.some((p) => p.id === world.followedByOwner),
    ),
  },
  // The timeline holds the reviews of the people one follows, so not one's own.
  'following timeline': {
    read: listRead<Review>(() => '/api/reviews?feed=following', hasReview),
    expected: { owner: false },
  },
  'recent reviews': {
    read: listRead<Review>(() => '/api/reviews?sort=recent&limit=50', hasReview),
  },
  trending: { read: listRead<Review>(() => '/api/reviews?sort=rating&limit=50', hasReview) },
  "concert page's reviews": {
    read: listRead<Review>((world) => `/api/concerts/${world.concertId}/reviews`, hasReview),
  },
  // Find Friends finds the person (so they can be asked), never their content.
  'people search': {
    read: listRead<UserSummary>(
      (world) => `/api/users/search?q=${world.owner.username}`,
      (rows, world) => rows.some((p) => p.id === world.owner.id),
    ),
    // Never the viewer themself.
    expected: { stranger: true, 'pending requester': true, owner: false },
  },
  // Public figures are made of the reviews anyone may see, whoever looks.
};

/** Refusals come in the error format: checked for the reads that answer one. */
const REFUSING_READS: Record<string, (world: World) => string> = {
  'reviews list': (world) => `/api/users/${world.owner.id}/reviews`,
  'single review': (world) => `/api/reviews/${world.reviewId}`,
  history: (world) => `/api/users/${world.owner.id}/history`,
  diary: (world) => `/api/users/${world.owner.id}/diary`,
  "diary's numbers": (world) => `/api/users/${world.owner.id}/diary/stats`,
  followers: (world) => `/api/users/${world.owner.id}/followers`,
  following: (world) => `/api/users/${world.owner.id}/following`,
  "review's comments": (world) => `/api/reviews/${world.reviewId}/comments`,
};

describe('a private person, as each viewer sees them', () => {
  let world: World;
  const clients = {} as Record<Viewer, ApiClient>;

  beforeAll(async () => {
    const owner = await create.user({ isPrivate: true });
    const venue = `Private Hall ${owner.id.slice(0, 8)}`;
    const concert = await create.concert({ date: daysFromToday(-10), venue, genre: 'rock' });
    const review = await create.review({ userId: owner.id, concertId: concert.id });
    await create.comment({ reviewId: review.id });
    const followedByOwner = await create.user();
    await create.follow({ followerId: owner.id, followingId: followedByOwner.id });
    const follower = await person();
    await create.follow({ followerId: follower.user.id, followingId: owner.id });
    const pending = await person();
    const asked = await pending.api.post<FollowState>(`/api/users/${owner.id}/follow`);
    expect(asked.body).toEqual({ isFollowing: false, requested: true, followers: 1 });
    world = {
      owner: { id: owner.id, username: owner.username! },
      reviewId: review.id,
      concertId: concert.id,
      venue,
      followedByOwner: followedByOwner.id,
      followerId: follower.user.id,
    };
    clients.anonymous = apiClient(server.app);
    clients.stranger = (await person()).api;
    clients.follower = follower.api;
    clients['pending requester'] = pending.api;
    clients.owner = await signInAs(server, owner.id);
  });

  for (const [name, { read, expected }] of Object.entries(READS)) {
    it(`${name}: shown only to whom it may be`, async () => {
      const seen: Partial<Record<Viewer, boolean>> = {};
      const wanted: Partial<Record<Viewer, boolean>> = {};
      for (const viewer of VIEWERS) {
        seen[viewer] = await read(clients[viewer], world);
        wanted[viewer] =
          expected?.[viewer] ?? (viewer === 'anonymous' ? false : SEES_CONTENT[viewer]);
      }
      expect(seen).toEqual(wanted);
    });
  }

  it('refuses in the error format (401, 403 or 404), never with rows', async () => {
    for (const [name, path] of Object.entries(REFUSING_READS)) {
      for (const viewer of VIEWERS.filter((v) => !SEES_CONTENT[v])) {
        const response = await clients[viewer].get(path(world));
        expectRefused(response, viewer);
        if (viewer !== 'anonymous' && name !== 'single review' && name !== "review's comments") {
          expect(response.status, `${name} to ${viewer}`).toBe(403);
        }
      }
    }
    // Nor may they comment on or like what they cannot see.
    const stranger = clients.stranger;
    expect(
      (await stranger.post(`/api/reviews/${world.reviewId}/comments`, { commentText: 'hi' }))
        .status,
    ).toBe(404);
    expect((await stranger.post(`/api/reviews/${world.reviewId}/like`)).status).toBe(404);
  });
});
