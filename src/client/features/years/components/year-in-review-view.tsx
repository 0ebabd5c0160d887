import { CalendarX2, ImageDown, Music2, UserX } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { AspectAverages, YearInReview } from '#shared/schemas/years';
import { displayName } from '#shared/user-display';
import { EmptyState } from '#client/components/layout/empty-state';
import { LoadError } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { HeadedPage } from '#client/components/layout/page-header';
import { PageState } from '#client/components/layout/page-state';
import { SectionCard } from '#client/components/layout/section-card';
import { CardContent } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { artistPath, concertPath } from '#client/config/paths';
import { formatDay, formatRating } from '#client/lib/format';
import { pluralize } from '#client/lib/utils';
import { useYear, yearImageUrl } from '../api/get-year';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ASPECTS: { key: keyof AspectAverages; label: string }[] = [
  { key: 'overall', label: 'Overall' },
  { key: 'performance', label: 'Performance' },
  { key: 'sound', label: 'Sound' },
  { key: 'venue', label: 'Venue' },
  { key: 'value', label: 'Value' },
];

/**
 * A person's year of shows (docs/product.md "Year in review"): what they saw, when, how
 * they rated it against everyone, their top show and most-seen artist, and, for a public
 * year, its shareable picture. `yearPath` links the person's other years.
 */
export function YearInReviewView({
  username,
  year,
  isOwn,
  yearPath,
}: {
  username: string;
  year: number;
  isOwn: boolean;
  yearPath: (year: number) => string;
}) {
  const query = useYear(username, year);
  return (
    <PageState
      query={query}
      loading={
        <LoadingStatus label="Loading year in review" className="flex flex-col gap-6">
          <Skeleton className="h-9 w-2/3 max-w-md" aria-hidden="true" />
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-hidden="true">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-20 rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-40 w-full rounded-xl" aria-hidden="true" />
        </LoadingStatus>
      }
      notFound={
        <HeadedPage title="Year in review">
          <EmptyState
            icon={UserX}
            title="Year in review not found"
            description="This person doesn't exist, or doesn't share their concert history."
          />
        </HeadedPage>
      }
      failed={(retry) => (
        <HeadedPage title="Year in review">
          <LoadError {...retry} title="Failed to load year in review" />
        </HeadedPage>
      )}
    >
      {(data) => <LoadedYear data={data} isOwn={isOwn} yearPath={yearPath} />}
    </PageState>
  );
}

function LoadedYear({
  data,
  isOwn,
  yearPath,
}: {
  data: YearInReview;
  isOwn: boolean;
  yearPath: (year: number) => string;
}) {
  const name = displayName(data.user);
  const title = isOwn ? `Your ${data.year} in concerts` : `${name}'s ${data.year} in concerts`;
  return (
    <HeadedPage title={title} description="Year in review">
      <YearLinks data={data} yearPath={yearPath} />
      {data.showsAttended === 0 ? (
        <EmptyState
          icon={CalendarX2}
          title={`No shows in ${data.year} yet`}
          description={
            isOwn
              ? 'Reviews of the shows you go to this year will fill this page.'
              : `Once ${name} reviews shows from ${data.year}, they will show here.`
          }
        />
      ) : (
        <>
          <Figures data={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <Months months={data.months} />
            <Averages data={data} isOwn={isOwn} />
          </div>
          <Standouts data={data} />
        </>
      )}
      {/* An empty year has no picture; a year others may not see has none to share. */}
      {data.isPublic && data.showsAttended > 0 && <ShareImage data={data} />}
    </HeadedPage>
  );
}

/** The person's other years with shows, and this one. */
function YearLinks({ data, yearPath }: { data: YearInReview; yearPath: (year: number) => string }) {
  const years = [...new Set([...data.years, data.year])].sort((a, b) => b - a);
  if (years.length < 2) return null;
  return (
    <nav aria-label="Years">
      <ul className="flex flex-wrap gap-2">
        {years.map((year) => (
          <li key={year}>
            <Link
              href={yearPath(year)}
              aria-current={year === data.year ? 'page' : undefined}
              className="inline-flex rounded-full border px-3 py-1 text-sm tabular-nums hover:bg-accent focus-ring aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {year}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Figures({ data }: { data: YearInReview }) {
  const figures: [number, string, string][] = [
    [data.showsAttended, 'show attended', 'shows attended'],
    [data.showsReviewed, 'review written', 'reviews written'],
    [data.artists, 'artist', 'artists'],
    [data.venues, 'venue', 'venues'],
    [data.cities, 'city', 'cities'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {figures.map(([value, one, many]) => (
        <div key={many} className="flex flex-col-reverse rounded-xl border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{value === 1 ? one : many}</dt>
          <dd className="text-3xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Months({ months }: { months: number[] }) {
  const highest = Math.max(1, ...months);
  return (
    <SectionCard title="Shows by month">
      <CardContent>
        <ol className="flex h-40 items-end gap-1 sm:gap-2">
          {months.map((count, index) => (
            <li key={index} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
              <span className="sr-only">
                {MONTHS[index]}: {pluralize(count, 'show')}
              </span>
              <span aria-hidden="true" className="text-xs tabular-nums text-muted-foreground">
                {count > 0 ? count : ''}
              </span>
              <span
                aria-hidden="true"
                className={count > 0 ? 'w-full rounded-t bg-primary' : 'w-full rounded-t bg-muted'}
                style={{ height: `${Math.max(4, (count / highest) * 100)}%` }}
              />
              <span aria-hidden="true" className="text-xs text-muted-foreground">
                {MONTHS[index]!.slice(0, 1)}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </SectionCard>
  );
}

function Averages({ data, isOwn }: { data: YearInReview; isOwn: boolean }) {
  const captionId = useId();
  const mine = data.averages;
  const community = data.communityAverages;
  return (
    <SectionCard title="Ratings against the community" titleId={captionId}>
      <CardContent>
        <table className="w-full text-sm" aria-labelledby={captionId}>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="pb-2 font-medium">
                Aspect
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                {isOwn ? 'You' : displayName(data.user)}
              </th>
              <th scope="col" className="pb-2 text-right font-medium">
                Community
              </th>
            </tr>
          </thead>
          <tbody>
            {ASPECTS.map(({ key, label }) => (
              <tr key={key} className="border-t">
                <th scope="row" className="py-2 text-left font-medium">
                  {label}
                </th>
                <td className="py-2 text-right tabular-nums">
                  {mine ? formatRating(mine[key]) : '–'}
                </td>
                <td className="py-2 text-right tabular-nums">
                  {community ? formatRating(community[key]) : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-muted-foreground">
          Community: every review of {data.year}&apos;s concerts on Encore.
        </p>
      </CardContent>
    </SectionCard>
  );
}

function Standouts({ data }: { data: YearInReview }) {
  const { topShow, mostSeenArtist } = data;
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {topShow && (
        <SectionCard title="Top show" className="gap-2">
          <CardContent className="flex flex-col gap-1">
            <StandoutLink href={concertPath(topShow.id)}>{topShow.artist}</StandoutLink>
            <p className="text-sm text-muted-foreground">
              {topShow.venue}, {topShow.city} · {formatDay(topShow.date)}
            </p>
            <p className="text-sm">Rated {formatRating(topShow.overallRating)} out of 5</p>
          </CardContent>
        </SectionCard>
      )}
      {mostSeenArtist && (
        <SectionCard title="Most-seen artist" className="gap-2">
          <CardContent className="flex items-center gap-2">
            <Music2 className="size-4 text-primary" aria-hidden="true" />
            <StandoutLink href={artistPath(mostSeenArtist.id)}>{mostSeenArtist.name}</StandoutLink>
            <span className="text-sm text-muted-foreground">
              {pluralize(mostSeenArtist.shows, 'show')}
            </span>
          </CardContent>
        </SectionCard>
      )}
    </div>
  );
}

function StandoutLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="focus-ring rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
}

/** A public year's picture, to post anywhere; the public page's link preview shows it too. */
function ShareImage({ data }: { data: YearInReview }) {
  const src = yearImageUrl(data.user.username, data.year);
  return (
    <SectionCard title="Shareable image">
      <CardContent className="flex flex-col gap-3">
        <img
          src={src}
          alt={`${displayName(data.user)}'s ${data.year} in concerts, as a picture`}
          width={1200}
          height={630}
          loading="lazy"
          className="h-auto w-full max-w-xl rounded-lg border"
        />
        <a
          href={src}
          download={`encore-${data.user.username}-${data.year}.png`}
          className="focus-ring inline-flex w-fit items-center rounded-sm gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ImageDown className="size-4" aria-hidden="true" />
          Download image
        </a>
      </CardContent>
    </SectionCard>
  );
}
