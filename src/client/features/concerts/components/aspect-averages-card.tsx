import type { AspectAverages } from '#shared/schemas/catalogue';
import { SectionCard } from '#client/components/layout/section-card';
import { CardContent } from '#client/components/ui/card';
import { Stars } from '#client/components/ui/stars';
import { formatRating } from '#client/lib/format';
import { cn, pluralize } from '#client/lib/utils';

/** The aspects as the concert page names them. */
export const ASPECTS = [
  { key: 'overall', label: 'Overall' },
  { key: 'performance', label: 'Performance' },
  { key: 'sound', label: 'Sound Quality' },
  { key: 'venue', label: 'Venue' },
  { key: 'value', label: 'Value for Money' },
] as const;

/**
 * An artist's or a venue's averages over all shows and over the last 12 months, side by
 * side; a period nobody reviewed says so instead of showing empty stars.
 */
export function AspectAveragesCard({
  allTime,
  lastTwelveMonths,
  noReviews,
}: {
  allTime: AspectAverages;
  lastTwelveMonths: AspectAverages;
  /** What to say when nobody has reviewed any show yet. */
  noReviews: string;
}) {
  return (
    <SectionCard
      title="Average Ratings"
      description={
        allTime.reviewCount > 0 ? `Based on ${pluralize(allTime.reviewCount, 'review')}` : noReviews
      }
    >
      {allTime.reviewCount > 0 && (
        <CardContent className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
          <PeriodAverages title="All time" averages={allTime} />
          <PeriodAverages title="Last 12 months" averages={lastTwelveMonths} />
        </CardContent>
      )}
    </SectionCard>
  );
}

function PeriodAverages({ title, averages }: { title: string; averages: AspectAverages }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">
        {title}{' '}
        <span className="font-normal text-muted-foreground">
          ({pluralize(averages.reviewCount, 'review')})
        </span>
      </h3>
      {averages.reviewCount === 0 ? (
        <p className="text-sm text-muted-foreground">No reviews of shows in this time.</p>
      ) : (
        <AspectAverageList averages={averages} className="gap-2.5" />
      )}
    </section>
  );
}

/** The five averages, each with its stars and one decimal; the overall one stands out. */
export function AspectAverageList({
  averages,
  className,
}: {
  averages: Record<(typeof ASPECTS)[number]['key'], number | null>;
  /** The space between the lines. */
  className: string;
}) {
  return (
    <dl className={cn('grid text-sm', className)}>
      {ASPECTS.map(({ key, label }) => {
        const value = averages[key] ?? 0;
        return (
          <div key={key} className="flex items-center justify-between gap-3">
            <dt className={key === 'overall' ? 'font-semibold' : 'text-muted-foreground'}>
              {label}
            </dt>
            <dd className="flex items-center gap-2">
              <Stars value={value} size="sm" />
              <span className="w-7 text-right font-medium tabular-nums">{formatRating(value)}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
