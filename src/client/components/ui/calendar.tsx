import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useRef, type ComponentProps } from 'react';
import { DayPicker, getDefaultClassNames, type DayButtonProps } from 'react-day-picker';
import { cn } from '#client/lib/utils';
import { buttonVariants } from './button';

/**
 * react-day-picker styled with the app's tokens. DayPicker's own stylesheet is not loaded:
 * every part is styled here, and its `rdp-*` class names stay for tests and tooling.
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  components,
  ...props
}: ComponentProps<typeof DayPicker>) {
  const defaults = getDefaultClassNames();
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn('w-fit p-1 [--cell-size:--spacing(9)]', className)}
      classNames={{
        root: cn('relative', defaults.root),
        months: cn('relative flex flex-col gap-6 sm:flex-row', defaults.months),
        month: cn('flex w-full flex-col gap-3', defaults.month),
        nav: cn(
          'absolute inset-x-0 top-0 flex h-(--cell-size) items-center justify-between',
          defaults.nav,
        ),
        button_previous: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'z-10 size-(--cell-size) p-0 aria-disabled:opacity-40',
          defaults.button_previous,
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'z-10 size-(--cell-size) p-0 aria-disabled:opacity-40',
          defaults.button_next,
        ),
        month_caption: cn(
          'flex h-(--cell-size) w-full items-center justify-center px-(--cell-size)',
          defaults.month_caption,
        ),
        caption_label: cn('text-sm font-medium select-none', defaults.caption_label),
        month_grid: cn('w-full border-collapse', defaults.month_grid),
        weekdays: cn('flex', defaults.weekdays),
        weekday: cn(
          'w-(--cell-size) text-[0.8rem] font-normal text-muted-foreground select-none',
          defaults.weekday,
        ),
        week: cn('mt-1 flex w-full', defaults.week),
        day: cn('group/day relative size-(--cell-size) p-0 text-center select-none', defaults.day),
        range_start: cn('rounded-l-md bg-accent', defaults.range_start),
        range_middle: cn('rounded-none bg-accent', defaults.range_middle),
        range_end: cn('rounded-r-md bg-accent', defaults.range_end),
        today: cn(defaults.today),
        outside: cn('text-muted-foreground', defaults.outside),
        disabled: cn('text-muted-foreground opacity-50', defaults.disabled),
        hidden: cn('invisible', defaults.hidden),
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: chevronClass }) =>
          orientation === 'left' ? (
            <ChevronLeftIcon className={cn('size-4', chevronClass)} aria-hidden="true" />
          ) : (
            <ChevronRightIcon className={cn('size-4', chevronClass)} aria-hidden="true" />
          ),
        DayButton: CalendarDayButton,
        ...components,
      }}
      {...props}
    />
  );
}

function CalendarDayButton({ className, day: _day, modifiers, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);

  const edge = modifiers.range_start || modifiers.range_end;
  const single = modifiers.selected && !modifiers.range_middle && !edge;
  return (
    <button
      ref={ref}
      data-today={modifiers.today || undefined}
      className={cn(
        'flex size-(--cell-size) items-center justify-center rounded-md text-sm tabular-nums',
        'hover:bg-accent hover:text-accent-foreground focus-ring',
        'disabled:pointer-events-none',
        modifiers.today && !modifiers.selected && 'font-semibold text-primary',
        modifiers.range_middle && 'rounded-none bg-transparent text-accent-foreground',
        (edge || single) &&
          'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
        className,
      )}
      {...props}
    />
  );
}
