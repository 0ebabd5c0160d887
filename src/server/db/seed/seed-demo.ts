/**
 * Fills an empty database with a believable demo community: venues and artists in the
 * six cities and eight genres, concerts half behind and half ahead of `today`, setlists,
 * demo people (no sign-in identity), reviews of past concerts, likes, comments, follows,
 * wishlists and notifications.
 *
 * Everything is planned in memory first from a seeded PRNG, then written in one
 * transaction with one multi-row INSERT per table, so it takes a fraction of a second
 * even on PGlite. Counters (reviews.likes, venue ratings, artist counts) are computed
 * from the very rows inserted with them, so they match from the start.
 */
import type { Database } from '../index.ts';
import { hasRow } from '#server/lib/has-row.ts';
import { alertFollowersOfShow } from '#server/modules/show-alerts/index.ts';
import { mediaOfPhotoUrls } from './photo-media.ts';
import * as schema from '../schema.ts';
import {
  ARTISTS,
  CITY_NAMES,
  DEMO_ART,
  DEMO_PEOPLE,
  SETLIST_NOTES,
  VENUES,
  slugify,
  stateOf,
  type CatalogueArtist,
  type CatalogueVenue,
  type CityName,
  type DemoPerson,
} from './demo-catalogue.ts';
import {
  addTimelineEntries,
  buildConcert,
  buildRatings,
  buildUser,
  createRandom,
  describeConcert,
  priceFor,
  ticketUrlFor,
  timeFor,
  timeZoneOfCity,
  toIsoDate,
  venuesFor,
  writeCommentText,
  writeReviewText,
  type Db,
  type NewComment,
  type NewConcert,
  type NewFollow,
  type NewLike,
  type NewNotification,
  type NewReview,
  type NewUser,
  type NewWishlistEntry,
  type Random,
  type ReviewContext,
} from './factories.ts';

export interface SeedDemoOptions {
  /** The day the demo is built around: concerts before it are past, after it upcoming. */
  today: Date;
  /** Changes the PRNG seed; the same seed and day always produce the same data. */
  seed?: number;
}

export interface SeedDemoCounts {
  users: number;
  concerts: number;
  pastConcerts: number;
  upcomingConcerts: number;
  venues: number;
  artists: number;
  setlists: number;
  reviews: number;
  likes: number;
  comments: number;
  follows: number;
  /** Marks on concerts: "I was there" (every review's and more) and "Going". */
  attendance: number;
  wishlist: number;
  notifications: number;
  artistFollows: number;
}

const DEFAULT_SEED = 1_987;
const SPAN_DAYS = 180;
/** How far ahead the show announced on the seeding day is. */
const ANNOUNCED_IN_DAYS = 45;
const SETLIST_COUNT = 14;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** True when there are neither users nor concerts: the only state the seed may fill. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return !(await hasRow(db, schema.users)) && !(await hasRow(db, schema.concerts));
}

export async function seedDemoData(
  db: Database,
  options: SeedDemoOptions,
): Promise<SeedDemoCounts> {
  const plan = planDemoData(options);
  return db.transaction(async (tx) => {
    if (!(await isDatabaseEmpty(tx))) {
      throw new Error('Refusing to seed demo data: the database already has users or concerts.');
    }
    await tx.insert(schema.venues).values(plan.venues);
    await tx.insert(schema.artists).values(plan.artists);
    await tx.insert(schema.users).values(plan.users);
    await tx.insert(schema.concerts).values(plan.concerts);
    await tx.insert(schema.setlists).values(plan.setlists);
    await tx.insert(schema.reviews).values(plan.reviews);
    await tx.insert(schema.reviewLikes).values(plan.likes);
    await tx.insert(schema.reviewComments).values(plan.comments);
    await tx.insert(schema.userFollows).values(plan.follows);
    await tx.insert(schema.attendance).values(plan.attendance);
    await addTimelineEntries(tx);
    await tx.insert(schema.concertWishlist).values(plan.wishlist);
    await tx.insert(schema.notifications).values(plan.notifications);
    await tx.insert(schema.artistFollows).values(plan.artistFollows);
    const told = plan.announcedShowId
      ? await alertFollowersOfShow(tx, plan.announcedShowId, toIsoDate(options.today))
      : 0;
    return { ...plan.counts, notifications: plan.counts.notifications + told };
  });
}

// ---------------------------------------------------------------------------
// Planning (pure: no database)

type NewVenue = typeof schema.venues.$inferInsert;
type NewArtist = typeof schema.artists.$inferInsert;
type NewSetlist = typeof schema.setlists.$inferInsert;
type NewArtistFollow = typeof schema.artistFollows.$inferInsert;
type NewAttendance = typeof schema.attendance.$inferInsert;

interface PlannedConcert {
  row: NewConcert & { id: string; date: string };
  artist: CatalogueArtist;
  venue: CatalogueVenue;
  past: boolean;
  /** Rough start time, used to date reviews after the show. */
  startsAt: number;
}

interface PlannedPerson {
  person: DemoPerson;
  row: NewUser & { id: string; createdAt: Date };
  city: string;
  /** How generous this person is with stars. */
  bias: number;
}

interface PlannedReview {
  row: NewReview & { id: string; createdAt: Date };
  author: PlannedPerson;
  concert: PlannedConcert;
  context: ReviewContext;
}

/** Picks `count` distinct items, each with probability proportional to its weight. */
function weightedSample<T>(
  rand: Random,
  items: readonly T[],
  weight: (item: T) => number,
  count: number,
): T[] {
  const pool = items.map((item) => ({ item, w: Math.max(0, weight(item)) }));
  const out: T[] = [];
  while (out.length < count) {
    const total = pool.reduce((sum, entry) => sum + entry.w, 0);
    if (total <= 0) break;
    let target = rand.next() * total;
    const index = pool.findIndex((entry) => (target -= entry.w) < 0);
    const [chosen] = pool.splice(index === -1 ? pool.length - 1 : index, 1);
    out.push(chosen!.item);
  }
  return out;
}

/** A moment between `from` and `to` (ms), never after `to` even when `from` is. */
function between(rand: Random, from: number, to: number): Date {
  const start = Math.min(from, to - 60_000);
  return new Date(Math.floor(start + rand.next() * (to - start) * 0.999));
}

/**
 * How strongly a concert draws a person: 1, plus `weights.genre` when the artist plays one
 * of their genres and `weights.city` when the show is in their city.
 */
function draw(
  person: PlannedPerson,
  concert: PlannedConcert,
  weights: { genre: number; city: number },
): number {
  return (
    1 +
    (person.person.favoriteGenres.includes(concert.artist.genre) ? weights.genre : 0) +
    (person.city === concert.row.city ? weights.city : 0)
  );
}

function planDemoData(options: SeedDemoOptions) {
  const rand = createRandom(options.seed ?? DEFAULT_SEED);
  const now = options.today.getTime();
  const todayStart = Date.parse(`${toIsoDate(options.today)}T00:00:00Z`);

  // Concerts: every artist plays once, three per genre twice (64 in all, eight per
  // genre); a second show is on the other side of today and in another city. Dates are
  // spread across SPAN_DAYS each way.
  const touring = [
    ...ARTISTS.map((artist, index) => ({ artist, index, round: 0 })),
    ...ARTISTS.map((artist, index) => ({ artist, index, round: 1 })).filter(
      ({ index }) => index % 5 < 3,
    ),
  ];
  // Each show goes to the city with the fewest shows on its side of today so far (then
  // the fewest shows, then the fewest of that genre), never twice to one city per artist.
  const tally = new Map<string, number>();
  const bump = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
  const citiesOf = new Map<string, string[]>();
  const slots = touring.map(({ artist, index, round }) => {
    const past = (index + round) % 2 === 0;
    const used = citiesOf.get(artist.name) ?? [];
    const score = (city: string, order: number) =>
      (tally.get(`${city}|${past}`) ?? 0) * 1000 +
      (tally.get(city) ?? 0) * 100 +
      (tally.get(`${city}|${artist.genre}`) ?? 0) * 10 +
      ((((order - index) % CITY_NAMES.length) + CITY_NAMES.length) % CITY_NAMES.length);
    const city = CITY_NAMES.map((name, order) => ({ name, score: score(name, order) }))
      .filter((c) => !used.includes(c.name))
      .sort((x, y) => x.score - y.score)[0]!.name;
    for (const key of [`${city}|${past}`, city, `${city}|${artist.genre}`]) bump(key);
    citiesOf.set(artist.name, [...used, city]);
    return { artist, city, past };
  });
  const pastSlots = slots.filter((s) => s.past);
  const upcomingSlots = slots.filter((s) => !s.past);
  const spread = (n: number, k: number) =>
    Math.round(2 + (k * (SPAN_DAYS - 4)) / Math.max(1, n - 1));
  const pastOffsets = rand.shuffle(pastSlots.map((_, k) => -spread(pastSlots.length, k)));
  const upcomingOffsets = rand.shuffle(
    upcomingSlots.map((_, k) => spread(upcomingSlots.length, k)),
  );

  const concerts: PlannedConcert[] = slots.map((slot) => {
    const offset = slot.past ? pastOffsets.shift()! : upcomingOffsets.shift()!;
    const jitter = rand.int(-1, 1);
    const days = slot.past ? Math.min(-1, offset + jitter) : Math.max(1, offset + jitter);
    const date = toIsoDate(new Date(todayStart + days * DAY));
    const { artist, city } = slot;
    const venue = rand.pick(venuesFor(city, artist.genre));
    const listed = Math.min(now - HOUR, Date.parse(`${date}T00:00:00Z`) - rand.int(30, 90) * DAY);
    const row = buildConcert(
      {
        id: rand.uuid(),
        artist: artist.name,
        venue: venue.name,
        city,
        date,
        time: timeFor(artist.genre, rand),
        price: priceFor(venue, rand),
        genre: artist.genre,
        imageUrl: DEMO_ART.poster(artist.genre, rand.chance(0.5) ? 1 : 2),
        ticketUrl: slot.past ? null : ticketUrlFor(artist.name, city, date),
        description: describeConcert(artist, venue, rand),
        createdAt: new Date(listed),
        updatedAt: new Date(listed),
      },
      rand,
    ) as PlannedConcert['row'];
    return {
      row,
      artist,
      venue,
      past: slot.past,
      startsAt: Date.parse(`${date}T00:00:00Z`) + 20 * HOUR,
    };
  });
  const pastConcerts = concerts.filter((c) => c.past);
  const upcomingConcerts = concerts.filter((c) => !c.past);

  // People.
  const people: PlannedPerson[] = DEMO_PEOPLE.map((person) => {
    const joined = new Date(now - rand.int(200, 720) * DAY - rand.int(0, 23) * HOUR);
    const row = buildUser(
      {
        id: rand.uuid(),
        email: `${person.username.replace(/_/g, '.')}@example.com`,
        // The demo's people read their mail: Encore may send them the digest and alerts.
        emailVerifiedAt: joined,
        username: person.username,
        firstName: person.firstName,
        lastName: person.lastName,
        profileImageUrl: person.avatar,
        bio: person.bio,
        location: person.location,
        favoriteGenres: person.favoriteGenres,
        isVerified: person.isVerified ?? false,
        authIssuer: null,
        authSubject: null,
        createdAt: joined,
        updatedAt: joined,
      },
      rand,
    ) as PlannedPerson['row'];
    return { person, row, city: person.location.split(',')[0]!, bias: rand.float(-0.45, 0.3) };
  });

  // Reviews: each past concert has its own quality; people who like the genre or live in
  // the city are likelier to have gone. One review per person per concert.
  const reviews: PlannedReview[] = [];
  for (const concert of pastConcerts) {
    const quality = 2.3 + 2.6 * (1 - rand.next() ** 2);
    const venueBias =
      concert.venue.capacity >= 5000 ? -0.35 : concert.venue.capacity <= 700 ? 0.2 : 0;
    const priceTop = Number(/(?<!\d)(\d+)\s*$/.exec(concert.row.price ?? '')?.[1] ?? 40);
    const valueBias = priceTop >= 120 ? -0.5 : priceTop <= 35 ? 0.3 : 0;
    const reviewers = weightedSample(
      rand,
      people,
      (p) => draw(p, concert, { genre: 3, city: 2 }),
      rand.int(2, 6),
    );
    for (const author of reviewers) {
      const ratings = buildRatings(quality + author.bias, rand, {
        venue: venueBias,
        value: valueBias,
      });
      const context: ReviewContext = {
        artist: concert.artist.name,
        venue: concert.venue.name,
        city: concert.row.city,
        song: rand.pick(concert.artist.songs),
        genre: concert.artist.genre,
      };
      const latest = Math.min(concert.startsAt + 14 * DAY, now - 30 * 60_000);
      const createdAt = between(rand, Math.min(concert.startsAt + 2 * HOUR, latest - HOUR), latest);
      reviews.push({
        author,
        concert,
        context,
        row: {
          id: rand.uuid(),
          userId: author.row.id,
          concertId: concert.row.id,
          ...ratings,
          reviewText: writeReviewText(ratings, context, rand),
          ...withPhotos(rand.chance(0.3) ? rand.sample(DEMO_ART.photos, rand.int(1, 3)) : []),
          likes: 0,
          createdAt,
          updatedAt: createdAt,
        },
      });
    }
  }

  type Event = {
    at: Date;
    to: PlannedPerson;
    notification: Omit<NewNotification, 'userId' | 'createdAt'>;
  };
  const events: Event[] = [];

  // Likes: better reviews and reviews with photos draw more; the counter equals the rows.
  const likes: NewLike[] = [];
  for (const review of reviews) {
    const appeal = (review.row.overallRating - 1) / 4 + (review.row.photos?.length ? 0.3 : 0);
    const count = Math.floor(rand.next() ** 1.4 * 9 * appeal);
    const likers = rand.sample(
      people.filter((p) => p !== review.author),
      count,
    );
    for (const liker of likers) {
      const at = between(rand, review.row.createdAt.getTime() + 10 * 60_000, now);
      likes.push({ id: rand.uuid(), userId: liker.row.id, reviewId: review.row.id, createdAt: at });
      events.push({
        at,
        to: review.author,
        notification: {
          type: 'review_like',
          link: `/concerts/${review.concert.row.id}`,
          relatedUserId: liker.row.id,
          relatedReviewId: review.row.id,
          relatedConcertId: review.concert.row.id,
        },
      });
    }
    review.row.likes = likers.length;
  }

  // Comments: a conversation under some reviews.
  const comments: NewComment[] = [];
  for (const review of reviews) {
    if (!rand.chance(0.45)) continue;
    const others = people.filter((p) => p !== review.author);
    let after = review.row.createdAt.getTime();
    for (const commenter of rand.sample(others, rand.int(1, 3))) {
      const at = between(rand, after + 5 * 60_000, Math.min(now, after + 5 * DAY));
      after = at.getTime();
      comments.push({
        id: rand.uuid(),
        reviewId: review.row.id,
        userId: commenter.row.id,
        commentText: writeCommentText(review.context, rand),
        createdAt: at,
        updatedAt: at,
      });
      events.push({
        at,
        to: review.author,
        notification: {
          type: 'review_comment',
          link: `/concerts/${review.concert.row.id}`,
          relatedUserId: commenter.row.id,
          relatedReviewId: review.row.id,
          relatedConcertId: review.concert.row.id,
        },
      });
    }
  }

  // Follows: people follow others with similar taste, and verified people draw more.
  const follows: NewFollow[] = [];
  for (const follower of people) {
    const shared = (p: PlannedPerson) =>
      p.person.favoriteGenres.filter((g) => follower.person.favoriteGenres.includes(g)).length;
    const others = people.filter((p) => p !== follower);
    const chosen = weightedSample(
      rand,
      others,
      (p) => 1 + 2 * shared(p) + (p.person.isVerified ? 2 : 0),
      rand.int(3, 8),
    );
    for (const followed of chosen) {
      const since = Math.max(follower.row.createdAt.getTime(), followed.row.createdAt.getTime());
      const at = between(rand, since, now);
      follows.push({
        id: rand.uuid(),
        followerId: follower.row.id,
        followingId: followed.row.id,
        createdAt: at,
      });
      events.push({
        at,
        to: followed,
        notification: {
          type: 'new_follower',
          link: `/users/${follower.person.username}`,
          relatedUserId: follower.row.id,
          relatedReviewId: null,
          relatedConcertId: null,
        },
      });
    }
  }

  // Wishlists: upcoming concerts in people's genres and cities.
  const wishlist: NewWishlistEntry[] = [];
  for (const person of people) {
    const picks = weightedSample(
      rand,
      upcomingConcerts,
      (c) => draw(person, c, { genre: 4, city: 3 }),
      rand.int(2, 6),
    );
    for (const concert of picks) {
      wishlist.push({
        id: rand.uuid(),
        userId: person.row.id,
        concertId: concert.row.id,
        createdAt: between(
          rand,
          Math.max(person.row.createdAt.getTime(), concert.row.createdAt!.getTime()),
          now,
        ),
      });
    }
  }

  // Notifications: each person's latest few events; all but the newest two are read.
  const notifications: NewNotification[] = [];
  for (const person of people) {
    const mine = events
      .filter((e) => e.to === person)
      .sort((x, y) => y.at.getTime() - x.at.getTime())
      .slice(0, 6);
    mine.forEach((event, index) => {
      notifications.push({
        id: rand.uuid(),
        userId: person.row.id,
        ...event.notification,
        isRead: index >= 2,
        createdAt: event.at,
      });
    });
  }

  // Artist follows, and the counters kept on artists and venues.
  const artistFollows: NewArtistFollow[] = [];
  const artistIds = new Map(ARTISTS.map((artist) => [artist.name, rand.uuid()]));
  for (const person of people) {
    const liked = ARTISTS.filter((artist) =>
      artist.genres.some((g) => person.person.favoriteGenres.includes(g)),
    );
    for (const artist of rand.sample(liked, rand.int(2, 5))) {
      artistFollows.push({
        id: rand.uuid(),
        userId: person.row.id,
        artistId: artistIds.get(artist.name)!,
        createdAt: between(rand, person.row.createdAt.getTime(), now),
      });
    }
  }

  // A past show in a room nobody has reviewed yet, so a venue page shows how it reads before
  // the first review. Drawn from its own sequence: the rest of the demo stays as it was.
  const quiet = planQuietShow(
    createRandom((options.seed ?? DEFAULT_SEED) + 1),
    concerts,
    now,
    todayStart,
  );
  if (quiet) {
    concerts.push(quiet);
    pastConcerts.push(quiet);
  }

  // A show "announced" today by an artist the first demo person in one of our cities
  // follows, in that city: seeding tells its followers there (a new-show alert), so a
  // fresh demo shows one. Planned after every other draw, so nothing else changes.
  const announced = (() => {
    for (const person of people) {
      const follow = artistFollows.find((f) => f.userId === person.row.id);
      const artist = follow && ARTISTS.find((a) => artistIds.get(a.name) === follow.artistId);
      if (!artist || !CITY_NAMES.includes(person.city as CityName)) continue;
      const date = toIsoDate(new Date(todayStart + ANNOUNCED_IN_DAYS * DAY));
      const venue = venuesFor(person.city, artist.genre)[0]!;
      const planned: PlannedConcert = {
        row: buildConcert(
          {
            id: rand.uuid(),
            artist: artist.name,
            venue: venue.name,
            city: person.city,
            date,
            time: '8:00 PM',
            price: priceFor(venue, rand),
            genre: artist.genre,
            imageUrl: DEMO_ART.poster(artist.genre, 1),
            ticketUrl: ticketUrlFor(artist.name, person.city, date),
            description: describeConcert(artist, venue, rand),
            createdAt: new Date(now),
            updatedAt: new Date(now),
          },
          rand,
        ) as PlannedConcert['row'],
        artist,
        venue,
        past: false,
        startsAt: Date.parse(`${date}T00:00:00Z`) + 20 * HOUR,
      };
      return planned;
    }
    return null;
  })();
  if (announced) {
    concerts.push(announced);
    upcomingConcerts.push(announced);
  }

  const catalogued = new Date(now - 400 * DAY);

  const artists: NewArtist[] = ARTISTS.map((artist, index) => ({
    id: artistIds.get(artist.name)!,
    name: artist.name,
    genres: artist.genres,
    bio: artist.bio,
    imageUrl: DEMO_ART.poster(artist.genre, index % 2 === 0 ? 1 : 2),
    spotifyUrl: null,
    website: `https://www.example.com/artists/${slugify(artist.name)}`,
    country: artist.country,
    isVerified: index % 3 === 0,
    // Counted by the database as the follows are written (artist_follows_count).
    followerCount: 0,
    concertCount: concerts.filter((c) => c.artist === artist).length,
    createdAt: catalogued,
    updatedAt: catalogued,
  }));

  const venues: NewVenue[] = VENUES.map((venue, index) => {
    const ratings = reviews
      .filter((r) => r.concert.venue === venue)
      .map((r) => r.row.overallRating);
    const average = ratings.length ? ratings.reduce((sum, r) => sum + r, 0) / ratings.length : null;
    return {
      id: rand.uuid(),
      name: venue.name,
      city: venue.city,
      state: stateOf(venue.city),
      country: 'US',
      timeZone: timeZoneOfCity(venue.city),
      address: venue.address,
      capacity: venue.capacity,
      type: venue.type,
      amenities: venue.amenities,
      imageUrl: DEMO_ART.photos[index % DEMO_ART.photos.length]!,
      website: `https://www.example.com/venues/${slugify(venue.name)}`,
      averageRating: average === null ? null : Math.round(average * 100) / 100,
      reviewCount: ratings.length,
      createdAt: catalogued,
      updatedAt: catalogued,
    };
  });

  // Setlists for a handful of past concerts, favouring the most reviewed.
  const reviewCount = (c: PlannedConcert) => reviews.filter((r) => r.concert === c).length;
  const withSetlist = [...pastConcerts]
    .sort((x, y) => reviewCount(y) - reviewCount(x) || x.row.date.localeCompare(y.row.date))
    .slice(0, SETLIST_COUNT);
  const setlists: NewSetlist[] = withSetlist.map((concert) => {
    const order = rand.shuffle(concert.artist.songs);
    const encore = rand.int(1, 2);
    const posted = new Date(Math.min(concert.startsAt + DAY, now - HOUR));
    const note =
      concert.artist.genre !== 'classical' && rand.chance(0.5)
        ? rand.pick(SETLIST_NOTES).replace('{song}', rand.pick(concert.artist.songs))
        : null;
    return {
      id: rand.uuid(),
      concertId: concert.row.id,
      songs: order.slice(0, order.length - encore),
      encoreSongs: order.slice(order.length - encore),
      createdAt: posted,
      updatedAt: posted,
      notes: note,
      source: `https://setlists.example.com/${slugify(concert.artist.name)}/${concert.row.date}-${slugify(concert.venue.name)}`,
    };
  });

  // Songs heard live: some reviewers of a show with a setlist marked up to three highlights.
  const highlightRand = createRandom((options.seed ?? DEFAULT_SEED) + 2);
  for (const setlist of setlists) {
    const songs = [...setlist.songs!, ...setlist.encoreSongs!];
    for (const review of reviews.filter((r) => r.concert.row.id === setlist.concertId)) {
      if (highlightRand.chance(0.3)) continue;
      // The first songs are likelier: a band's set builds around its favourites.
      const favourites = songs.slice(0, Math.max(3, Math.ceil(songs.length / 2)));
      review.row.highlights = highlightRand.sample(favourites, highlightRand.int(1, 3));
    }
  }

  // Diaries: every review's show is "I was there", and each person was at a few past shows
  // they did not review; some are "Going" to shows ahead, the first person to the soonest.
  // A PRNG of its own, so the rest of the data stays as it was.
  const attendRand = createRandom((options.seed ?? DEFAULT_SEED) + 3);
  const attendance: NewAttendance[] = [];
  const mark = (person: PlannedPerson, concert: PlannedConcert, status: 'going' | 'attended') => {
    const at = new Date(Math.min(now - HOUR, concert.startsAt));
    attendance.push({
      userId: person.row.id,
      concertId: concert.row.id,
      status,
      concertDate: concert.row.date,
      createdAt: at,
      updatedAt: at,
    });
  };
  const soonest = [...upcomingConcerts].sort((x, y) => x.row.date.localeCompare(y.row.date))[0];
  for (const [index, person] of people.entries()) {
    const reviewed = new Set(
      reviews.filter((r) => r.author === person).map((r) => r.concert.row.id),
    );
    for (const concert of pastConcerts.filter((c) => reviewed.has(c.row.id))) {
      mark(person, concert, 'attended');
    }
    const unreviewed = pastConcerts.filter((c) => !reviewed.has(c.row.id));
    for (const concert of attendRand.sample(unreviewed, attendRand.int(2, 5))) {
      mark(person, concert, 'attended');
    }
    const going = attendRand.sample(
      upcomingConcerts.filter((c) => c !== soonest),
      attendRand.int(0, 2),
    );
    if (index === 0 && soonest) going.unshift(soonest);
    for (const concert of going) mark(person, concert, 'going');
  }

  return {
    venues,
    artists,
    users: people.map((p) => p.row),
    concerts: concerts.map((c) => c.row),
    setlists,
    reviews: reviews.map((r) => r.row),
    likes,
    comments,
    follows,
    attendance,
    wishlist,
    notifications,
    artistFollows,
    announcedShowId: announced?.row.id ?? null,
    counts: {
      users: people.length,
      concerts: concerts.length,
      pastConcerts: pastConcerts.length,
      upcomingConcerts: upcomingConcerts.length,
      venues: venues.length,
      artists: artists.length,
      setlists: setlists.length,
      reviews: reviews.length,
      likes: likes.length,
      comments: comments.length,
      follows: follows.length,
      attendance: attendance.length,
      wishlist: wishlist.length,
      notifications: notifications.length,
      artistFollows: artistFollows.length,
    } satisfies SeedDemoCounts,
  };
}

/**
 * A past show at a venue that hosts no other past show (so it has no reviews), by an
 * artist of a genre the room books; undefined if every room has had a show.
 */
function planQuietShow(
  rand: Random,
  concerts: PlannedConcert[],
  now: number,
  todayStart: number,
): PlannedConcert | undefined {
  const venue = VENUES.find((v) => !concerts.some((c) => c.past && c.venue === v));
  if (!venue) return undefined;
  const artist = ARTISTS.find((a) => venue.books.includes(a.genre)) ?? ARTISTS[0]!;
  const date = toIsoDate(new Date(todayStart - 12 * DAY));
  const listed = new Date(Math.min(now - HOUR, todayStart - 60 * DAY));
  const row = buildConcert(
    {
      id: rand.uuid(),
      artist: artist.name,
      venue: venue.name,
      city: venue.city,
      date,
      time: timeFor(artist.genre, rand),
      price: priceFor(venue, rand),
      genre: artist.genre,
      imageUrl: DEMO_ART.poster(artist.genre, 1),
      ticketUrl: null,
      description: describeConcert(artist, venue, rand),
      createdAt: listed,
      updatedAt: listed,
    },
    rand,
  ) as PlannedConcert['row'];
  return { row, artist, venue, past: true, startsAt: Date.parse(`${date}T00:00:00Z`) + 20 * HOUR };
}

function withPhotos(photos: string[]) {
  return { photos, media: mediaOfPhotoUrls(photos) };
}
