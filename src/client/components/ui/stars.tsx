import { Star } from 'lucide-react';
import { cn } from '#client/lib/utils';
import { STAR_POSITIONS, starFill, starsLabel, type StarFill } from './star-fill';

const sizeClasses = {
  sm: 'size-3.5',
  md: 'size-4',
  lg: 'size-5',
} as const;

export interface StarsProps {
  /** A rating from 0 to 5; halves draw half stars. */
  value: number;
  size?: keyof typeof sizeClasses;
  className?: string;
}

/** A read-only five-star display, announced as one image ("4.5 out of 5 stars"). */
export function Stars({ value, size = 'md', className }: StarsProps) {
  return (
    <span
      role="img"
      aria-label={starsLabel(value)}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {STAR_POSITIONS.map((position) => (
        <StarGlyph key={position} fill={starFill(value, position)} className={sizeClasses[size]} />
      ))}
    </span>
  );
}

export function StarGlyph({ fill, className }: { fill: StarFill; className: string }) {
  return (
    <span className={cn('relative inline-block shrink-0', className)} data-fill={fill}>
      <Star
        aria-hidden="true"
        className={cn(
          'absolute inset-0 size-full',
          fill === 'full' ? 'fill-rating text-rating' : 'fill-transparent text-muted-foreground/50',
        )}
      />
      {fill === 'half' && (
        <span className="absolute inset-y-0 left-0 w-1/2 overflow-hidden">
          <Star aria-hidden="true" className={cn('fill-rating text-rating', className)} />
        </span>
      )}
    </span>
  );
}
