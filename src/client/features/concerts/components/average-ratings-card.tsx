import type { ConcertDetail } from '#shared/schemas/concerts';
import { SectionCard } from '#client/components/layout/section-card';
import { CardContent } from '#client/components/ui/card';
import { pluralize } from '#client/lib/utils';
import { AspectAverageList } from './aspect-averages-card';

type Averages = NonNullable<ConcertDetail['averageRatings']>;

/** The five averages over the concert's reviews, with stars and one decimal. */
export function AverageRatingsCard({
  averages,
  reviewCount,
}: {
  averages: Averages;
  reviewCount: number;
}) {
  return (
    <SectionCard
      title="Average Ratings"
      description={`Based on ${pluralize(reviewCount, 'review')}`}
    >
      <CardContent>
        <AspectAverageList averages={averages} className="gap-3" />
      </CardContent>
    </SectionCard>
  );
}
