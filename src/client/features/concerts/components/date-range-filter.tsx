import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { Button } from '#client/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover';
import { Skeleton } from '#client/components/ui/skeleton';
import { cn } from '#client/lib/utils';
import { concertDay, dayKey } from '../lib/concert-format';
import { dateRangeLabel, dayClickRange } from '../lib/discover-filters';

// The calendar (react-day-picker) loads when the picker is about to be used, not with the page.
const loadCalendar = () => import('#client/components/ui/calendar');
const Calendar = lazy(() => loadCalendar().then((module) => ({ default: module.Calendar })));

/**
 * docs/product.md §5 and §9: a two-month range picker in a popover; days before today cannot be
 * picked and the range starts today unless another start is chosen. A click on a day picks
 * that day alone; a second click on another day makes the range between the two.
 */
export function DateRangeFilter({
  id,
  startDate,
  endDate,
  today,
  onChange,
}: {
  id?: string;
  /** yyyy-MM-dd, or '' for today. */
  startDate: string;
  endDate: string;
  today: string;
  onChange: (range: { startDate: string; endDate: string }) => void;
}) {
  const [open, setOpen] = useState(false);
  const from = concertDay(startDate || today) ?? undefined;
  const to = endDate ? (concertDay(endDate) ?? undefined) : undefined;
  const todayDate = concertDay(today) ?? new Date();
  const isDefault = !startDate && !endDate;

  const select = (_range: DateRange | undefined, clicked: Date) => {
    onChange(dayClickRange({ startDate, endDate }, dayKey(clicked)));
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
          className={cn(
            'w-full justify-start px-3 font-normal',
            isDefault && 'text-muted-foreground',
          )}
        >
          <CalendarDays className="text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{dateRangeLabel(from, to)}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        className="w-auto p-3"
        aria-label="Choose dates"
        // The calendar takes focus itself (autoFocus), on the chosen or today's day.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <Suspense fallback={<CalendarPlaceholder />}>
          <Calendar
            mode="range"
            numberOfMonths={2}
            defaultMonth={from}
            startMonth={from && from < todayDate ? from : todayDate}
            selected={{ from, to }}
            onSelect={select}
            disabled={{ before: todayDate }}
            autoFocus
          />
        </Suspense>
        <div className="mt-3 flex items-center justify-end gap-2 border-t pt-3">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={isDefault}
            onClick={() => onChange({ startDate: '', endDate: '' })}
          >
            Reset dates
          </Button>
          <Button type="button" size="sm" onClick={() => setOpen(false)}>
            Done
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function CalendarPlaceholder() {
  return (
    <LoadingStatus label="Loading calendar" className="flex flex-col gap-6 p-1 sm:flex-row">
      <Skeleton className="h-72 w-63" />
      <Skeleton className="hidden h-72 w-63 sm:block" />
    </LoadingStatus>
  );
}
