/**
 * Hand-written demo data: invented artists, venues and people (demo-catalogue.json, checked
 * here as it loads), plus the sentences fans write. Every name here is made up; addresses
 * sit on real streets so a city reads right, but no venue or artist is a real one. Art
 * lives in public/demo/ (see scripts/generate-demo-art.mjs) and is referenced by path,
 * never hot-linked.
 */
import { z } from 'zod';
import { CITIES, GENRES, type GenreSlug } from '#shared/limits';
import catalogueFile from './demo-catalogue.json' with { type: 'json' };

export type CityName = (typeof CITIES)[number]['name'];

export interface CatalogueArtist {
  name: string;
  genre: GenreSlug;
  /** All genres the artist is known for; the first is `genre`. */
  genres: GenreSlug[];
  country: string;
  bio: string;
  songs: string[];
}

export interface CatalogueVenue {
  name: string;
  city: CityName;
  address: string;
  capacity: number;
  type: string;
  /** Genres this room usually books. */
  books: GenreSlug[];
  amenities: string[];
  /** Half a sentence about the room, used in concert descriptions. */
  blurb: string;
}

export interface DemoPerson {
  firstName: string;
  lastName: string;
  username: string;
  bio: string;
  location: string;
  favoriteGenres: GenreSlug[];
  /** A bundled avatar, or null for someone who never uploaded one. */
  avatar: string | null;
  isVerified?: boolean;
}

export const DEMO_ART = {
  poster: (genre: GenreSlug, variant: 1 | 2) => `/demo/poster-${genre}-${variant}.svg`,
  photos: Array.from({ length: 8 }, (_, i) => `/demo/photo-${i + 1}.svg`),
  avatars: Array.from({ length: 8 }, (_, i) => `/demo/avatar-${i + 1}.svg`),
} as const;

const genreSlug = z.enum(GENRES.map((g) => g.slug) as [GenreSlug, ...GenreSlug[]]);
const cityName = z.enum(CITIES.map((c) => c.name) as [CityName, ...CityName[]]);

/** demo-catalogue.json as it is written: an artist's `genre` is the first of its `genres`. */
const catalogueFileSchema = z.object({
  artists: z.array(
    z.object({
      name: z.string().min(1),
      genres: z.array(genreSlug).min(1),
      country: z.string().length(2),
      bio: z.string().min(1),
      songs: z.array(z.string().min(1)).min(1),
    }),
  ),
  venues: z.array(
    z.object({
      name: z.string().min(1),
      city: cityName,
      address: z.string().min(1),
      capacity: z.number().int().positive(),
      type: z.string().min(1),
      books: z.array(genreSlug).min(1),
      amenities: z.array(z.string().min(1)),
      blurb: z.string().min(1),
    }),
  ),
  people: z.array(
    z.object({
      firstName: z.string().min(1),
      lastName: z.string().min(1),
      username: z.string().min(1),
      location: z.string().min(1),
      favoriteGenres: z.array(genreSlug),
      avatar: z.enum(DEMO_ART.avatars).nullable(),
      bio: z.string().min(1),
      isVerified: z.boolean().default(false),
    }),
  ),
});

// The JSON is read once, when the seed loads; a malformed entry fails here, by name, rather
// than as a database error halfway through seeding.
const catalogue = catalogueFileSchema.parse(catalogueFile);

export const ARTISTS: readonly CatalogueArtist[] = catalogue.artists.map((artist) => ({
  ...artist,
  genre: artist.genres[0]!,
}));

export const VENUES: readonly CatalogueVenue[] = catalogue.venues;

export const DEMO_PEOPLE: readonly DemoPerson[] = catalogue.people;

/** First and last names the factories combine for throwaway people in tests. */
export const FIRST_NAMES = [
  'Alex',
  'Brooke',
  'Carmen',
  'Dev',
  'Emma',
  'Felix',
  'Gia',
  'Hugo',
  'Iris',
  'Jonah',
  'Kira',
  'Luis',
  'Mina',
  'Noah',
  'Olive',
  'Pablo',
  'Quinn',
  'Rosa',
  'Theo',
  'Uma',
] as const;
export const LAST_NAMES = [
  'Adams',
  'Baptiste',
  'Costa',
  'Dubois',
  'Evans',
  'Flores',
  'Greene',
  'Hart',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Moreau',
  'Nguyen',
  'Ortiz',
  'Patel',
  'Quinlan',
  'Russo',
  'Singh',
  'Tran',
] as const;

/** One closing sentence per genre for concert descriptions. */
export const GENRE_PITCH: Record<GenreSlug, readonly string[]> = {
  rock: [
    'Expect loud guitars, a long encore and a floor that moves as one.',
    'Bring earplugs: this is a band that plays every song like it is the last one of the tour.',
  ],
  pop: [
    'Expect big choruses, costume changes and several thousand people singing every word.',
    'The production is huge, the hooks are bigger, and the confetti cannons are not optional.',
  ],
  'hip-hop': [
    'Expect a live band, a DJ who keeps the energy up between songs and a crowd that knows every verse.',
    'Come early for the openers; the whole bill is worth hearing.',
  ],
  electronic: [
    'Expect a full light show, a sound system tuned for the room and a set that runs late.',
    'Doors open early and the room is dancing well before the headliner steps up.',
  ],
  country: [
    'Expect fiddle, pedal steel, a few tearjerkers and plenty of room to two-step.',
    'Boots are encouraged; the dance floor will be full by the second song.',
  ],
  indie: [
    'Expect new songs alongside the favourites and a band that clearly loves playing together.',
    'A night of jangling guitars, sing-along choruses and the occasional quiet moment that hushes the room.',
  ],
  jazz: [
    'Two sets, long solos and plenty of room for the band to stretch out.',
    'Arrive early for a table; the second set usually catches fire.',
  ],
  classical: [
    'The programme runs about two hours with an interval; a pre-concert talk starts an hour before.',
    'Latecomers are seated at a suitable break. The hall opens forty-five minutes before the downbeat.',
  ],
};

/**
 * Review sentences by aspect and how it went. Placeholders: {artist}, {venue}, {city},
 * {song}. Tiers: high (4 and above), mid (3 to 3.5), low (2.5 and below).
 */
export type Tier = 'high' | 'mid' | 'low';
export type Aspect = 'opener' | 'performance' | 'sound' | 'venue' | 'value' | 'closer';

export const REVIEW_SNIPPETS: Record<Aspect, Record<Tier, readonly string[]>> = {
  opener: {
    high: [
      'I have seen {artist} four times now and this was the best one, no contest.',
      'What a night.',
      'Went in with high expectations and still walked out grinning.',
      'Finally caught {artist} live and it was worth the wait.',
      'Bought the ticket on a whim and it turned into one of my favourite shows this year.',
      'Still buzzing the morning after.',
    ],
    mid: [
      'Solid show, if not quite the one I was hoping for.',
      'A good night out with a few frustrations.',
      'Mixed feelings about this one.',
      'First time seeing {artist} and it was a decent introduction.',
    ],
    low: ['I really wanted to love this.', 'Honestly a letdown.', 'Not the night I paid for.'],
  },
  performance: {
    high: [
      '{artist} came out locked in from the first note, and the extended version of "{song}" brought the whole room to its feet.',
      'They played for almost two hours without a dull moment, and "{song}" in the middle of the set gave me chills.',
      'You could tell they were having fun up there; the banter was funny and the playing was tight.',
      'The vocals sounded even better than the record, especially on "{song}".',
      'They reworked "{song}" into something slower and sadder and it absolutely floored me.',
    ],
    mid: [
      'The performance was fine but a bit by-the-numbers; "{song}" was the only moment it really took off.',
      'They played well but the set was short, barely seventy minutes including the encore.',
      'The first half dragged, although things picked up nicely once they got to "{song}".',
      'Good musicianship, not much connection with the crowd.',
    ],
    low: [
      'The set felt rushed and they skipped "{song}", which is the one everyone came for.',
      'Started forty minutes late and seemed distracted the whole time.',
      'The vocals were off for most of the night and nobody on stage seemed to notice.',
    ],
  },
  sound: {
    high: [
      'The sound was crystal clear, loud but never harsh, and you could pick out every instrument.',
      'Whoever was on the sound desk deserves a raise: perfectly balanced all night.',
      'The bass was warm and full without swallowing the vocals.',
    ],
    mid: [
      'Sound was good from the middle of the room but muddy near the bar.',
      'The vocals were a little buried for the first few songs until the mix settled.',
      'A bit too loud for the size of the room; bring earplugs.',
    ],
    low: [
      'The mix was a mess: all kick drum, barely any vocals.',
      'Feedback squeals kept interrupting the quiet songs.',
      'The sound cut out twice during the set, which killed the momentum.',
    ],
  },
  venue: {
    high: [
      '{venue} is a great room, good sightlines from everywhere and the bar lines moved fast.',
      'The staff at {venue} were friendly and the whole place felt well run.',
      'I love {venue}; it is the right size for this kind of show.',
    ],
    mid: [
      '{venue} was packed and hot, and the lines for the bathroom were brutal.',
      'The sightlines at {venue} are not great if you are under six feet.',
      'Getting in took almost an hour, but once inside {venue} was comfortable enough.',
    ],
    low: [
      'Security at {venue} was disorganised and the floor was dangerously overcrowded.',
      'The air conditioning at {venue} gave up halfway through and the room turned into a sauna.',
      '{venue} oversold the floor badly; I spent most of the night staring at the back of a pillar.',
    ],
  },
  value: {
    high: [
      'For the ticket price this was a steal.',
      'Worth every cent, and the merch was reasonably priced too.',
      'Would happily have paid double.',
    ],
    mid: [
      'Tickets were a bit steep once the fees were added, but I do not regret going.',
      'Drinks were expensive, so budget for that.',
      'Fair price for what you get, nothing more.',
    ],
    low: [
      'Way overpriced for such a short set.',
      'Between the fees, the parking and the twelve-dollar beers, it was hard to justify.',
      'Not worth the money this time around.',
    ],
  },
  closer: {
    high: [
      'Next time they come through {city} I am buying tickets the minute they go on sale.',
      'Go if you get the chance.',
      'Already looking for the next date.',
      'Easily a top-five show of the year for me.',
    ],
    mid: [
      'I would see them again, but maybe at a different venue.',
      'Worth it for the fans; casual listeners might want to wait for a festival slot.',
      'Good, not great.',
    ],
    low: [
      'Hoping it was just an off night.',
      'I will stick to the records for now.',
      'Cannot really recommend this one.',
    ],
  },
};

/** Classical concerts are reviewed in other words; these replace the matching tiers. */
export const CLASSICAL_SNIPPETS: Partial<Record<Aspect, Record<Tier, readonly string[]>>> = {
  performance: {
    high: [
      'You could hear a pin drop during {song}, and the ovation afterwards went on for minutes.',
      '{artist} played with real fire and real tenderness; {song} was the highlight of my concert year.',
      'The reading of {song} was fresh without being fussy, and the encore was a gift.',
    ],
    mid: [
      'Technically impressive, though {song} felt a little cautious.',
      'The first half was lovely; the second, {song} included, never quite caught fire.',
      'Beautifully played but a touch reserved for my taste.',
    ],
    low: [
      'The ensemble was scrappy in {song} and never really recovered.',
      'Tempos were all over the place, and {song} sounded under-rehearsed.',
    ],
  },
  sound: {
    high: [
      'The acoustic was glorious: every pianissimo carried to the back row.',
      'Warm, clear and perfectly balanced from my seat in the balcony.',
    ],
    mid: [
      'The acoustic was a little dry from the side seats.',
      'Plenty of coughing between movements, but the sound itself was decent.',
    ],
    low: [
      'An air-conditioning hum ran through every quiet passage.',
      'From the back of the hall the sound was thin and distant.',
    ],
  },
};

/** Self-contained reviews for factory defaults, where no concert is known. */
export const GENERIC_REVIEWS: readonly string[] = [
  'Great energy from start to finish. The sound was clear and the crowd was into it all night.',
  'Solid show. The band sounded tight, though the set was a little shorter than I hoped.',
  'One of the best concerts I have been to in years. Worth every cent.',
  'The opening act was a nice surprise and the headliner delivered every song I wanted to hear.',
  'Good performance, but the venue was overcrowded and the drinks were overpriced.',
  'Loved it. Clear sound, friendly staff and an encore that went on forever.',
];

/** Replies people leave under reviews. Placeholders as in REVIEW_SNIPPETS. */
export const COMMENT_SNIPPETS: readonly string[] = [
  'Totally agree, that encore was unreal.',
  'I was there too! Where were you standing?',
  'Great write-up. Now I regret skipping this one.',
  'The sound was better on the balcony, for what it is worth.',
  'Did they play "{song}"? Seeing them next month and I need to know.',
  'Same experience with the lines at {venue}. They really need more bar staff.',
  'Fair review. I would have gone half a star higher but I get it.',
  'Saving this for when they come back to {city}.',
  'That cover in the middle of the set caught me off guard in the best way.',
  'Thanks for the tip about earplugs!',
  'Hard disagree on the sound, it was perfect where I was.',
  'This is exactly how I felt walking out.',
  'Your photos are great!',
  'Was the opener worth getting there early for?',
  'Adding {artist} to my list after reading this.',
  'Parking was a nightmare for me too.',
  'Honestly one of their best tours.',
  'The crowd was so good that night.',
];

/** Extra notes that appear on some setlists. */
export const SETLIST_NOTES: readonly string[] = [
  'Played "{song}" acoustic, solo, for the first time on this tour.',
  'Encore started from the middle of the floor.',
  'Opener joined them on stage for the last song.',
  'Dedicated "{song}" to the crew on their last night of the tour.',
  'Extended jam before the encore, about twelve minutes.',
];

export const CITY_NAMES: readonly CityName[] = CITIES.map((c) => c.name);
export const GENRE_SLUGS: readonly GenreSlug[] = GENRES.map((g) => g.slug);

export function stateOf(city: string): string | null {
  return CITIES.find((c) => c.name === city)?.state ?? null;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
