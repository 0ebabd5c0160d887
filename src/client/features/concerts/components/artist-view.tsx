import { Globe, Music } from 'lucide-react';
import type { ArtistPage } from '#shared/schemas/catalogue';
import { Badge } from '../../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { pluralize } from '../../../lib/utils';
import { useArtist } from '../api/get-artist';
import { isNotFound } from '../api/get-concert';
import { genreName } from '../lib/concert-format';
import { AspectAveragesCard } from './aspect-averages-card';
import { CatalogueShowList } from './catalogue-show-list';
import {
  CatalogueLoadError,
  CatalogueNotFound,
  CataloguePageSkeleton,
} from './catalogue-page-states';
import { FollowArtistButton } from './follow-artist-button';
import { RatingTrendChart } from './rating-trend-chart';

/**
 * An artist's page (docs/product.md "Artist and venue pages"): who they are, the Follow
 * artist toggle, their averages and trend, songs loved live, and their shows.
 */
export function ArtistView({ id, signedIn }: { id: string; signedIn: boolean }) {
  const { data: artist, isPending, isError, error, refetch } = useArtist(id);
  if (isPending) return <CataloguePageSkeleton label="Loading artist" />;
  if (isError) {
    if (isNotFound(error)) return <CatalogueNotFound what="Artist" />;
    return <CatalogueLoadError what="Artist" onRetry={() => void refetch()} />;
  }
  return <ArtistContent artist={artist} signedIn={signedIn} />;
}

function ArtistContent({ artist, signedIn }: { artist: ArtistPage; signedIn: boolean }) {
  useDocumentTitle(artist.name);
  const genres = artist.genres.map((genre) => genreName(genre) ?? genre);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {artist.imageUrl && (
          <img
            src={artist.imageUrl}
            alt=""
            className="size-24 shrink-0 rounded-xl bg-muted object-cover sm:size-28"
          />
        )}
        <div className="flex min-w-0 flex-col gap-2">
          {genres.length > 0 && (
            <ul aria-label="Genres" className="flex flex-wrap gap-2">
              {genres.map((genre) => (
                <li key={genre}>
                  <Badge variant="secondary">{genre}</Badge>
                </li>
              ))}
            </ul>
          )}
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {artist.name}
          </h1>
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
        </div>
      </header>
      <FollowArtistButton
        artistId={artist.id}
        isFollowing={artist.isFollowing}
        followerCount={artist.followerCount}
        signedIn={signedIn}
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <aside aria-label="Ratings" className="flex flex-col gap-6 lg:col-start-3 lg:row-start-1">
          <AspectAveragesCard
            allTime={artist.averages.allTime}
            lastTwelveMonths={artist.averages.lastTwelveMonths}
            noReviews="Nobody has reviewed a show of this artist yet."
          />
          <RatingTrendChart
            title="Overall rating by month"
            trend={artist.trend}
            aspects={['overall']}
          />
          <LovedSongs songs={artist.lovedSongs} />
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          {artist.bio && (
            <Card className="gap-3">
              <CardHeader>
                <CardTitle as="h2" className="text-lg">
                  About
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p className="leading-relaxed text-pretty text-muted-foreground">{artist.bio}</p>
              </CardContent>
            </Card>
          )}
          <CatalogueShowList
            title="Upcoming shows"
            shows={artist.upcomingShows}
            with="venue"
            empty="No upcoming shows"
          />
          <CatalogueShowList
            title="Past shows"
            shows={artist.pastShows}
            with="venue"
            empty="No past shows"
          />
          <CatalogueShowList
            title="Most reviewed shows"
            shows={artist.mostReviewedShows}
            with="venue"
            empty="No reviewed shows yet"
          />
        </div>
      </div>
    </div>
  );
}

function LovedSongs({ songs }: { songs: ArtistPage['lovedSongs'] }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Songs most loved live
        </CardTitle>
        <CardDescription>
          {songs.length > 0
            ? 'The songs reviewers marked as the highlights of a show.'
            : 'No reviewer has marked a highlight yet.'}
        </CardDescription>
      </CardHeader>
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
    </Card>
  );
}
