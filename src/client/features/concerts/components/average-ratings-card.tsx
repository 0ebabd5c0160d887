import type { ConcertDetail } from '#shared/schemas/concerts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Stars } from '../../../components/ui/stars';
import { pluralize } from '../../../lib/utils';
import { formatRating } from '../../../lib/format';

type Averages = NonNullable<ConcertDetail['averageRatings']>;

const ASPECTS: { key: keyof Averages; label: string }[] = [
  { key: 'overall', label: 'Overall' },
  { key: 'performance', label: 'Performance' },
  { key: 'sound', label: 'Sound Quality' },
  { key: 'venue', label: 'Venue' },
  { key: 'value', label: 'Value for Money' },
];

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
        <dl className="grid gap-3 text-sm">
          {ASPECTS.map(({ key, label }) => (
            <div key={key} className="flex items-center justify-between gap-3">
              <dt className={key === 'overall' ? 'font-semibold' : 'text-muted-foreground'}>
                {label}
              </dt>
              <dd className="flex items-center gap-2">
                <Stars value={averages[key]} size="sm" />
                <span className="w-7 text-right font-medium tabular-nums">
                  {formatRating(averages[key])}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
