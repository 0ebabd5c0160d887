/** Business constants and limits of docs/product.md §9, shared by client and server. */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;
export const DEFAULT_RATING = 5;

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const COMMENT_TEXT_MIN = 1;
export const COMMENT_TEXT_MAX = 500;

export const MAX_REVIEW_PHOTOS = 5;
/** Setlist songs one review may mark as highlights. */
export const MAX_REVIEW_HIGHLIGHTS = 5;
export const MAX_REVIEW_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
/** What a screen reader says of a photo or video. */
export const MEDIA_ALT_TEXT_MAX = 300;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** Letters, digits, underscores and hyphens; stored lowercased (the database checks the same). */
export const USERNAME_CHARACTERS = 'a-z0-9_-';
// Spelled out, not \w: the database's check uses the same characters, and its \w takes any letter.
// eslint-disable-next-line regexp/prefer-w
export const USERNAME_PATTERN = new RegExp(`^[${USERNAME_CHARACTERS}]+$`, 'i');
export const PROFILE_NAME_MAX = 100;
export const ONBOARDING_NAME_MAX = 50;
export const BIO_MAX = 500;
export const LOCATION_MAX = 100;
/**
 * What people write may arrive this many times its limit long, for the spaces, invisible
 * characters and piled marks that are tidied away before the limit is checked; longer is
 * refused unread, as too long.
 */
export const WRITTEN_TEXT_RAW_FACTOR = 4;

/** Ticket details on one's own mark (docs/product.md §2 "Diary"), seen by no one else. */
export const TICKET_SEAT_MAX = 100;
export const TICKET_NOTE_MAX = 1000;
/** People one follows that one ticket may name as "Went with". */
export const TICKET_COMPANIONS_MAX = 20;
/** The most a price paid may be, in the currency's minor units (1,000,000.00 in a two-decimal currency). */
export const PRICE_PAID_MAX_MINOR = 100_000_000;

export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const USER_SEARCH_MIN = 2;
export const USER_SEARCH_MAX = 100;
/** People per page of search results, followers and following. */
export const USER_LIST_DEFAULT = 20;
export const USER_LIST_MAX = 50;
export const HISTORICAL_SEARCH_MIN = 3;
export const HISTORICAL_SEARCH_LIMIT = 10;
export const TIMELINE_LIMIT = 20;
export const RECENT_REVIEWS_LIMIT = 3;
export const TOP_LIST_LIMIT = 5;
export const FAVORITE_GENRES_SHOWN = 4;
export const FAVORITE_GENRES_DERIVED = 5;
export const ONBOARDING_STEPS = 4;
export const POST_DELETE_REDIRECT_MS = 1000;

export const PRICE_MIN = 0;
export const PRICE_MAX = 200;
export const PRICE_STEP = 5;

export const CITIES = [
  { slug: 'los-angeles', name: 'Los Angeles', state: 'CA', timeZone: 'America/Los_Angeles' },
  { slug: 'new-york', name: 'New York', state: 'NY', timeZone: 'America/New_York' },
  { slug: 'chicago', name: 'Chicago', state: 'IL', timeZone: 'America/Chicago' },
  { slug: 'austin', name: 'Austin', state: 'TX', timeZone: 'America/Chicago' },
  { slug: 'seattle', name: 'Seattle', state: 'WA', timeZone: 'America/Los_Angeles' },
  { slug: 'denver', name: 'Denver', state: 'CO', timeZone: 'America/Denver' },
] as const;
export type CitySlug = (typeof CITIES)[number]['slug'];

/**
 * The city a profile's free-text location names: "Chicago", "chicago, IL" → Chicago.
 * The same rule as the alert job's SQL (`profileCityName`): the part before a comma.
 */
export function cityOfLocation(
  location: string | null | undefined,
): (typeof CITIES)[number] | null {
  const head = (location ?? '').split(',')[0]!.trim().toLowerCase();
  if (!head) return null;
  return CITIES.find((c) => c.name.toLowerCase() === head || c.slug === head) ?? null;
}

export const GENRES = [
  { slug: 'rock', name: 'Rock' },
  { slug: 'pop', name: 'Pop' },
  { slug: 'hip-hop', name: 'Hip Hop' },
  { slug: 'electronic', name: 'Electronic' },
  { slug: 'country', name: 'Country' },
  { slug: 'indie', name: 'Indie Rock' },
  { slug: 'jazz', name: 'Jazz' },
  { slug: 'classical', name: 'Classical' },
] as const;
export type GenreSlug = (typeof GENRES)[number]['slug'];

export const TRENDING_GENRES: readonly GenreSlug[] = [
  'electronic',
  'indie',
  'pop',
  'hip-hop',
  'jazz',
  'classical',
];

export const DISCOVER_PLACEHOLDER_CARDS = 6;
export const DEFAULT_CONCERT_TIME = '8:00 PM';

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT_PX = 768;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

export const QUERY_CACHE_TIME_MS = 5 * 60 * 1000;

/** What a report may say beside its reason. */
export const REPORT_TEXT_MAX = 1000;
export const REPORT_REASONS = ['spam', 'harassment', 'other'] as const;
/** What can be reported: a review, a comment, or a person's profile. */
export const REPORT_TARGET_KINDS = ['review', 'comment', 'user'] as const;
/** A review's video is refused unless its container gives a length and a size within these. */
export const MAX_VIDEO_SECONDS = 10 * 60;
/** The longer side of a video, in pixels (8K UHD); the shorter side is at least 16. */
export const MAX_VIDEO_SIDE = 7680;
export const MIN_VIDEO_SIDE = 16;
