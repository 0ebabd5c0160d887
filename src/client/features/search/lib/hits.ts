/** What each search hit shows and where it leads, for the suggestions and the page alike. */
import type {
  ArtistHit,
  ConcertHit,
  SearchGroups,
  SearchPage,
  SearchType,
  VenueHit,
} from '#shared/schemas/search';
import type { UserSummary } from '#shared/schemas/users';
import { displayName } from '#shared/user-display';
import { artistPath, concertPath, profileHref, venuePath } from '#client/config/paths';

export const SEARCH_GROUPS: readonly { type: SearchType; label: string }[] = [
  { type: 'artists', label: 'Artists' },
  { type: 'venues', label: 'Venues' },
  { type: 'concerts', label: 'Concerts' },
  { type: 'people', label: 'People' },
];

export interface ShownHit {
  key: string;
  href: string;
  title: string;
  detail: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const showDay = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

export function shownHit(type: SearchType, hit: SearchPage['items'][number]): ShownHit {
  switch (type) {
    case 'artists': {
      const artist = hit as ArtistHit;
      return {
        key: `artist-${artist.id}`,
        href: artistPath(artist.id),
        title: artist.name,
        detail: `${count(artist.concertCount, 'show', 'shows')} · ${count(artist.followerCount, 'follower', 'followers')}`,
      };
    }
    case 'venues': {
      const venue = hit as VenueHit;
      return {
        key: `venue-${venue.id}`,
        href: venuePath(venue.id),
        title: venue.name,
        detail: [venue.city, venue.state, venue.country].filter(Boolean).join(', '),
      };
    }
    case 'concerts': {
      const concert = hit as ConcertHit;
      return {
        key: `concert-${concert.id}`,
        href: concertPath(concert.id),
        title: concert.artist,
        detail: `${concert.venue}, ${concert.city} · ${showDay(concert.date)}`,
      };
    }
    case 'people': {
      const person = hit as UserSummary;
      return {
        key: `person-${person.id}`,
        href: profileHref(person),
        title: displayName(person),
        detail: person.username ? `@${person.username}` : '',
      };
    }
  }
}

/** The groups that found something, in their order, each hit as it is shown. */
export function shownGroups(groups: SearchGroups) {
  return SEARCH_GROUPS.map(({ type, label }) => ({
    type,
    label,
    hits: groups[type].map((hit) => shownHit(type, hit)),
  })).filter((group) => group.hits.length > 0);
}

/** The address of the results page for a text, and one group of it. */
export function searchPageHref(text: string, type?: SearchType): string {
  const search = new URLSearchParams({ q: text });
  if (type) search.set('type', type);
  return `/search?${search}`;
}
