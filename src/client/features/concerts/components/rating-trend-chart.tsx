import { useId } from 'react';
import type { TrendMonth } from '#shared/schemas/catalogue';
import { SectionCard } from '#client/components/layout/section-card';
import { CardContent } from '#client/components/ui/card';
import { formatRating } from '#client/lib/format';
import { pluralize } from '#client/lib/utils';
import { ASPECTS } from './aspect-averages-card';

type Aspect = (typeof ASPECTS)[number]['key'];

/** The lines' colours and dash patterns, so two series differ by more than colour. */
const SERIES_STYLES = [
  { className: 'text-primary', dash: undefined },
  { className: 'text-rating', dash: '5 4' },
] as const;

// Drawn for the narrow side column it usually sits in, so its words stay readable there.
const WIDTH = 260;
const HEIGHT = 150;
const PAD = { top: 10, right: 10, bottom: 24, left: 22 };
const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const monthAndYear = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * Average ratings month by month over the last 12 months: a hand-drawn SVG (a line per
 * aspect, broken where a month had no reviewed show) for the eye, and the same figures as a
 * table for screen readers, which the drawing itself is hidden from.
 */
export function RatingTrendChart({
  title,
  trend,
  aspects,
}: {
  title: string;
  trend: TrendMonth[];
  aspects: readonly Aspect[];
}) {
  const descriptionId = useId();
  const reviewed = trend.some((month) => month.reviewCount > 0);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (plotWidth * index) / Math.max(1, trend.length - 1);
  const y = (rating: number) => PAD.top + plotHeight * (1 - (rating - 1) / 4);
  const labelOf = (aspect: Aspect) => ASPECTS.find((a) => a.key === aspect)!.label;

  return (
    <SectionCard
      title={title}
      description={
        reviewed
          ? 'Average ratings of each month’s shows over the last 12 months.'
          : 'No reviewed shows in the last 12 months yet.'
      }
      descriptionId={descriptionId}
    >
      {reviewed && (
        <CardContent className="flex flex-col gap-3">
          <ul className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden="true">
            {aspects.map((aspect, index) => (
              <li key={aspect} className="flex items-center gap-1.5">
                <svg width="20" height="8" className={SERIES_STYLES[index]!.className}>
                  <line
                    x1="0"
                    y1="4"
                    x2="20"
                    y2="4"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeDasharray={SERIES_STYLES[index]!.dash}
                  />
                </svg>
                {labelOf(aspect)}
              </li>
            ))}
          </ul>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            className="h-auto w-full"
            aria-hidden="true"
            focusable="false"
          >
            {[1, 2, 3, 4, 5].map((rating) => (
              <g key={rating} className="text-muted-foreground">
                <line
                  x1={PAD.left}
                  x2={WIDTH - PAD.right}
                  y1={y(rating)}
                  y2={y(rating)}
                  stroke="currentColor"
                  strokeOpacity="0.2"
                />
                <text
                  x={PAD.left - 6}
                  y={y(rating) + 4}
                  textAnchor="end"
                  fontSize="12"
                  fill="currentColor"
                >
                  {rating}
                </text>
              </g>
            ))}
            {trend.map((month, index) =>
              index % 2 === trend.length % 2 ? null : (
                <text
                  key={month.month}
                  x={x(index)}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  fontSize="12"
                  className="fill-muted-foreground"
                >
                  {monthName.format(monthDate(month.month))}
                </text>
              ),
            )}
            {aspects.map((aspect, index) => {
              const style = SERIES_STYLES[index]!;
              const points = trend.map((month, i) =>
                month[aspect] === null ? null : { x: x(i), y: y(month[aspect]!) },
              );
              // A month without reviews breaks the line rather than drawing through it.
              const path = points
                .map((point, i) =>
                  point ? `${i > 0 && points[i - 1] ? 'L' : 'M'}${point.x},${point.y}` : '',
                )
                .join(' ');
              return (
                <g key={aspect} className={style.className}>
                  <path
                    d={path}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeDasharray={style.dash}
                  />
                  {points.map((point, i) =>
                    point ? (
                      <circle key={i} cx={point.x} cy={point.y} r="3" fill="currentColor" />
                    ) : null,
                  )}
                </g>
              );
            })}
          </svg>
          {/* In a clipped box: a table is never narrower than its cells, whatever its own width. */}
          <div className="sr-only">
            <table aria-describedby={descriptionId}>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  {aspects.map((aspect) => (
                    <th key={aspect} scope="col">
                      {labelOf(aspect)}
                    </th>
                  ))}
                  <th scope="col">Reviews</th>
                </tr>
              </thead>
              <tbody>
                {trend.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{monthAndYear.format(monthDate(month.month))}</th>
                    {aspects.map((aspect) => (
                      <td key={aspect}>
                        {month[aspect] === null ? 'No reviews' : formatRating(month[aspect]!)}
                      </td>
                    ))}
                    <td>{pluralize(month.reviewCount, 'review')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CardContent>
      )}
    </SectionCard>
  );
}
