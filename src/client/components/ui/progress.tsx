import { cn } from '#client/lib/utils';

/** A determinate progress bar, announced with its label and percentage. */
export function Progress({
  value,
  label,
  className,
}: {
  /** 0 to 100. */
  value: number;
  label: string;
  className?: string;
}) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
    >
      <div
        className="h-full bg-primary transition-[width] duration-200"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
