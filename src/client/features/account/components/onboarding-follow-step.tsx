import { Check, Clock, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ArtistSuggestion } from '#shared/schemas/catalogue';
import type { UserSummary } from '#shared/schemas/users';
import { displayName } from '#shared/user-display';
import { Button } from '#client/components/ui/button';
import { Spinner } from '#client/components/ui/spinner';
import { useFollowSuggestedArtist, useFollowSuggestedPerson } from '../api/onboarding-follows';
import { useArtistSuggestions, usePeopleSuggestions } from '../api/onboarding-suggestions';
import { genreName } from '../lib/onboarding-choices';

/**
 * The wizard's Follow step: popular artists of the city and genres chosen, and people to
 * follow (of the same city, then who like the same genres), each with Follow / Following.
 */
export function OnboardingFollowStep({
  city,
  genres,
}: {
  city: string | null;
  genres: readonly string[];
}) {
  const artists = useArtistSuggestions(city, genres);
  const people = usePeopleSuggestions();
  return (
    <div className="grid gap-5">
      <SuggestionList
        title="Artists"
        query={artists}
        empty="No artists to suggest yet."
        row={(artist: ArtistSuggestion) => <ArtistRow key={artist.id} artist={artist} />}
      />
      <SuggestionList
        title="People"
        query={people}
        empty="Nobody to suggest yet. Find Friends will have more once you review a show."
        row={(person: UserSummary) => <PersonRow key={person.id} person={person} />}
      />
    </div>
  );
}

function SuggestionList<Item>({
  title,
  query,
  empty,
  row,
}: {
  title: string;
  query: { data?: Item[]; isPending: boolean; isError: boolean };
  empty: string;
  row: (item: Item) => ReactNode;
}) {
  return (
    <section className="grid gap-2">
      <h4 className="text-sm font-medium">{title}</h4>
      {query.isPending ? (
        <Spinner className="size-5" label={`Loading ${title.toLowerCase()}`} />
      ) : query.isError ? (
        <p className="text-sm text-muted-foreground">Could not load suggestions.</p>
      ) : query.data?.length ? (
        <ul className="grid gap-2">{query.data.map(row)}</ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}

function SuggestionRow({
  name,
  detail,
  button,
}: {
  name: string;
  detail: string;
  button: ReactNode;
}) {
  return (
    <li className="flex items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="truncate text-xs text-muted-foreground">{detail}</p>
      </div>
      {button}
    </li>
  );
}

/** Follow / Following (or Requested), named after who it follows; busy while it is sent. */
function FollowButton({
  name,
  state,
  busy,
  onClick,
}: {
  name: string;
  state: 'none' | 'following' | 'requested';
  busy: boolean;
  onClick: () => void;
}) {
  const [text, Icon] =
    state === 'following'
      ? ['Following', Check]
      : state === 'requested'
        ? ['Requested', Clock]
        : ['Follow', Plus];
  return (
    <Button
      type="button"
      size="sm"
      variant={state === 'none' ? 'default' : 'outline'}
      busy={busy}
      onClick={onClick}
      className="min-w-28 shrink-0"
    >
      <Icon aria-hidden="true" />
      {text}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}

function ArtistRow({ artist }: { artist: ArtistSuggestion }) {
  const [following, setFollowing] = useState(artist.isFollowing);
  const follow = useFollowSuggestedArtist(artist.id);
  const followers = artist.followerCount + (following && !artist.isFollowing ? 1 : 0);
  return (
    <SuggestionRow
      name={artist.name}
      detail={[
        artist.genres.map(genreName).join(', '),
        `${followers} ${followers === 1 ? 'follower' : 'followers'}`,
      ]
        .filter(Boolean)
        .join(' · ')}
      button={
        <FollowButton
          name={artist.name}
          state={following ? 'following' : 'none'}
          busy={follow.isPending}
          onClick={() =>
            follow.mutate(!following, { onSuccess: (state) => setFollowing(state.isFollowing) })
          }
        />
      }
    />
  );
}

function PersonRow({ person }: { person: UserSummary }) {
  const [state, setState] = useState<'none' | 'following' | 'requested'>(
    person.isFollowing ? 'following' : 'none',
  );
  const follow = useFollowSuggestedPerson(person.id);
  const name = displayName(person);
  return (
    <SuggestionRow
      name={name}
      detail={person.username ? `@${person.username}` : (person.bio ?? '')}
      button={
        <FollowButton
          name={name}
          state={state}
          busy={follow.isPending}
          onClick={() =>
            follow.mutate(state === 'none', {
              onSuccess: (answer) =>
                setState(
                  answer.isFollowing ? 'following' : answer.requested ? 'requested' : 'none',
                ),
            })
          }
        />
      }
    />
  );
}
