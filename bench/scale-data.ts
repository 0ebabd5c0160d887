/**
 * Fills a PostgreSQL database with production-sized data for the load and EXPLAIN
 * benchmarks: 50k concerts, 100k users, 1M reviews, 5M review likes, some comments,
 * 1M follows and the timelines they make, and the few people bench:fanout needs.
 *
 *   npm run bench:data                 # reuse the database, replace its data
 *   npm run bench:data -- --fresh      # drop and recreate the database first
 *   npm run bench:data -- --scale=0.1  # a tenth of every count (quick check)
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/encore_bench) names the
 * database; it is created when missing and migrated with the project's migrations. Its
 * name must contain "bench" (the data already in it is replaced), unless --force.
 *
 * Everything is set-based SQL (INSERT ... SELECT generate_series) in one transaction.
 * Keys, unique constraints, foreign keys and secondary indexes of the bulk tables are
 * dropped for the load and recreated from their own definitions afterwards, so the
 * schema ends exactly as migrated and PostgreSQL re-validates every unique pair and
 * foreign key. CHECK constraints stay in place during the load.
 */
import pg from 'pg';
import { openDatabase } from '../src/server/db/index.ts';
import {
  ARTIST_ADJECTIVES,
  benchDatabaseUrl,
  CRITIC_REVIEWS,
  FANOUT_PEOPLE,
} from './bench-config.ts';

const args = process.argv.slice(2);
const fresh = args.includes('--fresh');
const force = args.includes('--force');
const scaleArg = args.find((a) => a.startsWith('--scale='));
const scale = scaleArg ? Number(scaleArg.slice('--scale='.length)) : 1;
if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
  console.error('--scale must be a number in (0, 10]');
  process.exit(2);
}

const COUNTS = {
  concerts: Math.round(50_000 * scale),
  users: Math.round(100_000 * scale),
  reviews: Math.round(1_000_000 * scale),
  reviewLikes: Math.round(5_000_000 * scale),
  /** Share of reviews that get a discussion of one to three comments. */
  commentedShare: 0.1,
  /** People who follow FOLLOWS_EACH_HEAVY others: the Following timeline's viewers. */
  heavyFollowers: Math.round(1_000 * scale),
  /** Those everyone else follows first: each gets about a tenth of the others as followers. */
  stars: 10,
  /** How many the rest follow each, the first of them a star. */
  followsEachOther: 5,
  /** Marks on concerts ("Going", "I was there"), those of every review included. */
  attendance: Math.round(5_000_000 * scale),
  /** The diary's heaviest people (users 1..n): DIARY_HEAVY_SHOWS past shows each. */
  heavyDiarists: 20,
  /** Share of past concerts with a setlist (songs heard live). */
  setlistShare: 0.25,
};
/** As many shows as the diary is held to serve one person from indexes and one aggregate. */
const DIARY_HEAVY_SHOWS = 3_000;
/** Songs a bench setlist holds, and how many an artist has to draw them from. */
const SETLIST_SONGS = 18;
const ARTIST_REPERTOIRE = 40;
/** As many as the Following timeline is held to serve from indexes. */
const FOLLOWS_EACH_HEAVY = 500;

/** Tables whose keys and indexes are dropped during the load and rebuilt after it. */
const BULK_TABLES = [
  'users',
  'concerts',
  'reviews',
  'review_likes',
  'review_comments',
  'user_follows',
  'timeline_entries',
  'attendance',
  'setlists',
  'diary_songs',
];

// ---------------------------------------------------------------------------
// Vocabulary. Artist names are "<Adjective> <Noun>": 24 x 20 = 480 artists, so every
// adjective ("midnight", "velvet", ...) is a search fragment matching 1/24 of concerts.
// An artist's genre is fixed by (adjective + noun) mod 8, so each adjective has 2-3
// artists in every genre.

const ARTIST_NOUNS = [
  'Foxes',
  'Harbor',
  'Tigers',
  'Echoes',
  'Rivers',
  'Lanterns',
  'Ghosts',
  'Mountains',
  'Parade',
  'Satellites',
  'Wolves',
  'Machines',
  'Orchestra',
  'Collective',
  'Hearts',
  'Pilots',
  'Gardens',
  'Saints',
  'Radio',
  'Trains',
];
const VENUE_PREFIXES = [
  'Riverside',
  'Union',
  'Majestic',
  'Liberty',
  'Grand',
  'Paramount',
  'Lakeside',
  'Empire',
  'Orpheum',
  'Fillmore',
  'Harbor',
  'Summit',
  'Regent',
  'Copper',
  'Mission',
];
const VENUE_KINDS = [
  'Hall',
  'Theater',
  'Ballroom',
  'Arena',
  'Club',
  'Amphitheater',
  'Lounge',
  'Pavilion',
  'Music Hall',
  'Opera House',
  'Garden',
  'Stage',
];
const CITIES = ['Los Angeles', 'New York', 'Chicago', 'Austin', 'Seattle', 'Denver'];
const GENRES = ['rock', 'pop', 'hip-hop', 'electronic', 'country', 'indie', 'jazz', 'classical'];
const TIMES = [
  '6:30 PM',
  '7:00 PM',
  '7:30 PM',
  '8:00 PM',
  '8:00 PM',
  '8:30 PM',
  '9:00 PM',
  '10:00 PM',
];
const FIRST_NAMES = [
  'Maya',
  'Liam',
  'Ava',
  'Noah',
  'Zoe',
  'Ethan',
  'Mia',
  'Lucas',
  'Ella',
  'Mateo',
  'Aria',
  'Leo',
  'Chloe',
  'Kai',
  'Nora',
  'Omar',
  'Ivy',
  'Jonah',
  'Priya',
  'Diego',
  'Hana',
  'Felix',
  'Sofia',
  'Theo',
  'Amara',
  'Ravi',
  'Lena',
  'Jude',
  'Yuki',
  'Sam',
];
const LAST_NAMES = [
  'Okonkwo',
  'Nguyen',
  'Garcia',
  'Smith',
  'Kowalski',
  'Haddad',
  'Rossi',
  'Kim',
  'Patel',
  'Johnson',
  'Silva',
  'Müller',
  'Cohen',
  'Brown',
  'Tanaka',
  'Martin',
  'Lopez',
  'Walker',
  'Novak',
  'Reyes',
  'Fischer',
  'Moreau',
  'Ahmed',
  'Larsen',
];
const REVIEW_SENTENCES = [
  'The band opened with a song nobody expected and the room went wild.',
  'Sound was crisp from the back of the floor, every instrument sat in its place.',
  'Tickets were pricey but the three-hour set made it worth every cent.',
  'The venue staff were friendly and the lines for drinks moved quickly.',
  'A little too loud near the speakers, bring earplugs if you stand close.',
  'The encore was pure magic, two deep cuts and a singalong to close.',
  'Lighting design was gorgeous, especially during the slower middle section.',
  'Parking was a nightmare, take the train if you can.',
  'The opener deserves a shout-out, I will be checking out their record.',
  'Crowd was respectful and the energy never dropped for a second.',
  'Vocals were a bit buried in the mix for the first few songs.',
  'Best show I have seen this year, hands down.',
  'The acoustics in this room are unbeatable for this kind of music.',
  'They played the whole new album plus most of the classics.',
  'Seats in the balcony had a clear view of the stage all night.',
  'It started forty minutes late but nobody seemed to mind once it got going.',
  'Merch was reasonably priced and the posters were beautiful.',
  'An intimate show, it felt like they were playing just for us.',
  'The drummer stole the show with a ridiculous solo in the second half.',
  'Would absolutely go again next time they come through town.',
];
const COMMENT_TEXTS = [
  'Totally agree!',
  'I was there too, what a night.',
  'Great review, thanks for sharing.',
  'The encore was unreal.',
  'Wish I had gone, next time for sure.',
  'Which song did they open with?',
  'Sound was better from the balcony in my opinion.',
  'Same here, the opener was fantastic.',
  'How was the parking?',
  'Saving this for when they tour again.',
];

// ---------------------------------------------------------------------------

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(', ')}]::text[]`;
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function adminUrl(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Primes that do not divide `n`: stepping by one of them visits distinct residues mod n. */
function coprimeSteps(n: number): number[] {
  const primes = [7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83];
  return primes.filter((p) => n % p !== 0);
}

async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    if (fresh) {
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      console.log(`dropped database ${name}`);
    }
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

interface SavedDefinition {
  table: string;
  name: string;
  kind: 'fk' | 'key' | 'index';
  definition: string;
}

/** Definitions of everything dropped for the load, read back from the catalog. */
async function saveDefinitions(client: pg.Client): Promise<SavedDefinition[]> {
  const constraints = await client.query<{
    table: string;
    name: string;
    type: string;
    definition: string;
  }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.contype AS type,
            pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c
      WHERE c.connamespace = 'public'::regnamespace
        AND ((c.contype IN ('p', 'u') AND c.conrelid::regclass::text = ANY($1))
          OR (c.contype = 'f' AND (c.conrelid::regclass::text = ANY($1)
                                   OR c.confrelid::regclass::text = ANY($1))))
      ORDER BY c.conname`,
    [BULK_TABLES],
  );
  const indexes = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT i.indrelid::regclass::text AS table, ic.relname AS name,
            pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
      WHERE i.indrelid::regclass::text = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY ic.relname`,
    [BULK_TABLES],
  );
  return [
    ...constraints.rows.map((r) => ({
      table: r.table,
      name: r.name,
      kind: r.type === 'f' ? ('fk' as const) : ('key' as const),
      definition: r.definition,
    })),
    ...indexes.rows.map((r) => ({ ...r, kind: 'index' as const })),
  ];
}

async function main(): Promise<void> {
  const url = benchDatabaseUrl();
  const name = databaseName(url);
  if (!name.includes('bench') && !force) {
    console.error(
      `Refusing to replace the data of "${name}": its name has no "bench" (use --force).`,
    );
    process.exit(2);
  }
  const started = performance.now();
  await ensureDatabase(url);

  const database = await openDatabase({ databaseUrl: url, dataDir: 'data/bench-unused' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  console.log(`migrated ${name} in ${seconds(performance.now() - started)}`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings: { step: string; ms: number; rows?: number }[] = [];
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(sql, params);
    const ms = performance.now() - t0;
    timings.push({ step: label, ms, rows: result.rowCount ?? undefined });
    const rows = result.rowCount ? `${result.rowCount.toLocaleString('en-US')} rows, ` : '';
    console.log(`  ${label.padEnd(44)} ${rows}${seconds(ms)}`);
    return result;
  };

  try {
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '1GB'`);
    await client.query(`SET work_mem = '256MB'`);
    await client.query(`SET max_parallel_maintenance_workers = 2`);
    await client.query('BEGIN');
    await client.query('SELECT setseed(0.2024)');
    await client.query(
      `CREATE FUNCTION pg_temp.bench_uuid(seed text) RETURNS uuid
         LANGUAGE sql IMMUTABLE
         AS $$ SELECT overlay(overlay(md5(seed) placing '4' from 13) placing '8' from 17)::uuid $$`,
    );

    console.log('clearing and unindexing bulk tables');
    // timeline_entries refers to users and reviews without foreign keys: named, not cascaded
    // to. So do the league tables, which the app rebuilds at start-up when they are empty.
    await step(
      'truncate',
      'TRUNCATE users, concerts, artists, venues, timeline_entries, league_entries RESTART IDENTITY CASCADE',
    );
    const saved = await saveDefinitions(client);
    for (const d of saved.filter((s) => s.kind === 'fk')) {
      await client.query(
        `ALTER TABLE ${quoteIdent(d.table)} DROP CONSTRAINT ${quoteIdent(d.name)}`,
      );
    }
    for (const d of saved.filter((s) => s.kind === 'key')) {
      await client.query(
        `ALTER TABLE ${quoteIdent(d.table)} DROP CONSTRAINT ${quoteIdent(d.name)}`,
      );
    }
    for (const d of saved.filter((s) => s.kind === 'index')) {
      await client.query(`DROP INDEX ${quoteIdent(d.name)}`);
    }
    console.log(
      `  dropped ${saved.filter((s) => s.kind === 'fk').length} foreign keys, ` +
        `${saved.filter((s) => s.kind === 'key').length} keys, ` +
        `${saved.filter((s) => s.kind === 'index').length} indexes`,
    );

    // The triggers that keep follow, review and comment counters and timelines would run
    // once per row; the load sets them from the rows afterwards instead. (New reviews' and
    // follows' timeline entries are written by jobs, which a load does not add.)
    await client.query('ALTER TABLE reviews DISABLE TRIGGER concert_review_totals');
    await client.query('ALTER TABLE review_comments DISABLE TRIGGER review_comments_count');
    await client.query('ALTER TABLE user_follows DISABLE TRIGGER user_follows_counts');
    await client.query('ALTER TABLE user_follows DISABLE TRIGGER user_follows_timeline');
    await client.query('ALTER TABLE attendance DISABLE TRIGGER diary_songs_of_marks');
    await client.query('ALTER TABLE attendance DISABLE TRIGGER attendance_concert_links');
    await client.query('ALTER TABLE setlists DISABLE TRIGGER diary_songs_of_setlists');

    console.log('loading');
    const loadStarted = performance.now();
    await step(
      'users',
      `INSERT INTO users (id, email, username, first_name, last_name, profile_image_url, bio,
                          location, is_verified, is_private, favorite_genres, auth_issuer,
                          auth_subject, created_at, updated_at)
       SELECT pg_temp.bench_uuid('u' || g), 'fan' || g || '@bench.example.com', 'fan_' || g,
              (${sqlArray(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}],
              (${sqlArray(LAST_NAMES)})[1 + (g * 13) % ${LAST_NAMES.length}],
              CASE WHEN s.r1 < 0.5 THEN '/demo/avatar-' || (1 + g % 8) || '.svg' END,
              CASE WHEN s.r2 < 0.3 THEN 'Live music every weekend. Front row or nothing.' END,
              (${sqlArray(CITIES)})[1 + g % ${CITIES.length}],
              s.r3 < 0.02, s.r3 > 0.97,
              ARRAY[(${sqlArray(GENRES)})[1 + g % 8], (${sqlArray(GENRES)})[1 + (g / 8) % 8]],
              'https://bench.invalid/oidc', 'bench-' || g, s.created, s.created
         FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3,
                      now() - random() * interval '3 years' AS created
                 FROM generate_series(1, $1::int) g) s`,
      [COUNTS.users],
    );

    // Concert g: artist, venue and date drawn at random; the venue fixes the city.
    const artists = ARTIST_ADJECTIVES.length * ARTIST_NOUNS.length;
    const venues = VENUE_PREFIXES.length * VENUE_KINDS.length;
    await step(
      'concerts',
      `INSERT INTO concerts (id, artist, venue, city, date, time, price, genre, image_url,
                             ticket_url, description, created_at, updated_at)
       SELECT pg_temp.bench_uuid('c' || g), a.artist, v.venue, v.city, s.day,
              (${sqlArray(TIMES)})[1 + s.t], '$' || (15 + 5 * s.p), a.genre,
              '/demo/poster-' || a.genre || '-' || (1 + g % 2) || '.svg',
              CASE WHEN s.day >= current_date
                   THEN 'https://tickets.example.com/events/bench-' || g END,
              a.artist || ' live at ' || v.venue || ', ' || v.city || '. An evening of ' ||
                a.genre || ' you will talk about for weeks.',
              now() - random() * interval '30 days', now()
         FROM (SELECT g, floor(random() * ${artists})::int AS ak,
                      floor(random() * ${venues})::int AS vk,
                      current_date - 730 + floor(random() * 1461)::int AS day,
                      floor(random() * ${TIMES.length})::int AS t,
                      floor(random() * 38)::int AS p
                 FROM generate_series(1, $1::int) g) s
         CROSS JOIN LATERAL (
           SELECT (${sqlArray(ARTIST_ADJECTIVES)})[1 + s.ak % ${ARTIST_ADJECTIVES.length}] || ' ' ||
                  (${sqlArray(ARTIST_NOUNS)})[1 + s.ak / ${ARTIST_ADJECTIVES.length}] AS artist,
                  (${sqlArray(GENRES)})[1 + (s.ak % ${ARTIST_ADJECTIVES.length} + s.ak / ${ARTIST_ADJECTIVES.length}) % 8] AS genre
         ) a
         CROSS JOIN LATERAL (
           SELECT (${sqlArray(VENUE_PREFIXES)})[1 + s.vk % ${VENUE_PREFIXES.length}] || ' ' ||
                  (${sqlArray(VENUE_KINDS)})[1 + s.vk / ${VENUE_PREFIXES.length}] AS venue,
                  (${sqlArray(CITIES)})[1 + s.vk % ${CITIES.length}] AS city
         ) v`,
      [COUNTS.concerts],
    );

    // Reviews: past concerts only, a skewed number each (u^2 * k), distinct reviewers per
    // concert by stepping through the user numbers with a step coprime to their count.
    const steps = coprimeSteps(COUNTS.users);
    await client.query(
      `CREATE TEMP TABLE bench_review_plan ON COMMIT DROP AS
       SELECT id AS concert_id, date AS day, random() AS u,
              floor(random() * $1::int)::int AS user_offset,
              (ARRAY[${steps.join(',')}])[1 + floor(random() * ${steps.length})::int] AS user_step,
              0 AS n
         FROM concerts WHERE date < current_date ORDER BY id`,
      [COUNTS.users],
    );
    const reviewsPerConcert = await fitMultiplier(
      client,
      (k) =>
        `SELECT sum(least(greatest(1, floor(u * u * ${k})), ${COUNTS.users - 1}))::bigint AS total
           FROM bench_review_plan`,
      COUNTS.reviews,
      3 * (COUNTS.reviews / Math.max(1, COUNTS.concerts / 2)),
    );
    await client.query(
      `UPDATE bench_review_plan
          SET n = least(greatest(1, floor(u * u * $1::float8)), $2::int)::int`,
      [reviewsPerConcert, COUNTS.users - 1],
    );
    const rating = `((2 + floor(power(random(), 0.6) * 9)) / 2)::numeric(2,1)`;
    const sentence = `(${sqlArray(REVIEW_SENTENCES)})[1 + floor(random() * ${REVIEW_SENTENCES.length})::int]`;
    await step(
      'reviews',
      `INSERT INTO reviews (user_id, concert_id, overall_rating, performance_rating,
                            sound_rating, venue_rating, value_rating, review_text, photos,
                            media, likes, created_at, updated_at)
       SELECT pg_temp.bench_uuid('u' || (1 + (p.user_offset + j * p.user_step) % $1::int)),
              p.concert_id, ${rating}, ${rating}, ${rating}, ${rating}, ${rating},
              left(CASE WHEN random() < 0.02
                        THEN repeat(${sentence} || ' ' || ${sentence} || ' ', 12)
                        ELSE ${sentence} ||
                             CASE WHEN random() < 0.8 THEN ' ' || ${sentence} ELSE '' END ||
                             CASE WHEN random() < 0.5 THEN ' ' || ${sentence} ELSE '' END ||
                             CASE WHEN random() < 0.2 THEN ' ' || ${sentence} ELSE '' END
                   END, 2000),
              ph.photos,
              (SELECT coalesce(jsonb_agg(jsonb_build_object(
                        'id', gen_random_uuid()::text, 'url', url, 'thumbnailUrl', url, 'kind', 'image',
                        'contentType', 'image/svg+xml', 'width', null, 'height', null,
                        'altText', null)), '[]'::jsonb)
                 FROM unnest(ph.photos) url),
              0, c.at, c.at
         FROM bench_review_plan p
         CROSS JOIN LATERAL generate_series(0, p.n - 1) j
         CROSS JOIN LATERAL (
           -- j >= 0 ties the draw to each review rather than one for all.
           SELECT CASE WHEN j >= 0 AND random() < 0.1
                       THEN ARRAY['/demo/photo-' || (1 + floor(random() * 8)::int) || '.svg']
                       ELSE '{}'::text[] END AS photos
         ) ph
         CROSS JOIN LATERAL (
           SELECT (p.day + time '23:00')::timestamptz + random() *
                  least(interval '45 days', now() - (p.day + time '23:00')::timestamptz) AS at
         ) c
        LIMIT $2::int`,
      [COUNTS.users, COUNTS.reviews],
    );

    // Likes: a skewed count per review (u^4 * k, u from the review id's hash), distinct
    // users per review by the same coprime stepping.
    const likeHash = `(abs(hashtext(r.id::text || 'n')) % 1000000) / 1000000.0`;
    const likesPerReview = await fitMultiplier(
      client,
      (k) =>
        `SELECT sum(least(floor(power(${likeHash}, 4) * ${k}), ${COUNTS.users - 1}))::bigint AS total
           FROM reviews r`,
      COUNTS.reviewLikes,
      5 * (COUNTS.reviewLikes / Math.max(1, COUNTS.reviews)) + 2.5,
    );
    await step(
      'review_likes',
      `INSERT INTO review_likes (user_id, review_id, created_at)
       SELECT pg_temp.bench_uuid('u' || (1 + (h.off + j * h.step) % $1::int)), r.id,
              least(now(), r.created_at + random() * interval '20 days')
         FROM reviews r
         CROSS JOIN LATERAL (
           SELECT abs(hashtext(r.id::text)) % $1::int AS off,
                  (ARRAY[${steps.join(',')}])[1 + abs(hashtext(r.id::text || 's')) % ${steps.length}] AS step,
                  least(floor(power(${likeHash}, 4) * $3::float8), $1::int - 1)::int AS n
         ) h
         CROSS JOIN LATERAL generate_series(0, h.n - 1) j
        LIMIT $2::int`,
      [COUNTS.users, COUNTS.reviewLikes, likesPerReview],
    );

    await step(
      'review_comments',
      `INSERT INTO review_comments (review_id, user_id, comment_text, created_at, updated_at)
       SELECT r.id, pg_temp.bench_uuid('u' || (1 + abs(hashtext(r.id::text || j)) % $1::int)),
              (${sqlArray(COMMENT_TEXTS)})[1 + abs(hashtext(r.id::text || j || 't')) % ${COMMENT_TEXTS.length}],
              c.at, c.at
         FROM reviews r
         CROSS JOIN LATERAL generate_series(1, 1 + abs(hashtext(r.id::text || 'k')) % 3) j
         CROSS JOIN LATERAL (
           SELECT least(now(), r.created_at + random() * interval '10 days') AS at
         ) c
        WHERE abs(hashtext(r.id::text || 'c')) % 1000 < $2::int`,
      [COUNTS.users, Math.round(COUNTS.commentedShare * 1000)],
    );

    // Follows: users 1..heavyFollowers follow FOLLOWS_EACH_HEAVY people each, stepping
    // through the user numbers (distinct, never themselves); everyone else follows one of
    // the stars, whose followers run to about a tenth of all users, and a few more beyond
    // the stars. Counters and timelines are set from the rows afterwards, as the triggers
    // would have.
    await step(
      'user_follows',
      `INSERT INTO user_follows (follower_id, following_id, created_at)
       SELECT pg_temp.bench_uuid('u' || f.n), pg_temp.bench_uuid('u' || t.n),
              now() - random() * interval '365 days'
         FROM generate_series(1, $1::int) f(n)
         CROSS JOIN LATERAL (
           SELECT (ARRAY[${steps.join(',')}])[1 + f.n % ${steps.length}] AS step
         ) s
         CROSS JOIN LATERAL (
           SELECT 1 + (f.n + j * s.step) % $2::int AS n
             FROM generate_series(1, $3::int) j
            WHERE f.n <= $4::int
           UNION
           SELECT 1 + f.n % $5::int WHERE f.n > $4::int
           UNION
           SELECT n FROM (
             SELECT $5::int + 1 + (f.n + j * s.step) % ($2::int - $5::int) AS n
               FROM generate_series(1, $6::int - 1) j
              WHERE f.n > $4::int
           ) others WHERE others.n <> f.n
         ) t`,
      [
        COUNTS.users,
        COUNTS.users,
        FOLLOWS_EACH_HEAVY,
        COUNTS.heavyFollowers,
        COUNTS.stars,
        COUNTS.followsEachOther,
      ],
    );
    // bench:fanout's people come after every random draw above, and draw nothing themselves
    // (hashes of the concert ids instead), so the rest of the data is the same with them.
    await step(
      'bench:fanout people',
      `INSERT INTO users (id, email, username, first_name, last_name, favorite_genres,
                          auth_issuer, auth_subject, created_at, updated_at)
       SELECT pg_temp.bench_uuid('p' || p.username), p.username || '@bench.example.com',
              p.username, p.first_name, p.last_name, ARRAY['rock', 'indie'],
              'https://bench.invalid/oidc', p.username, now() - interval '3 years',
              now() - interval '3 years'
         FROM (VALUES ($1, 'Rita', 'Critic'), ($2, 'Nico', 'Newcomer'), ($3, 'Uma', 'Unfollowed'))
              p(username, first_name, last_name)`,
      [FANOUT_PEOPLE.critic, FANOUT_PEOPLE.newcomer, FANOUT_PEOPLE.unfollowed],
    );
    await step(
      `${FANOUT_PEOPLE.critic}'s reviews`,
      `INSERT INTO reviews (user_id, concert_id, overall_rating, performance_rating,
                            sound_rating, venue_rating, value_rating, review_text, created_at,
                            updated_at)
       SELECT pg_temp.bench_uuid('p' || $1), c.id, h.rating, h.rating, h.rating, h.rating,
              h.rating, (${sqlArray(REVIEW_SENTENCES)})[1 + h.n % ${REVIEW_SENTENCES.length}],
              h.at, h.at
         FROM (SELECT id, date FROM concerts WHERE date < current_date
                ORDER BY md5(id) LIMIT $2::int) c
         CROSS JOIN LATERAL (SELECT abs(hashtext(c.id || 'critic')) AS n) x
         CROSS JOIN LATERAL (
           SELECT ((2 + x.n % 9) / 2.0)::numeric(2,1) AS rating, x.n,
                  (c.date + time '23:00')::timestamptz + (x.n % 1000) / 1000.0 *
                    least(interval '45 days', now() - (c.date + time '23:00')::timestamptz) AS at
         ) h`,
      [FANOUT_PEOPLE.critic, CRITIC_REVIEWS],
    );
    // Setlists on a share of past concerts, songs drawn from the artist's repertoire, so
    // the diary's songs heard live has songs heard at several shows.
    await step(
      'setlists',
      `INSERT INTO setlists (concert_id, songs, encore_songs, source)
       SELECT c.id,
              ARRAY(SELECT c.artist || ' song ' || (1 + abs(hashtext(c.id || j)) % $2::int)
                      FROM generate_series(1, $3::int - 2) j),
              ARRAY(SELECT c.artist || ' song ' || (1 + abs(hashtext(c.id || 'e' || j)) % $2::int)
                      FROM generate_series(1, 2) j),
              'bench'
         FROM concerts c
        WHERE c.date < current_date AND abs(hashtext(c.id || 's')) % 1000 < $1::int`,
      [Math.round(COUNTS.setlistShare * 1000), ARTIST_REPERTOIRE, SETLIST_SONGS],
    );

    // Marks: every review's show attended (as writing a review marks it), then the rest
    // over the people: users 1..heavyDiarists at DIARY_HEAVY_SHOWS past shows, everyone
    // else a skewed number (u^3), one in seven of them "Going" to a show to come. Concerts
    // are stepped through as the reviews' users are, so a person's shows are distinct,
    // and those they reviewed are left out.
    await step(
      'attendance: reviewed shows',
      `INSERT INTO attendance (user_id, concert_id, status, concert_date, artist_id, venue_id,
                               created_at, updated_at)
       SELECT r.user_id, r.concert_id, 'attended', c.date, c.artist_id, c.venue_id, r.created_at,
              r.created_at
         FROM reviews r JOIN concerts c ON c.id = r.concert_id`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_past ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY id)::int AS k, id, date, artist_id, venue_id
         FROM concerts WHERE date < current_date`,
    );
    await client.query(
      `CREATE TEMP TABLE bench_future ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY id)::int AS k, id, date, artist_id, venue_id
         FROM concerts WHERE date >= current_date`,
    );
    const counts = await client.query<{ past: number; future: number; marked: number }>(
      `SELECT (SELECT count(*)::int FROM bench_past) AS past,
              (SELECT count(*)::int FROM bench_future) AS future,
              (SELECT count(*)::int FROM attendance) AS marked`,
    );
    const { past, future, marked } = counts.rows[0]!;
    const extra = Math.max(0, COUNTS.attendance - marked);
    const heavy = Math.min(COUNTS.heavyDiarists, COUNTS.users);
    const heavyShows = Math.min(DIARY_HEAVY_SHOWS, past);
    // Mean of u^3 is 1/4: K spreads what the heavy diarists leave over everyone else.
    const perOther =
      (4 * Math.max(0, extra - heavy * heavyShows)) / Math.max(1, COUNTS.users - heavy);
    const pastSteps = coprimeSteps(past);
    const futureSteps = coprimeSteps(future);
    await client.query(
      `CREATE TEMP TABLE bench_mark_plan ON COMMIT DROP AS
       SELECT g, pg_temp.bench_uuid('u' || g) AS user_id,
              CASE WHEN g <= $1::int THEN $2::int
                   ELSE least(floor(power(random(), 3) * $3::float8)::int, $4::int) END AS n,
              floor(random() * $4::int)::int AS past_offset,
              (ARRAY[${pastSteps.join(',')}])[1 + floor(random() * ${pastSteps.length})::int] AS past_step,
              floor(random() * $5::int)::int AS future_offset,
              (ARRAY[${futureSteps.join(',')}])[1 + floor(random() * ${futureSteps.length})::int] AS future_step
         FROM generate_series(1, $6::int) g`,
      [heavy, heavyShows, perOther, past, future, COUNTS.users],
    );
    await step(
      'attendance: other marks',
      `INSERT INTO attendance (user_id, concert_id, status, concert_date, artist_id, venue_id,
                               created_at, updated_at)
       SELECT m.user_id, m.id, m.status, m.date, m.artist_id, m.venue_id,
              now() - interval '1 day', now() - interval '1 day'
         FROM (
           SELECT p.user_id, 'attended' AS status, c.id, c.date, c.artist_id, c.venue_id
             FROM bench_mark_plan p
             CROSS JOIN LATERAL generate_series(0, p.n - 1) j
             JOIN bench_past c ON c.k = 1 + (p.past_offset + j * p.past_step) % $1::int
            WHERE p.g <= $3::int OR j % 7 <> 0
           UNION ALL
           SELECT p.user_id, 'going', c.id, c.date, c.artist_id, c.venue_id
             FROM bench_mark_plan p
             CROSS JOIN LATERAL generate_series(0, p.n - 1) j
             JOIN bench_future c ON c.k = 1 + (p.future_offset + j * p.future_step) % $2::int
            WHERE p.g > $3::int AND j % 7 = 0 AND j < $2::int
         ) m
        WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = m.user_id AND r.concert_id = m.id)
        LIMIT $4::int`,
      [past, future, heavy, extra],
    );

    await step(
      'diary_songs = songs of the setlists of attended shows',
      `INSERT INTO diary_songs (user_id, song, times)
       SELECT a.user_id, c.song, sum(c.n)::int
         FROM attendance a
         JOIN setlists sl ON sl.concert_id = a.concert_id
         CROSS JOIN LATERAL setlist_song_counts(sl.songs, sl.encore_songs) c
        WHERE a.status = 'attended'
        GROUP BY a.user_id, c.song`,
    );
    await step(
      'users.followers_count = count(followers)',
      `UPDATE users u SET followers_count = c.n
         FROM (SELECT following_id AS id, count(*)::int AS n FROM user_follows GROUP BY 1) c
        WHERE u.id = c.id`,
    );
    await step(
      'users.following_count = count(followed)',
      `UPDATE users u SET following_count = c.n
         FROM (SELECT follower_id AS id, count(*)::int AS n FROM user_follows GROUP BY 1) c
        WHERE u.id = c.id`,
    );
    await step(
      'timeline_entries',
      `INSERT INTO timeline_entries (user_id, review_id, created_at)
       SELECT f.follower_id, r.id, r.created_at
         FROM user_follows f JOIN reviews r ON r.user_id = f.following_id`,
    );
    await client.query('ALTER TABLE reviews ENABLE TRIGGER concert_review_totals');
    await client.query('ALTER TABLE review_comments ENABLE TRIGGER review_comments_count');
    await client.query('ALTER TABLE user_follows ENABLE TRIGGER user_follows_counts');
    await client.query('ALTER TABLE user_follows ENABLE TRIGGER user_follows_timeline');
    await client.query('ALTER TABLE attendance ENABLE TRIGGER diary_songs_of_marks');
    await client.query('ALTER TABLE attendance ENABLE TRIGGER attendance_concert_links');
    await client.query('ALTER TABLE setlists ENABLE TRIGGER diary_songs_of_setlists');

    await step(
      'reviews.likes = count(review_likes)',
      `UPDATE reviews r SET likes = l.n
         FROM (SELECT review_id, count(*)::int AS n FROM review_likes GROUP BY review_id) l
        WHERE r.id = l.review_id`,
    );
    await step(
      'reviews.comments_count = count(review_comments)',
      `UPDATE reviews r SET comments_count = c.n
         FROM (SELECT review_id, count(*)::int AS n FROM review_comments GROUP BY review_id) c
        WHERE r.id = c.review_id`,
    );
    await step(
      'concerts.reviews_count, *_rating_total = count, sums(reviews)',
      `UPDATE concerts c SET reviews_count = r.n, overall_rating_total = r.total,
              performance_rating_total = r.performance, sound_rating_total = r.sound,
              venue_rating_total = r.venue, value_rating_total = r.value
         FROM (SELECT concert_id, count(*)::int AS n, sum(overall_rating) AS total,
                      sum(performance_rating) AS performance, sum(sound_rating) AS sound,
                      sum(venue_rating) AS venue, sum(value_rating) AS value
                 FROM reviews GROUP BY concert_id) r
        WHERE c.id = r.concert_id`,
    );
    const loadMs = performance.now() - loadStarted;

    console.log('rebuilding keys, indexes and foreign keys');
    const rebuildStarted = performance.now();
    for (const table of BULK_TABLES) {
      const t0 = performance.now();
      for (const d of saved.filter((s) => s.table === table && s.kind === 'key')) {
        await client.query(
          `ALTER TABLE ${quoteIdent(d.table)} ADD CONSTRAINT ${quoteIdent(d.name)} ${d.definition}`,
        );
      }
      for (const d of saved.filter((s) => s.table === table && s.kind === 'index')) {
        await client.query(d.definition);
      }
      const ms = performance.now() - t0;
      timings.push({ step: `${table} keys and indexes`, ms });
      console.log(`  ${`${table} keys and indexes`.padEnd(44)} ${seconds(ms)}`);
    }
    {
      const t0 = performance.now();
      for (const d of saved.filter((s) => s.kind === 'fk')) {
        await client.query(
          `ALTER TABLE ${quoteIdent(d.table)} ADD CONSTRAINT ${quoteIdent(d.name)} ${d.definition}`,
        );
      }
      const ms = performance.now() - t0;
      timings.push({ step: 'foreign keys (validated)', ms });
      console.log(`  ${'foreign keys (validated)'.padEnd(44)} ${seconds(ms)}`);
    }
    const rebuildMs = performance.now() - rebuildStarted;

    // A table that grew over time holds its reviews roughly in the order they were written
    // (and liked): the newest, which timelines show, share heap pages. The load wrote them
    // in concert order and the counter updates above moved every row, so the table is
    // rewritten in that order.
    await step('reviews in written order (CLUSTER)', 'CLUSTER reviews USING reviews_created_idx');

    const tc = performance.now();
    await client.query('COMMIT');
    console.log(`  ${'commit'.padEnd(44)} ${seconds(performance.now() - tc)}`);

    console.log('vacuum and analyze');
    const vacuumStarted = performance.now();
    for (const table of BULK_TABLES) {
      await client.query(`VACUUM (ANALYZE) ${quoteIdent(table)}`);
    }
    await client.query('ANALYZE');
    const vacuumMs = performance.now() - vacuumStarted;
    console.log(`  ${'vacuum (analyze)'.padEnd(44)} ${seconds(vacuumMs)}`);

    const summary: { table: string; rows: string; size: string }[] = [];
    for (const table of BULK_TABLES) {
      const result = await client.query<{ rows: string; size: string }>(
        `SELECT to_char(count(*), 'FM999,999,999') AS rows,
                pg_size_pretty(pg_total_relation_size($1::regclass)) AS size
           FROM ${quoteIdent(table)}`,
        [table],
      );
      summary.push({ table, ...result.rows[0]! });
    }
    const check = await client.query<{ mismatched: string }>(
      `SELECT count(*) AS mismatched FROM reviews r
        WHERE r.likes <> (SELECT count(*) FROM review_likes l WHERE l.review_id = r.id)
          AND r.id IN (SELECT id FROM reviews ORDER BY id LIMIT 2000)`,
    );
    console.log('');
    console.table(summary);
    console.log(`likes counter mismatches in a 2,000-review sample: ${check.rows[0]?.mismatched}`);
    console.log(
      `load ${seconds(loadMs)}, keys/indexes/foreign keys ${seconds(rebuildMs)}, ` +
        `vacuum ${seconds(vacuumMs)}, total ${seconds(performance.now() - started)}`,
    );
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * The multiplier k for which `totalSql(k)` lands just above `target` (within 1 %), found
 * by a few proportional corrections from `initial`. The insert then takes exactly
 * `target` rows with LIMIT.
 */
async function fitMultiplier(
  client: pg.Client,
  totalSql: (k: number) => string,
  target: number,
  initial: number,
): Promise<number> {
  let k = initial;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const result = await client.query<{ total: string | null }>(totalSql(k));
    const total = Number(result.rows[0]?.total ?? 0);
    if (total >= target && total <= target * 1.01) return k;
    k = k * ((target * 1.005) / Math.max(1, total));
  }
  return k * 1.05;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
