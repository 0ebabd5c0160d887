import { z } from 'zod';
import {
  beforeIdPageQuery,
  limitParam,
  rawWrittenTextMax,
  text,
  tidyWrittenText,
  writtenText,
} from './common.ts';
import {
  BIO_MAX,
  GENRES,
  LOCATION_MAX,
  ONBOARDING_NAME_MAX,
  ONBOARDING_STEPS,
  PROFILE_NAME_MAX,
  USER_LIST_DEFAULT,
  USER_LIST_MAX,
  USER_SEARCH_MAX,
  USER_SEARCH_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../limits.ts';
import { isTimeZone, TIME_ZONE_MAX } from '../show-time.ts';

const GENRE_SLUGS = GENRES.map((genre) => genre.slug) as [string, ...string[]];

/** Who a person is wherever the API shows one: in lists, on profiles, as a notice's actor. */
export const personFields = {
  id: z.uuid(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
};

/** The signed-in person as `GET /api/user` answers it. */
export const currentUserSchema = z
  .object({
    ...personFields,
    email: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    isVerified: z.boolean(),
    isPrivate: z.boolean(),
    favoriteGenres: z.array(z.string()),
    /**
     * A picture was chosen while it was still being processed: `profileImageUrl` is still
     * the old one, and becomes the new one once it is ready.
     */
    profileImagePending: z.boolean(),
    /**
     * The onboarding wizard's step to open at (1 to ONBOARDING_STEPS); null once it was
     * finished or skipped (docs/product.md §4 "Onboarding wizard").
     */
    onboardingStep: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A person's numbers (docs/product.md §3 "stats"), plus what My Reviews shows of their reviews. */
export const userStatsSchema = z
  .object({
    /**
     * Distinct past concerts the person reviewed; null when the viewer may not see their
     * concert history ("Show concert history" off, or a private account they do not follow).
     */
    concertsAttended: z.number().int().nullable(),
    reviewsWritten: z.number().int(),
    followers: z.number().int(),
    following: z.number().int(),
    /** Mean overall rating of their reviews; null without reviews, or when they are hidden from the viewer. */
    averageRating: z.number().nullable(),
    /** Likes and comments others gave their reviews. */
    likesReceived: z.number().int(),
    commentsReceived: z.number().int(),
  })
  .meta({ id: 'UserStats' });
export type UserStats = z.infer<typeof userStatsSchema>;

// The social half: profiles, people lists, follows, the account's own settings.
// The routes that use these are documented at /api/docs.

/**
 * A person in a list (docs/product.md §3 "Lists of users"), and whether the viewer follows them.
 */
export const userSummarySchema = z
  .object({
    ...personFields,
    bio: z.string().nullable(),
    isFollowing: z.boolean(),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * GET /api/users/{id} and /api/users/username/{username}: what anyone signed in may see of
 * a person (never their e-mail), their numbers, and whether the viewer follows them.
 */
export const userProfileSchema = z
  .object({
    ...personFields,
    bio: z.string().nullable(),
    location: z.string().nullable(),
    isVerified: z.boolean(),
    isPrivate: z.boolean(),
    /**
     * The first 5 distinct genres of the concerts they reviewed, most recent first (none
     * when their reviews are hidden from the viewer).
     */
    favoriteGenres: z.array(z.string()),
    /** Whether the History tab may be shown to the viewer (always for oneself). */
    showsConcertHistory: z.boolean(),
    /**
     * Whether the viewer may see their reviews and follow lists: false for a private
     * account the viewer does not follow ("This account is private").
     */
    canSeeContent: z.boolean(),
    /** Whether the viewer asked to follow this private person and waits for an answer. */
    followRequested: z.boolean(),
    createdAt: z.string(),
    stats: userStatsSchema,
    isFollowing: z.boolean(),
    /** Whether the viewer blocked this person (then nothing of theirs is shown to them). */
    isBlocked: z.boolean(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

export const usernameParams = z.object({ username: text('username').max(200) });

/** GET /api/users/search: q of at least USER_SEARCH_MIN characters after trimming. */
export const userSearchQuerySchema = z.object({
  q: text('q')
    .trim()
    .min(USER_SEARCH_MIN, `q must be at least ${USER_SEARCH_MIN} characters`)
    .max(USER_SEARCH_MAX, `q must be at most ${USER_SEARCH_MAX} characters`),
  limit: limitParam(USER_LIST_MAX, USER_LIST_DEFAULT),
});

/** GET /api/users/suggestions: Find Friends before anything is typed. */
export const USER_SUGGESTIONS_DEFAULT = 10;
export const USER_SUGGESTIONS_MAX = 20;
export const userSuggestionsQuerySchema = z.object({
  limit: limitParam(USER_SUGGESTIONS_MAX, USER_SUGGESTIONS_DEFAULT),
});

/** An artist a person follows, as their profile's "Artists" lists it. */
export const followedArtistSchema = z
  .object({ id: z.string(), name: z.string(), genres: z.array(z.string()) })
  .meta({ id: 'FollowedArtist' });
export type FollowedArtist = z.infer<typeof followedArtistSchema>;

/** GET /api/users/{id}/artists: the artists a person follows, newest follow first. */
export const FOLLOWED_ARTISTS_DEFAULT = 50;
export const FOLLOWED_ARTISTS_MAX = 100;
export const followedArtistsQuerySchema = z.object({
  limit: limitParam(FOLLOWED_ARTISTS_MAX, FOLLOWED_ARTISTS_DEFAULT),
});

/** Followers and following, newest follow first; `before` is the last person's id. */
export const userListQuerySchema = beforeIdPageQuery(USER_LIST_MAX, USER_LIST_DEFAULT);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/**
 * POST and DELETE /api/users/{id}/follow: the state after, and their follower count. Following
 * a private person asks them first: `requested` until they approve or decline.
 */
export const followStateSchema = z
  .object({ isFollowing: z.boolean(), requested: z.boolean(), followers: z.number().int() })
  .meta({ id: 'FollowState' });
export type FollowState = z.infer<typeof followStateSchema>;

/** POST and DELETE /api/users/{id}/block: whether the viewer now blocks the person. */
export const blockStateSchema = z.object({ isBlocked: z.boolean() }).meta({ id: 'BlockState' });
export type BlockStateAnswer = z.infer<typeof blockStateSchema>;

/** A person who asked to follow the signed-in person, and when. */
export const followRequestSchema = z
  .object({ ...personFields, bio: z.string().nullable(), requestedAt: z.string() })
  .meta({ id: 'FollowRequest' });
export type FollowRequest = z.infer<typeof followRequestSchema>;

/**
 * GET /api/follow-requests: a page of the people waiting for the signed-in person's answer,
 * newest first (`before` is the last person's id), and how many wait in all.
 */
export const followRequestPageSchema = z
  .object({ pending: z.number().int(), requests: z.array(followRequestSchema) })
  .meta({ id: 'FollowRequestPage' });
export type FollowRequestPage = z.infer<typeof followRequestPageSchema>;

/** Approve and Decline: the signed-in person's followers and the requests still waiting, after it. */
export const followRequestAnswerSchema = z
  .object({ followers: z.number().int(), pending: z.number().int() })
  .meta({ id: 'FollowRequestAnswer' });
export type FollowRequestAnswer = z.infer<typeof followRequestAnswerSchema>;

/**
 * What the availability check says (docs/product.md §4 "Username availability"), and the 409
 * of a save that lost the race for the name; the form says the same when it hears either.
 */
export const USERNAME_TAKEN = 'Username is already taken';
export const USERNAME_AVAILABLE = 'Username is available';

/** GET /api/users/check-username/{username} (docs/product.md §4 "Username availability"). */
export const usernameCheckSchema = z
  .object({ available: z.boolean(), message: z.string() })
  .meta({ id: 'UsernameCheck' });
export type UsernameCheck = z.infer<typeof usernameCheckSchema>;

/** The username rule of docs/product.md §5, with its messages: optional, lowercased when stored. */
export const usernameRule = text('username')
  .trim()
  .min(USERNAME_MIN, `Username must be between ${USERNAME_MIN} and ${USERNAME_MAX} characters`)
  .max(USERNAME_MAX, `Username must be between ${USERNAME_MIN} and ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, 'Username can only contain letters, numbers, underscores, and hyphens')
  .transform((value) => value.toLowerCase());

/** The longest address of a profile picture the profile takes. */
const PROFILE_IMAGE_URL_MAX = 500;

/**
 * An optional text field of the profile, of at most `max` characters: blank is null
 * (docs/product.md §5 "Empty values are sent as null"). A text longer than a written text of
 * that limit may arrive is handed to the field unread, which refuses it as too long.
 */
const optionalField = (field: z.ZodType<string>, max: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' &&
      value.length <= rawWrittenTextMax(max) &&
      tidyWrittenText(value) === ''
        ? null
        : value,
    field.nullable().optional(),
  );

/**
 * docs/product.md §5 "Onboarding": a first or last name of 1 to ONBOARDING_NAME_MAX
 * characters, as the sign-up form and the onboarding wizard ask for it (stricter than the
 * profile's PROFILE_NAME_MAX, which names from a provider may use). `required: false` takes
 * a blank one too, as the sign-up form does a last name.
 */
export function onboardingNameRule(which: 'First' | 'Last', { required = true } = {}) {
  const name = writtenText(`${which} name`, ONBOARDING_NAME_MAX, `${which} name too long`);
  return required ? name.min(1, `${which} name is required`) : name;
}

/**
 * The profile's rules with their messages (docs/product.md §5), as the API checks a field and
 * the profile form checks what is typed into it.
 */
export const profileFieldRules = {
  /** A first name, or Edit Profile's one name field, which splits into first and last. */
  name: writtenText('firstName', PROFILE_NAME_MAX, 'Name too long').min(1, 'Name is required'),
  lastName: writtenText('lastName', PROFILE_NAME_MAX, 'Name too long'),
  username: usernameRule,
  bio: writtenText('bio', BIO_MAX, 'Bio too long'),
  location: writtenText('location', LOCATION_MAX, 'Location too long'),
};

/**
 * PUT /api/users/me (Edit Profile and the onboarding wizard). Absent fields stay as they
 * are; blank ones become null. The wizard's 50-character names are its own, stricter rule.
 */
export const profileUpdateBodySchema = z.object({
  firstName: optionalField(profileFieldRules.name, PROFILE_NAME_MAX),
  lastName: optionalField(profileFieldRules.lastName, PROFILE_NAME_MAX),
  username: optionalField(profileFieldRules.username, USERNAME_MAX),
  bio: optionalField(profileFieldRules.bio, BIO_MAX),
  location: optionalField(profileFieldRules.location, LOCATION_MAX),
  /** One of the person's own uploads (POST /api/upload/profile-image), or null. */
  profileImageUrl: optionalField(
    text('profileImageUrl').max(PROFILE_IMAGE_URL_MAX),
    PROFILE_IMAGE_URL_MAX,
  ),
  /** The genres of Encore (GENRES' slugs) the person likes, each once; [] for none. */
  favoriteGenres: z
    .array(z.enum(GENRE_SLUGS, { error: `favoriteGenres must be among ${GENRE_SLUGS.join(', ')}` }))
    .max(GENRE_SLUGS.length, `favoriteGenres has at most ${GENRE_SLUGS.length} genres`)
    .transform((genres) => [...new Set(genres)])
    .optional(),
  /**
   * The onboarding wizard's progress: the step to open at next time, or null for finished
   * or skipped. Once finished, a step changes nothing: the wizard does not come back.
   */
  onboardingStep: z
    .number({ error: 'onboardingStep must be a step number or null' })
    .int('onboardingStep must be a whole number')
    .min(1, 'onboardingStep must be at least 1')
    .max(ONBOARDING_STEPS, `onboardingStep must be at most ${ONBOARDING_STEPS}`)
    .nullable()
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateBodySchema>;

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;

/** GET and PUT /api/users/me/settings: kept on the server, so they follow the person. */
export const userSettingsSchema = z
  .object({
    emailNotifications: z.boolean(),
    /** "Daily digest", under "Email notifications": the morning mail of what is unread. */
    dailyDigest: z.boolean(),
    pushNotifications: z.boolean(),
    newFollowerNotif: z.boolean(),
    newReviewNotif: z.boolean(),
    newCommentNotif: z.boolean(),
    newLikeNotif: z.boolean(),
    /** "Friends going": someone one follows is going to a show one is going to. */
    friendsGoingNotif: z.boolean(),
    /** "Concert alerts" on the Settings page. */
    upcomingConcertReminders: z.boolean(),
    /** "Public profile": the opposite of the user's isPrivate. */
    publicProfile: z.boolean(),
    showConcertHistory: z.boolean(),
    theme: z.enum(THEME_CHOICES),
    language: text('language').min(2).max(10),
    /**
     * "Time zone": an IANA name (America/Chicago), the person's "today", digests and quiet
     * hours; null until saved, when the page offers the browser's.
     */
    timeZone: text('timeZone')
      .max(TIME_ZONE_MAX, `timeZone is at most ${TIME_ZONE_MAX} characters`)
      .refine(isTimeZone, 'timeZone must be a time zone such as America/Chicago')
      .nullable(),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** A person's settings until they change one (docs/product.md §9 "Settings defaults"). */
export const DEFAULT_SETTINGS: UserSettings = {
  emailNotifications: true,
  dailyDigest: true,
  pushNotifications: true,
  newFollowerNotif: true,
  newReviewNotif: true,
  newCommentNotif: true,
  newLikeNotif: true,
  friendsGoingNotif: true,
  upcomingConcertReminders: true,
  publicProfile: true,
  showConcertHistory: true,
  theme: 'system',
  language: 'en',
  timeZone: null,
};

/** PUT /api/users/me/settings changes what it names and leaves the rest. */
export const userSettingsUpdateSchema = userSettingsSchema.partial();
export type UserSettingsUpdate = z.infer<typeof userSettingsUpdateSchema>;
