import type { ConcertListItem } from '#shared/schemas/concerts';
import type { ReviewMedia } from '#shared/schemas/media';
import type { Review } from '#shared/schemas/reviews';
import type { CurrentUser, UserProfile } from '#shared/schemas/users';

/** Robin, signed in: a public, unverified account; `overrides` replace its fields. */
export function aCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '7d1c8f8e-5d0c-4a57-9f0e-2f8b7c1d9a10',
    email: 'robin@example.com',
    username: 'robin',
    firstName: 'Robin',
    lastName: 'Fields',
    profileImageUrl: null,
    bio: null,
    location: null,
    isVerified: false,
    isPrivate: false,
    favoriteGenres: [],
    profileImagePending: false,
    onboardingStep: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** Ada's public profile as someone else sees it, with no activity; `stats` may be given in part. */
export function aProfile({
  stats,
  ...overrides
}: Partial<Omit<UserProfile, 'stats'>> & {
  stats?: Partial<UserProfile['stats']>;
} = {}): UserProfile {
  return {
    id: 'b5d3c0a4-1111-4222-8333-444455556666',
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    bio: null,
    location: null,
    isVerified: false,
    isPrivate: false,
    favoriteGenres: [],
    showsConcertHistory: true,
    canSeeContent: true,
    followRequested: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    stats: {
      concertsAttended: 0,
      reviewsWritten: 0,
      followers: 0,
      following: 0,
      averageRating: null,
      likesReceived: 0,
      commentsReceived: 0,
      ...stats,
    },
    isFollowing: false,
    isBlocked: false,
    ...overrides,
  };
}

type ReviewOverrides = Partial<Omit<Review, 'user' | 'concert'>> & {
  user?: Partial<Review['user']>;
  concert?: Partial<Review['concert']>;
};

/**
 * A four-star review by Ada Lovelace of Radiohead at The Forum, its user and concert ids made
 * from `id`. `overrides` replace its fields; those of `user` and `concert` one by one.
 */
export function aReview(id: string, { user, concert, ...overrides }: ReviewOverrides = {}): Review {
  return {
    id,
    userId: `user-${id}`,
    concertId: `concert-${id}`,
    overallRating: 4,
    performanceRating: 4,
    soundRating: 4,
    venueRating: 4,
    valueRating: 4,
    reviewText: 'A fine night out.',
    highlights: [],
    photos: [],
    media: [],
    createdAt: '2026-01-01T20:00:00Z',
    updatedAt: '2026-01-01T20:00:00Z',
    editedAt: null,
    user: {
      id: `user-${id}`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      profileImageUrl: null,
      ...user,
    },
    concert: {
      id: `concert-${id}`,
      artist: 'Radiohead',
      venue: 'The Forum',
      city: 'Los Angeles',
      date: '2025-12-01',
      genre: null,
      ...concert,
    },
    likesCount: 0,
    commentsCount: 0,
    isLiked: false,
    ...overrides,
  };
}

/** Photo `n` of a review, processed, 800 by 600 and without alt text; `overrides` replace its fields. */
export function aPhoto(n: number, overrides: Partial<ReviewMedia> = {}): ReviewMedia {
  return {
    id: `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`,
    url: `/uploads/ab/photo-${n}.webp`,
    thumbnailUrl: `/uploads/ab/photo-${n}-thumb.webp`,
    kind: 'image',
    contentType: 'image/webp',
    width: 800,
    height: 600,
    altText: null,
    processing: false,
    failed: false,
    ...overrides,
  };
}

/** Local Band at Thalia Hall, Chicago, in 2099: a concert of a list; `overrides` replace its fields. */
export function aConcertListItem(overrides: Partial<ConcertListItem> = {}): ConcertListItem {
  return {
    id: 'c1',
    artist: 'Local Band',
    artistId: 'a1',
    venue: 'Thalia Hall',
    venueId: 'v1',
    date: '2099-06-01',
    time: '8:00 PM',
    city: 'Chicago',
    price: '$25',
    genre: 'rock',
    imageUrl: null,
    ticketUrl: null,
    setlistUrl: null,
    averageRating: null,
    ...overrides,
  };
}
