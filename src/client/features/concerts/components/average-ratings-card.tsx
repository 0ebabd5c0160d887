import type { ConcertDetail } from '#shared/schemas/concerts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card';
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
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Average Ratings
        </CardTitle>
        <CardDescription>Based on {pluralize(reviewCount, 'review')}</CardDescription>
      </CardHeader>
      <CardContent>
        <AspectAverageList averages={averages} className="gap-3" />
      </CardContent>
    </Card>
  );
}
