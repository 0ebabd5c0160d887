import { Globe, Music } from 'lucide-react';
import type { ArtistPage } from '#shared/schemas/catalogue';
import { Badge } from '#client/components/ui/badge';
import { SectionCard } from '#client/components/layout/section-card';
import { CardContent } from '#client/components/ui/card';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { pluralize } from '#client/lib/utils';
import { useArtist } from '../api/get-artist';
import { genreName } from '../lib/concert-format';
import { CatalogueShowList } from './catalogue-show-list';
import {
  CatalogueLayout,
  CataloguePage,
  CatalogueRatings,
  UpcomingAndPastShows,
} from './catalogue-page';
import { FollowArtistButton } from './follow-artist-button';

/**
 * An artist's page (docs/product.md "Artist and venue pages"): who they are, the Follow
 * artist toggle, their averages and trend, songs loved live, and their shows.
 */
export function ArtistView({ id, signedIn }: { id: string; signedIn: boolean }) {
  const artist = useArtist(id);
  return (
    <CataloguePage what="Artist" query={artist}>
      {(artist) => <ArtistContent artist={artist} signedIn={signedIn} />}
    </CataloguePage>
  );
}

function ArtistContent({ artist, signedIn }: { artist: ArtistPage; signedIn: boolean }) {
  useDocumentTitle(artist.name);
  const genres = artist.genres.map((genre) => genreName(genre) ?? genre);
  return (
    <CatalogueLayout
      name={artist.name}
      imageUrl={artist.imageUrl}
      imageClassName="size-24 sm:size-28"
      aboveName={
        genres.length > 0 && (
          <ul aria-label="Genres" className="flex flex-wrap gap-2">
            {genres.map((genre) => (
              <li key={genre}>
                <Badge variant="secondary">{genre}</Badge>
              </li>
            ))}
          </ul>
        )
      }
      belowName={
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {artist.country && <span>{artist.country}</span>}
          {artist.website && (
            <a
              href={artist.website}
              target="_blank"
              rel="noopener noreferrer"
              className="focus-ring inline-flex items-center gap-1 rounded-sm underline-offset-4 hover:text-primary hover:underline"
            >
              <Globe className="size-4" aria-hidden="true" />
              Website<span className="sr-only"> of {artist.name} (opens in a new tab)</span>
            </a>
          )}
        </p>
      }
      beforeColumns={
        <FollowArtistButton
          artistId={artist.id}
          isFollowing={artist.isFollowing}
          followerCount={artist.followerCount}
          signedIn={signedIn}
        />
      }
      ratings={
        <CatalogueRatings
          subject={artist}
          noReviews="Nobody has reviewed a show of this artist yet."
          trendTitle="Overall rating by month"
          aspects={['overall']}
        >
          <LovedSongs songs={artist.lovedSongs} />
        </CatalogueRatings>
      }
    >
      {artist.bio && (
        <SectionCard title="About" className="gap-3">
          <CardContent>
            <p className="leading-relaxed text-pretty text-muted-foreground">{artist.bio}</p>
          </CardContent>
        </SectionCard>
      )}
      <UpcomingAndPastShows subject={artist} with="venue" />
      <CatalogueShowList
        title="Most reviewed shows"
        shows={artist.mostReviewedShows}
        with="venue"
        empty="No reviewed shows yet"
      />
    </CatalogueLayout>
  );
}

function LovedSongs({ songs }: { songs: ArtistPage['lovedSongs'] }) {
  return (
    <SectionCard
      title="Songs most loved live"
      description={
        songs.length > 0
          ? 'The songs reviewers marked as the highlights of a show.'
          : 'No reviewer has marked a highlight yet.'
      }
    >
      {songs.length > 0 && (
        <CardContent>
          <ol className="flex flex-col gap-2 text-sm">
            {songs.map(({ song, highlights }) => (
              <li key={song} className="flex items-center justify-between gap-3">
                <span className="flex min-w-0 items-center gap-2">
                  <Music className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="truncate">{song}</span>
                </span>
                <span className="shrink-0 text-muted-foreground tabular-nums">
                  {pluralize(highlights, 'highlight')}
                </span>
              </li>
            ))}
          </ol>
        </CardContent>
      )}
    </SectionCard>
  );
}
