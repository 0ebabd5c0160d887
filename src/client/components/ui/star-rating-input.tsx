import type { KeyboardEvent, PointerEvent } from 'react';
import { RATING_MAX, RATING_MIN, RATING_STEP } from '#shared/limits';
import { cn } from '#client/lib/utils';
import { STAR_POSITIONS, starFill, starsLabel } from './star-fill';
import { StarGlyph } from './stars';

const clamp = (value: number) => Math.min(RATING_MAX, Math.max(RATING_MIN, value));

/** What a press on star `position` means: its left half is the half star before it. */
function valueAt(event: PointerEvent<HTMLElement>, position: number): number {
  const box = event.currentTarget.getBoundingClientRect();
  const leftHalf = box.width > 0 && event.clientX - box.left < box.width / 2;
  return clamp(leftHalf ? position - RATING_STEP : position);
}

/**
 * Each star's target: 48 px wide, so each half star is a 24 × 40 px target (WCAG 2.5.8);
 * five of them take 240 px, which the review dialog keeps free at 320 px.
 */
export const STAR_TARGET_CLASS = 'flex h-10 w-12 items-center justify-center';

/**
 * A rating from 1 to 5 in half stars, one slider per aspect of a review. Mouse and touch
 * press a star (its left half for a half star); the keyboard moves by half a star with
 * the arrow keys, and to the ends with Home and End. Each has its own accessible name.
 * The chosen rating shows as a number beside the stars ("3.5"); the slider's value text
 * already says it, so the number is not read twice.
 */
export function StarRatingInput({
  label,
  value,
  onChange,
  disabled,
  className,
}: {
  /** e.g. "Performance rating". */
  label: string;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  className?: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next: Record<string, number> = {
      ArrowRight: value + RATING_STEP,
      ArrowUp: value + RATING_STEP,
      ArrowLeft: value - RATING_STEP,
      ArrowDown: value - RATING_STEP,
      Home: RATING_MIN,
      End: RATING_MAX,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    onChange(clamp(next[event.key]!));
  };

  return (
    <div className="flex flex-wrap items-center gap-x-2">
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-valuemin={RATING_MIN}
        aria-valuemax={RATING_MAX}
        aria-valuenow={value}
        aria-valuetext={starsLabel(value)}
        aria-disabled={disabled || undefined}
        onKeyDown={disabled ? undefined : onKeyDown}
        className={cn(
          'inline-flex touch-none items-center rounded-md select-none focus-ring',
          disabled && 'opacity-50',
          className,
        )}
      >
        {STAR_POSITIONS.map((position) => (
          <span
            key={position}
            data-position={position}
            className={cn(STAR_TARGET_CLASS, !disabled && 'cursor-pointer')}
            onPointerDown={disabled ? undefined : (event) => onChange(valueAt(event, position))}
          >
            <StarGlyph fill={starFill(value, position)} className="size-8" />
          </span>
        ))}
      </div>
      <span
        aria-hidden="true"
        data-rating-number
        className={cn('min-w-8 text-sm font-semibold tabular-nums', disabled && 'opacity-50')}
      >
        {value.toFixed(1)}
      </span>
    </div>
  );
}
