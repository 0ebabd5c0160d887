/**
 * Hand-written demo data: invented artists, venues and people, plus the sentences fans
 * write. Every name here is made up; addresses sit on real streets so a city reads right,
 * but no venue or artist is a real one. Art lives in public/demo/ (see
 * scripts/generate-demo-art.mjs) and is referenced by path, never hot-linked.
 */
import { CITIES, GENRES, type GenreSlug } from '#shared/limits';

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

const a = (
  name: string,
  genres: GenreSlug[],
  country: string,
  bio: string,
  songs: string[],
): CatalogueArtist => ({ name, genre: genres[0]!, genres, country, bio, songs });

export const ARTISTS: readonly CatalogueArtist[] = [
  // rock
  a(
    'The Rust Belt Saints',
    ['rock'],
    'US',
    'A Detroit four-piece that plays loud, sweaty, three-guitar rock and never skips the extended jam on the closer.',
    [
      'Motor City Hymn',
      'Cinder Blocks',
      'Last Shift Out',
      'Steel & Static',
      'Ohio Radio',
      'Burn the Ledger',
    ],
  ),
  a(
    'Gravel & Glory',
    ['rock', 'country'],
    'US',
    'Southern rock revivalists from Macon with a twin-lead guitar attack and a singer who sounds like he gargles road salt.',
    [
      'Dirt Road Gospel',
      'Kudzu',
      'Long Gone Lanes',
      'Sweet Tea Thunder',
      'River Bottom',
      'Holler Back Home',
    ],
  ),
  a(
    'Neon Coyotes',
    ['rock', 'indie'],
    'US',
    'Desert garage rock from Tucson: fuzz pedals, reverb-soaked surf leads and a drummer who plays standing up.',
    [
      'Saguaro Static',
      'Heat Lightning',
      'Mirage Motel',
      'Coyote Moon',
      'Cactus Wine',
      'Dust Devil',
    ],
  ),
  a(
    'Black Pine Revival',
    ['rock'],
    'CA',
    'A Vancouver hard-rock trio known for huge riffs, three-part harmonies and covering one unexpected pop song every night.',
    [
      'Timberline',
      'Pine Tar',
      'The Long Winter',
      'Northern Wires',
      'Fell Like Thunder',
      'Ashes in July',
    ],
  ),
  a(
    'Velvet Static',
    ['rock', 'indie'],
    'UK',
    'Manchester shoegaze-leaning rockers who build walls of sound out of two guitars and an alarming number of pedals.',
    [
      'Blur the Lines',
      'Slow Fade Sister',
      'Tuesday Ghosts',
      'Halo Shaped',
      'Copper Sky',
      'Static Bloom',
    ],
  ),
  // pop
  a(
    'Juniper Blue',
    ['pop'],
    'US',
    'Bedroom-pop turned arena act; her second record lived on every summer playlist and the live show adds a full string section.',
    [
      'Paper Planes & Perfume',
      'Blue Hour',
      'Sundress Season',
      'Text Me Back',
      'Glitter Rain',
      'Honey Lavender',
    ],
  ),
  a(
    'Luna Vale',
    ['pop', 'electronic'],
    'SE',
    'Swedish synth-pop songwriter with glossy hooks, big choreography and a habit of pulling fans on stage for the last chorus.',
    [
      'Midnight Satellite',
      'Velvet Fever',
      'Dance Like Nobody',
      'Polaris',
      'Cherry Cola Heart',
      'Afterglow Avenue',
    ],
  ),
  a(
    'Sasha Bright',
    ['pop'],
    'US',
    'A former musical-theatre kid from Ohio whose belting power ballads and glittery staging have a devoted following.',
    [
      'Spotlight',
      'Heartbreak Confetti',
      'Louder Than Love',
      'Good Girl Gone Gold',
      'Rollercoaster',
      'Say It Twice',
    ],
  ),
  a(
    'The Polaroids',
    ['pop', 'indie'],
    'AU',
    'A Melbourne power-pop quartet with sunny harmonies, jangly guitars and choruses built for singing along.',
    [
      'Summer in Reverse',
      'Instant Film',
      'Your Jacket',
      'Backseat Symphony',
      'Saltwater Smile',
      'Developing',
    ],
  ),
  a(
    'Mira Castell',
    ['pop'],
    'ES',
    'Bilingual pop from Barcelona, flamenco hand-claps over dance beats, and a voice that fills a room without trying.',
    [
      'Corazón Neon',
      'Mediterráneo',
      'Bailando Sola',
      'Golden Coast',
      'Luna Llena',
      'No Me Olvides',
    ],
  ),
  // hip-hop
  a(
    'Kilo Verse',
    ['hip-hop'],
    'US',
    'Atlanta rapper with rapid-fire wordplay and a live band that turns every beat into a jam session.',
    [
      'Trap Door Theory',
      'Peachtree Prophecy',
      'Mileage',
      'Overtime',
      "Grandma's Porch",
      'Paper Trail',
    ],
  ),
  a(
    'Dre Monarch',
    ['hip-hop'],
    'US',
    "Compton lyricist whose story-driven albums earned critics' lists; the live show is a one-man play with a DJ.",
    [
      'Crown of Thorns',
      'Crenshaw Sunset',
      'Lowrider Psalm',
      'Throne Room',
      'Letters to Mama',
      'Kingmaker',
    ],
  ),
  a(
    'Tessa Grind',
    ['hip-hop', 'electronic'],
    'UK',
    'London MC mixing grime tempos with house piano; her sets are fast, funny and end in a mosh pit.',
    [
      'Zone Two',
      'Oyster Card',
      'Bruv Please',
      'Night Bus Anthem',
      'Peckham Lights',
      'Grind Season',
    ],
  ),
  a(
    'Lyric Theory',
    ['hip-hop', 'jazz'],
    'US',
    'A Chicago collective of three MCs and a horn section, equal parts boom-bap and late-night jazz club.',
    [
      'South Side Syllabus',
      'Brass Knuckles',
      'Lakefront Cipher',
      'Third Coast',
      'Blue Line',
      'Metaphor Season',
    ],
  ),
  a(
    'Southpaw Saint',
    ['hip-hop'],
    'US',
    "Houston's slow-and-heavy specialist: chopped beats, huge bass and a crowd that knows every ad-lib.",
    [
      'Candy Paint Sky',
      'Screwed Up Sunday',
      'Third Ward',
      'Syrup Slow',
      'Bayou Bounce',
      'Left Hook',
    ],
  ),
  // electronic
  a(
    'Prism Driver',
    ['electronic'],
    'DE',
    'Berlin techno duo whose hybrid live sets run on modular synths and a light rig that should need its own passport.',
    ['Spectral', 'Autobahn Dawn', 'Refraction', 'Kreuzberg 4AM', 'Wavelength', 'Cold Chrome'],
  ),
  a(
    'Halcyon Grid',
    ['electronic'],
    'UK',
    'Melodic house producer who plays keys and trumpet over his own tracks; sunrise-set energy at any hour.',
    [
      'Gridlock Bloom',
      'Tidal Memory',
      'Halcyon Days',
      'Solar Drift',
      'Blue Monday Morning',
      'Paper Lanterns',
    ],
  ),
  a(
    'Nova Tides',
    ['electronic', 'pop'],
    'US',
    'A Los Angeles producer-vocalist pairing future-bass drops with glassy vocals and a huge LED wall.',
    ['Undertow', 'Starfall', 'Ocean of Static', 'Phosphor', 'Riptide Heart', 'Hologram'],
  ),
  a(
    'Subterra',
    ['electronic'],
    'NL',
    'Dutch drum-and-bass outfit with a live drummer, an MC and sub-bass you feel in your sternum.',
    ['Deep Core', 'Magma', 'Underpass', 'Fault Line', 'Bedrock', 'Tremor'],
  ),
  a(
    'Kestrel & Koi',
    ['electronic', 'indie'],
    'JP',
    'Tokyo duo making dreamy downtempo with field recordings, harp samples and hypnotic visuals.',
    ['Koi Pond', 'Kestrel Wind', 'Neon Shrine', 'Paper Crane', 'Shibuya Rain', 'Tide Pool'],
  ),
  // country
  a(
    'Whitney Holloway',
    ['country'],
    'US',
    'Texas singer-songwriter with a honky-tonk heart, a razor-sharp pen and a pedal-steel player who steals every show.',
    [
      'Two-Step Tuesday',
      'Whiskey Over Ice',
      "Mama's Porch Light",
      'Lone Star Lullaby',
      'Highway 290',
      'Dancehall Queen',
    ],
  ),
  a(
    'Caleb Ridge',
    ['country', 'rock'],
    'US',
    'Oklahoma-born arena-country star; big choruses, bigger hat, and a surprisingly tender acoustic mid-set.',
    [
      'Tailgate Sermon',
      'Red Dirt Heart',
      'Small Town Saturday',
      'Gravel & Grace',
      'Boots on the Dash',
      'Harvest Moon Fever',
    ],
  ),
  a(
    'The Dusty Hearts',
    ['country'],
    'US',
    'A Nashville string band with three-part harmonies, a banjo player who never stops smiling, and songs about leaving.',
    [
      'Wagon Wheel Wish',
      'Dusty Roads',
      'Front Porch Waltz',
      'Cotton & Coal',
      'Heartland',
      'Goodbye Kentucky',
    ],
  ),
  a(
    'Tallgrass Union',
    ['country', 'indie'],
    'US',
    'Kansas alt-country sextet that sounds like a thunderstorm rolling across a wheat field, fiddle first.',
    ['Prairie Fire', 'Grain Elevator', 'Storm Chaser', 'Old Union Hall', 'Windbreak', 'Tallgrass'],
  ),
  a(
    'Maggie Rae Bishop',
    ['country'],
    'US',
    'Appalachian-born songwriter with a voice like warm bourbon, backed by a hot-picking four-piece band.',
    [
      'Blue Ridge Blue',
      'Coal Dust Kisses',
      'Holler Hymn',
      'Mountain Laurel',
      'Sunday Dress',
      "Bishop's Daughter",
    ],
  ),
  // indie
  a(
    'Little Harbor',
    ['indie'],
    'US',
    'A Portland, Maine indie-folk band with hushed verses, sudden crescendos and a trumpet that always makes someone cry.',
    ['Lighthouse Keeper', 'Low Tide', 'Fog Signals', 'Cormorant', 'Harbor Lights', 'Tides We Keep'],
  ),
  a(
    'The Wednesday Club',
    ['indie', 'rock'],
    'UK',
    'Glasgow indie rockers with wiry guitars, wry lyrics and a singer who delivers all the banter in deadpan.',
    [
      'Midweek Crisis',
      'Tenement Dreams',
      'Clyde Built',
      'Hump Day Heroes',
      'Rain on Sauchiehall',
      'The Club Song',
    ],
  ),
  a(
    'Orchard Lights',
    ['indie', 'pop'],
    'US',
    'Dream-pop from the Hudson Valley: chorus-drenched guitars, breathy vocals and songs that feel like late September.',
    ['Apple Season', 'Harvest Glow', 'Cider House', 'Golden Hour Drive', 'Windfall', 'First Frost'],
  ),
  a(
    'Foxglove Radio',
    ['indie'],
    'US',
    'An Athens, Georgia five-piece mixing jangle-pop and post-punk, with a drummer who sings half the songs.',
    ['Poison & Petals', 'Static FM', 'College Town', 'Dial Tone Love', 'Foxglove', 'Signal Lost'],
  ),
  a(
    'Ada & the Understudies',
    ['indie', 'rock'],
    'CA',
    "Montréal art-rock band built around Ada Lemieux's theatrical vocals and a revolving cast of horns.",
    ['Opening Night', 'Second Act', 'Curtain Call', 'Stage Fright', 'Understudy', 'Matinee'],
  ),
  // jazz
  a(
    'The Marcus Bell Quartet',
    ['jazz'],
    'US',
    'Hard-bop quartet led by saxophonist Marcus Bell; tight arrangements that open into long, fiery solos.',
    [
      'Bell Tower Blues',
      'Lenox Avenue Strut',
      'Blue in Green Light',
      'Uptown Sketch',
      'Late Set',
      'Bellwether',
    ],
  ),
  a(
    'Ada Okafor Trio',
    ['jazz'],
    'UK',
    "Piano trio from London fusing Afrobeat rhythms with modal jazz; Okafor's left hand alone is worth the ticket.",
    [
      'Lagos to Lewisham',
      'Harmattan',
      'Sunday Jollof',
      'Highlife Suite',
      "Okafor's Dance",
      'Rain on the Thames',
    ],
  ),
  a(
    'Blue Lantern Ensemble',
    ['jazz'],
    'US',
    'A New Orleans nine-piece playing brass-band jazz with second-line grooves and a tuba that leads the dancing.',
    [
      'Frenchmen Street',
      'Lantern Parade',
      'Crescent City Stomp',
      'Bourbon & Brass',
      'Second Line Sunday',
      'Marigny Moon',
    ],
  ),
  a(
    'Leon Ferreira',
    ['jazz', 'classical'],
    'BR',
    "Brazilian guitarist playing bossa nova and choro with a classical player's touch and a singer's phrasing.",
    [
      'Ipanema Dusk',
      'Choro for Lúcia',
      'Saudade Street',
      'Samba de Inverno',
      'Copacabana Clock',
      'Rio Nocturne',
    ],
  ),
  a(
    'Night Owl Big Band',
    ['jazz'],
    'US',
    'An eighteen-piece Kansas City big band swinging Basie-style charts and new arrangements of pop songs.',
    [
      "Owl's Hoot Swing",
      'Kansas City Midnight',
      '18th & Vine',
      'Moonlight Shout',
      'Last Call Shuffle',
      'Night Shift',
    ],
  ),
  // classical
  a(
    'Aurelia String Quartet',
    ['classical'],
    'AT',
    'A Vienna-trained quartet known for fearless Beethoven, new commissions and an unusually warm, blended sound.',
    [
      "Beethoven's String Quartet No. 13",
      "Haydn's Sunrise Quartet",
      "Dvořák's American Quartet",
      "Ravel's String Quartet in F",
      "Shostakovich's Eighth Quartet",
      'a new commission, Aurelia',
    ],
  ),
  a(
    'Elena Varga',
    ['classical'],
    'HU',
    'Hungarian pianist celebrated for Liszt and Bartók and for recitals that mix the familiar with the barely known.',
    [
      "Liszt's Sonata in B minor",
      "Bartók's Allegro barbaro",
      "Chopin's First Ballade",
      "Schumann's Kinderszenen",
      "Debussy's Clair de lune",
      "Liszt's La campanella",
    ],
  ),
  a(
    'Meridian Symphony Orchestra',
    ['classical'],
    'US',
    'A touring orchestra of young players under conductor Hana Sato, pairing repertoire staples with living composers.',
    [
      "Dvořák's Ninth Symphony",
      "Copland's Appalachian Spring",
      "Hana Sato's Meridian Lines",
      "Tchaikovsky's Romeo and Juliet",
      "Sibelius's Finlandia",
      "Bernstein's Candide Overture",
    ],
  ),
  a(
    'Tomas Lindqvist',
    ['classical'],
    'SE',
    'Swedish cellist whose Bach suites are spare and singing; he often ends with a folk tune from home.',
    [
      "Bach's First Cello Suite",
      "Bach's Fifth Cello Suite",
      "Britten's First Cello Suite",
      "Kodály's Sonata for Solo Cello",
      "Cassadó's Suite for Solo Cello",
      'the Swedish folk tune Vårvindar',
    ],
  ),
  a(
    'Cascadia Baroque Ensemble',
    ['classical'],
    'US',
    'Period-instrument ensemble from the Pacific Northwest; gut strings, a harpsichord and a lot of joyful Vivaldi.',
    [
      "Vivaldi's Four Seasons",
      "Handel's Water Music",
      "Bach's Third Brandenburg Concerto",
      "Corelli's Christmas Concerto",
      "Dido's Lament from Purcell's Dido and Aeneas",
      "Telemann's Tafelmusik",
    ],
  ),
];

const v = (
  name: string,
  city: CityName,
  address: string,
  capacity: number,
  type: string,
  books: GenreSlug[],
  amenities: string[],
  blurb: string,
): CatalogueVenue => ({ name, city, address, capacity, type, books, amenities, blurb });

const ALL_BUT_CLASSICAL: GenreSlug[] = ['rock', 'pop', 'hip-hop', 'electronic', 'country', 'indie'];

export const VENUES: readonly CatalogueVenue[] = [
  // Los Angeles
  v(
    'The Palisade Theatre',
    'Los Angeles',
    '1735 N Vine St, Los Angeles, CA 90028',
    2400,
    'theater',
    ['pop', 'indie', 'jazz', 'classical', 'rock'],
    ['Bar', 'Coat check', 'Accessible seating'],
    'a restored 1920s movie palace in Hollywood with gilded balconies',
  ),
  v(
    'Echo Basin',
    'Los Angeles',
    '2140 Sunset Blvd, Los Angeles, CA 90026',
    650,
    'club',
    ['indie', 'rock', 'hip-hop', 'electronic'],
    ['Bar', 'Patio', 'All ages shows'],
    'a low-ceilinged Echo Park club with a sticky floor and a famously good sound desk',
  ),
  v(
    'Arroyo Bowl',
    'Los Angeles',
    '900 Arroyo Pkwy, Pasadena, CA 91105',
    9000,
    'amphitheater',
    ALL_BUT_CLASSICAL,
    ['Food trucks', 'Lawn seating', 'Parking'],
    'an open-air amphitheater cut into the hillside above the Arroyo',
  ),
  v(
    'Figueroa Hall',
    'Los Angeles',
    '650 S Figueroa St, Los Angeles, CA 90017',
    2200,
    'concert hall',
    ['classical', 'jazz'],
    ['Bar', 'Coat check', 'Accessible seating'],
    'a downtown concert hall with wooden walls and an acoustic people drive across town for',
  ),
  // New York
  v(
    'Bowery Lantern',
    'New York',
    '229 Bowery, New York, NY 10002',
    550,
    'club',
    ['indie', 'rock', 'electronic', 'hip-hop'],
    ['Bar', 'Balcony'],
    'a narrow Lower East Side room where even the back row is ten metres from the stage',
  ),
  v(
    'Hudson Ballroom',
    'New York',
    '511 W 34th St, New York, NY 10001',
    1800,
    'ballroom',
    ['pop', 'hip-hop', 'electronic', 'rock', 'country'],
    ['Bar', 'Coat check', 'Mezzanine'],
    'a former rail-freight ballroom on the far west side with a sprung dance floor',
  ),
  v(
    'The Blue Stair',
    'New York',
    '84 Barrow St, New York, NY 10014',
    180,
    'jazz club',
    ['jazz'],
    ['Dinner service', 'Two-drink minimum'],
    'a candle-lit West Village basement club with two sets a night',
  ),
  v(
    'Lenox Concert Hall',
    'New York',
    '140 W 125th St, New York, NY 10027',
    2300,
    'concert hall',
    ['classical', 'jazz', 'pop'],
    ['Bar', 'Coat check', 'Accessible seating'],
    'a grand Harlem hall with a horseshoe balcony and perfect sightlines',
  ),
  // Chicago
  v(
    'Wicker Room',
    'Chicago',
    '1558 N Milwaukee Ave, Chicago, IL 60622',
    450,
    'club',
    ['indie', 'rock', 'hip-hop', 'electronic'],
    ['Bar', 'Merch booth'],
    'a Wicker Park club with exposed brick and a bar that never runs out of Malört',
  ),
  v(
    'Riverview Pavilion',
    'Chicago',
    '3100 N Western Ave, Chicago, IL 60618',
    7500,
    'amphitheater',
    ALL_BUT_CLASSICAL,
    ['Food vendors', 'Lawn seating', 'Parking'],
    'a riverside pavilion with a lawn that fills up early on summer nights',
  ),
  v(
    'Kinzie Street Jazz Cellar',
    'Chicago',
    '412 N Kinzie St, Chicago, IL 60654',
    150,
    'jazz club',
    ['jazz'],
    ['Full bar', 'Late-night menu'],
    'a brick-vaulted River North cellar that has hosted late sets since the fifties',
  ),
  v(
    'Monroe Symphony Center',
    'Chicago',
    '200 E Monroe St, Chicago, IL 60603',
    2500,
    'concert hall',
    ['classical', 'jazz', 'pop'],
    ['Bar', 'Coat check', 'Accessible seating'],
    'a Loop concert hall with a warm, clear acoustic and views over the park from the lobby',
  ),
  // Austin
  v(
    'Red River Social',
    'Austin',
    '709 Red River St, Austin, TX 78701',
    700,
    'club',
    ['indie', 'rock', 'hip-hop', 'electronic', 'country'],
    ['Outdoor stage', 'Bar', 'Food truck'],
    'a Red River District club with an indoor stage and a bigger one out back under the oaks',
  ),
  v(
    'Congress Avenue Theatre',
    'Austin',
    '713 Congress Ave, Austin, TX 78701',
    1200,
    'theater',
    ['pop', 'country', 'jazz', 'classical', 'indie'],
    ['Bar', 'Balcony', 'Accessible seating'],
    'a painted downtown theatre with a neon marquee and seats that rake towards the stage',
  ),
  v(
    'Lady Bird Lakeside Amphitheater',
    'Austin',
    '2100 Barton Springs Rd, Austin, TX 78704',
    5000,
    'amphitheater',
    ALL_BUT_CLASSICAL,
    ['Lawn seating', 'Food vendors', 'Bike valet'],
    'a lakeside amphitheater where the skyline lights up behind the stage',
  ),
  v(
    'Pecan Street Dancehall',
    'Austin',
    '602 E 6th St, Austin, TX 78701',
    900,
    'dance hall',
    ['country', 'rock', 'jazz'],
    ['Dance floor', 'Bar', 'Two-step lessons'],
    'an old-school dance hall with a wooden floor worn smooth by decades of two-stepping',
  ),
  // Seattle
  v(
    'Ballard Ironworks',
    'Seattle',
    '5220 Ballard Ave NW, Seattle, WA 98107',
    500,
    'club',
    ['indie', 'rock', 'hip-hop', 'country'],
    ['Bar', 'All ages shows'],
    'a converted boat-engine shop in Ballard with a surprisingly big sound',
  ),
  v(
    'Cascade Hall',
    'Seattle',
    '1400 2nd Ave, Seattle, WA 98101',
    2400,
    'concert hall',
    ['classical', 'jazz', 'pop', 'indie'],
    ['Bar', 'Coat check', 'Accessible seating'],
    'a modern downtown hall with a glass lobby looking out over Elliott Bay',
  ),
  v(
    'SoDo Warehouse',
    'Seattle',
    '2900 1st Ave S, Seattle, WA 98134',
    2000,
    'warehouse',
    ['electronic', 'hip-hop', 'rock'],
    ['Bar', 'Coat check', 'Chill-out room'],
    'a raw SoDo warehouse with a serious sound system and a light rig to match',
  ),
  v(
    'Elliott Bay Jazz Room',
    'Seattle',
    '2033 6th Ave, Seattle, WA 98121',
    220,
    'jazz club',
    ['jazz'],
    ['Dinner service', 'Full bar'],
    'an intimate supper club in Belltown with a Steinway and table service',
  ),
  // Denver
  v(
    'Mile High Music Hall',
    'Denver',
    '1601 Arapahoe St, Denver, CO 80202',
    1600,
    'theater',
    ['pop', 'indie', 'jazz', 'classical', 'country', 'rock'],
    ['Bar', 'Balcony', 'Accessible seating'],
    'a downtown theatre with a tiered floor, so even short people can see',
  ),
  v(
    'Colfax Ballroom',
    'Denver',
    '1510 E Colfax Ave, Denver, CO 80218',
    1100,
    'ballroom',
    ['rock', 'hip-hop', 'electronic', 'indie', 'country'],
    ['Bar', 'Mezzanine', 'Coat check'],
    'a 1930s ballroom on Colfax with a giant disco ball that still gets used',
  ),
  v(
    'Front Range Amphitheatre',
    'Denver',
    '18300 W Alameda Pkwy, Morrison, CO 80465',
    9000,
    'amphitheater',
    ALL_BUT_CLASSICAL,
    ['Parking', 'Food vendors', 'Shuttle'],
    'a red-sandstone amphitheatre in the foothills with the city lights below',
  ),
  v(
    'RiNo Soundhouse',
    'Denver',
    '3330 Brighton Blvd, Denver, CO 80216',
    450,
    'club',
    ['electronic', 'indie', 'hip-hop', 'jazz'],
    ['Bar', 'Rooftop patio'],
    'a River North club with a rooftop patio and an excellent Funktion-One rig',
  ),
];

const p = (
  firstName: string,
  lastName: string,
  username: string,
  location: string,
  favoriteGenres: GenreSlug[],
  avatar: number | null,
  bio: string,
  isVerified = false,
): DemoPerson => ({
  firstName,
  lastName,
  username,
  location,
  favoriteGenres,
  avatar: avatar === null ? null : DEMO_ART.avatars[avatar - 1]!,
  bio,
  isVerified,
});

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  p(
    'Maya',
    'Okonkwo',
    'mayasees_shows',
    'Los Angeles, CA',
    ['indie', 'pop', 'electronic'],
    1,
    'Front-row regular at Echo Basin. I rate sound over setlists and will drive anywhere for a good synth line.',
    true,
  ),
  p(
    'Diego',
    'Ramirez',
    'diego_on_bass',
    'Austin, TX',
    ['rock', 'country', 'indie'],
    2,
    'Bass player by night, accountant by day. If your low end is muddy I will mention it.',
  ),
  p(
    'Priya',
    'Natarajan',
    'priya_n',
    'Chicago, IL',
    ['jazz', 'classical'],
    3,
    'Subscriber at Monroe Symphony Center and a Tuesday regular in the Kinzie Street cellar. Piano trios are my weakness.',
  ),
  p(
    'Jordan',
    'Blake',
    'jblake',
    'New York, NY',
    ['hip-hop', 'electronic'],
    null,
    'Brooklyn. Hip-hop head since the tape-trading days. Honest reviews, no hype.',
  ),
  p(
    'Hannah',
    'Lindgren',
    'hannah_lind',
    'Seattle, WA',
    ['indie', 'rock'],
    4,
    'Seattle rain, Ballard shows, strong coffee. Sixty-plus shows last year and counting.',
  ),
  p(
    'Marcus',
    'Chen',
    'marcus_livemusic',
    'Denver, CO',
    ['electronic', 'rock'],
    5,
    'Chasing the perfect drop from the foothills to SoDo. Earplugs always, apologies never.',
    true,
  ),
  p(
    'Sofia',
    'Alvarez',
    'sofia_sings',
    'Los Angeles, CA',
    ['pop', 'country'],
    null,
    'Choir kid turned concert addict. I judge vocals hard and cry at ballads anyway.',
  ),
  p(
    'Eli',
    'Thompson',
    'eli_t',
    'Austin, TX',
    ['country', 'rock'],
    6,
    'Two-stepping through Austin one dance hall at a time. Pedal steel makes everything better.',
  ),
  p(
    'Grace',
    'Kim',
    'gracenotes',
    'New York, NY',
    ['classical', 'jazz', 'indie'],
    null,
    'Violinist, teacher and recovering perfectionist. I write about acoustics more than anyone should.',
  ),
  p(
    'Tyrone',
    'Jackson',
    'ty_jackson',
    'Chicago, IL',
    ['hip-hop', 'jazz'],
    7,
    'South Side native. Live bands at rap shows or nothing. Lyric Theory evangelist.',
  ),
  p(
    'Aisha',
    'Rahman',
    'aisha_r',
    'Seattle, WA',
    ['electronic', 'pop', 'indie'],
    8,
    'Warehouse raves, sunrise sets and very comfortable shoes. Value-for-money police.',
  ),
  p(
    'Ben',
    'Kowalski',
    'benk_denver',
    'Denver, CO',
    ['rock', 'indie', 'country'],
    null,
    'Dad of two, still makes it to one show a week. I review the parking too.',
  ),
  p(
    'Lena',
    'Fischer',
    'lena_fischer',
    'Los Angeles, CA',
    ['classical', 'electronic'],
    1,
    'Berlin-born, LA-based. From Bach suites to warehouse techno, I go wherever the sound is good.',
  ),
  p(
    'Omar',
    'Haddad',
    'omar_h',
    'New York, NY',
    ['rock', 'hip-hop', 'pop'],
    2,
    'Photographer. I shoot from the pit and write reviews on the subway home.',
  ),
  p(
    'Chloe',
    'Martin',
    'chloe_m',
    'Austin, TX',
    ['indie', 'pop', 'jazz'],
    null,
    'UT grad student. Cheap tickets, small rooms, big feelings.',
  ),
  p(
    'Sam',
    'Oduya',
    'sam_oduya',
    'Denver, CO',
    ['jazz', 'hip-hop', 'electronic'],
    3,
    'Record collector and radio host on a community station. Ask me about B-sides.',
  ),
];

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
    .replace(/^-+|-+$/g, '');
}
