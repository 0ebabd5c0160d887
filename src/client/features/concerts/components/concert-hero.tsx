import { MapPin } from 'lucide-react';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { Badge } from '#client/components/ui/badge';
import { artistPath, venuePath } from '#client/config/paths';
import { cn } from '#client/lib/utils';
import { genreName } from '../lib/concert-format';
import { posterLoading, useLoadablePoster } from './concert-image';
import { NameLink } from './name-link';

/** The hero spans the page: the window, less the 16rem sidebar from 768 px, up to 68rem. */
const HERO_SIZES = '(min-width: 1408px) 68rem, (min-width: 768px) calc(100vw - 20rem), 100vw';

/**
 * The top of a concert page: the poster with the artist and venue over it, or a plain title
 * when there is no poster (or it fails to load). The poster is the page's largest paint, so
 * it loads first.
 */
export function ConcertHero({ concert }: { concert: ConcertDetail }) {
  const poster = useLoadablePoster(concert.imageUrl);
  const image = poster.src;
  const genre = genreName(concert.genre);

  if (!image) {
    return (
      <header className="flex flex-col gap-3">
        {genre && <Badge variant="secondary">{genre}</Badge>}
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          <NameLink name={concert.artist} href={concert.artistId && artistPath(concert.artistId)} />
        </h1>
        <Place concert={concert} className="text-lg text-muted-foreground" />
      </header>
    );
  }

  return (
    <header className="relative isolate overflow-hidden rounded-2xl bg-muted shadow-sm">
      <img
        src={image}
        alt=""
        sizes={HERO_SIZES}
        {...posterLoading(true)}
        onError={poster.onError}
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-linear-to-t from-black/85 via-black/45 to-black/5" />
      <div className="flex min-h-60 flex-col justify-end gap-3 p-5 text-white sm:min-h-80 sm:p-8">
        {genre && (
          <Badge className="border-white/30 bg-white/20 text-white backdrop-blur-sm">{genre}</Badge>
        )}
        <h1 className="text-3xl font-bold tracking-tight text-balance drop-shadow-sm sm:text-5xl">
          <NameLink name={concert.artist} href={concert.artistId && artistPath(concert.artistId)} />
        </h1>
        <Place concert={concert} className="text-base text-white/90 sm:text-lg" />
      </div>
    </header>
  );
}

/** Where the concert is: the venue (its link) and the city, after a map pin. */
function Place({ concert, className }: { concert: ConcertDetail; className: string }) {
  return (
    <p className={cn('flex items-center gap-2', className)}>
      <MapPin className="size-5 shrink-0" aria-hidden="true" />
      <span>
        <NameLink name={concert.venue} href={concert.venueId && venuePath(concert.venueId)} />,{' '}
        {concert.city}
      </span>
    </p>
  );
}
