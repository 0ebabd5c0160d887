import { CalendarX, Download, Lock, Ticket as TicketIcon, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { Ticket } from '#shared/schemas/attendance';
import { diaryCsv } from '#shared/diary-csv';
import type { DiaryShow, OwnDiaryShow } from '#shared/schemas/diary';
import { EmptyState, NoMatches } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { LoadMore } from '#client/components/layout/load-more';
import { SkeletonStack } from '#client/components/layout/loading-status';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { toast } from '#client/components/ui/use-toast';
import { concertPath, reviewPath } from '#client/config/paths';
import { isForbidden } from '#client/lib/api';
import { useAnswerDidYouGo } from '../api/answer-did-you-go';
import { fetchWholeDiary, useDiary } from '../api/get-diary';
import type { DiaryFilters } from '../api/keys';
import { downloadCsv } from '../lib/download-csv';
import { formatDiaryDate, groupByYear } from '../lib/group-by-year';
import { defaultCurrency, ticketSummary } from '../lib/ticket';
import { DiaryImports } from './diary-imports';
import { DiaryNumbers } from './diary-numbers';
import { TicketDetailsButton } from './ticket-dialog';

/**
 * A diary (docs/product.md §2 "Diary"): its numbers, on one's own "Did you go?", the filters,
 * Export CSV and the imports, and the shows by year, each of one's own with its ticket
 * details. `who` is 'me' or a person's id; someone else's is read-only. `viewerId`, one's
 * own id, lists the people one follows for "Went with".
 */
export function DiaryView({
  who,
  own,
  viewerId,
}: {
  who: string;
  own: boolean;
  viewerId?: string | undefined;
}) {
  const [filters, setFilters] = useState<DiaryFilters>({});
  const diary = useDiary(who, filters);
  const filtered = Object.values(filters).some(Boolean);
  const importsPanelId = useId();
  const [importsOpen, setImportsOpen] = useState<boolean | null>(null);
  // An empty diary is when one wants to import: the forms open, and stay open once the
  // imported shows arrive, until closed.
  if (
    own &&
    importsOpen === null &&
    !filtered &&
    diary.isSuccess &&
    diary.data.pages[0]?.shows.length === 0
  ) {
    setImportsOpen(true);
  }
  if (diary.isError && isForbidden(diary.error)) {
    return (
      <EmptyState
        icon={Lock}
        title="Concert history is private"
        description="This person keeps the concerts they have been to to themselves."
      />
    );
  }
  const didYouGo = own ? (diary.data?.pages[0]?.didYouGo ?? []) : [];
  const tickets = own
    ? {
        viewerId,
        currency: defaultCurrency(
          (diary.data?.pages ?? []).flatMap((page) => page.shows.map(ticketOf)),
          typeof navigator === 'undefined' ? undefined : navigator.language,
        ),
      }
    : undefined;
  return (
    <div className="flex flex-col gap-6">
      <DiaryNumbers who={who} />
      {didYouGo.length > 0 && <DidYouGo shows={didYouGo} />}
      <DiaryFilterForm key={JSON.stringify(filters)} filters={filters} onChange={setFilters} />
      {own && (
        <>
          <div className="flex flex-wrap gap-2">
            <ExportCsvButton filters={filters} />
            <Button
              type="button"
              variant="outline"
              aria-expanded={importsOpen === true}
              aria-controls={importsPanelId}
              onClick={() => setImportsOpen(importsOpen !== true)}
            >
              <Upload aria-hidden="true" />
              Import shows
            </Button>
          </div>
          <DiaryImports
            panelId={importsPanelId}
            open={importsOpen === true}
            onOpen={() => setImportsOpen(true)}
          />
        </>
      )}
      <ListState
        query={diary}
        items={diary.data?.pages.flatMap((page) => page.shows)}
        loading={<SkeletonStack label="Loading diary" count={3} skeletonClassName="h-14 w-full" />}
        error={{ title: 'Failed to load the diary' }}
        empty={
          filtered ? (
            <NoMatches
              title="No shows match"
              description="No show in the diary matches these filters."
              clearLabel="Clear filters"
              onClear={() => setFilters({})}
            />
          ) : (
            <EmptyState
              icon={CalendarX}
              title="No shows yet"
              description={
                own
                  ? 'Mark a concert "I was there", or review it, and it shows up here. Or import the shows you went to, from setlist.fm or a file.'
                  : 'Shows they were at show up here.'
              }
            />
          )
        }
      >
        {(shows) => (
          <div className="flex flex-col gap-6">
            {groupByYear(shows).map((group) => (
              <YearSection
                key={group.year}
                year={group.year}
                shows={group.shows}
                own={own}
                tickets={tickets}
              />
            ))}
            <LoadMore query={diary} label="Load more shows" />
          </div>
        )}
      </ListState>
    </div>
  );
}

/** One's own show with its ticket details; undefined for a show of someone else's diary. */
function ownShow(show: DiaryShow): OwnDiaryShow | undefined {
  return 'ticket' in show ? (show as OwnDiaryShow) : undefined;
}

const ticketOf = (show: DiaryShow): Ticket | null | undefined => ownShow(show)?.ticket;

function YearSection({
  year,
  shows,
  own,
  tickets,
}: {
  year: string;
  shows: DiaryShow[];
  own: boolean;
  /** On one's own diary: what "Ticket details" needs. */
  tickets: { viewerId: string | undefined; currency: string } | undefined;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {year}
      </h2>
      <ul className="mt-2 divide-y rounded-xl border">
        {shows.map((show) => (
          <li key={show.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 p-3">
            <span className="w-28 shrink-0 text-sm text-muted-foreground tabular-nums">
              {formatDiaryDate(show.date)}
            </span>
            <Link href={concertPath(show.id)} className="font-medium hover:underline">
              {show.artist}
            </Link>
            <span className="text-sm text-muted-foreground">
              {show.venue}, {show.city}
              {show.country ? `, ${show.country}` : ''}
            </span>
            {own && show.reviewId ? (
              <Link
                href={reviewPath(show.reviewId)}
                className="text-sm text-primary hover:underline"
              >
                Your review
              </Link>
            ) : (
              show.reviewed && <span className="text-sm text-muted-foreground">Reviewed</span>
            )}
            {tickets && <OwnTicket show={show} {...tickets} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Ticket details" on a show of one's own diary, and what is saved under it. */
function OwnTicket({
  show,
  viewerId,
  currency,
}: {
  show: DiaryShow;
  viewerId: string | undefined;
  currency: string;
}) {
  const own = ownShow(show);
  if (!own) return null;
  return (
    <>
      <TicketDetailsButton show={own} viewerId={viewerId} currency={currency} />
      {own.ticket && <TicketLine ticket={own.ticket} />}
    </>
  );
}

/** One's ticket details on a show of one's own diary, in one line (nobody else sees them). */
function TicketLine({ ticket }: { ticket: Ticket }) {
  const parts = ticketSummary(ticket);
  return (
    <p className="flex basis-full items-center gap-2 text-sm text-muted-foreground">
      <TicketIcon aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">Your ticket: </span>
      <span className="min-w-0 truncate" title={ticket.note ?? undefined}>
        {[...parts, ...(ticket.note ? [ticket.note] : [])].join(' · ')}
      </span>
    </p>
  );
}

/** One's "Going" marks on shows that have happened: "I was there" or "I missed it". */
function DidYouGo({ shows }: { shows: DiaryShow[] }) {
  const headingId = useId();
  const answer = useAnswerDidYouGo();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Did you go?
      </h2>
      <ul className="mt-2 flex flex-col gap-3">
        {shows.map((show) => {
          const busy = answer.isPending && answer.variables?.concertId === show.id;
          const send = (wasThere: boolean) => {
            if (!answer.isPending) answer.mutate({ concertId: show.id, wasThere });
          };
          return (
            <li key={show.id} className="flex flex-wrap items-center gap-3">
              <span className="min-w-0 flex-1">
                <Link href={concertPath(show.id)} className="font-medium hover:underline">
                  {show.artist}
                </Link>{' '}
                <span className="text-sm text-muted-foreground">
                  {show.venue}, {show.city}, {formatDiaryDate(show.date)}
                </span>
              </span>
              <Button
                type="button"
                size="sm"
                aria-busy={busy || undefined}
                aria-disabled={answer.isPending || undefined}
                onClick={() => send(true)}
              >
                I was there<span className="sr-only">: {show.artist}</span>
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-busy={busy || undefined}
                aria-disabled={answer.isPending || undefined}
                onClick={() => send(false)}
              >
                I missed it<span className="sr-only">: {show.artist}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const FILTER_FIELDS = [
  ['year', 'Year'],
  ['artist', 'Artist'],
  ['venue', 'Venue'],
  ['city', 'City'],
] as const;

/** Year, artist, venue and city: applied together when the form is sent. */
function DiaryFilterForm({
  filters,
  onChange,
}: {
  filters: DiaryFilters;
  onChange: (filters: DiaryFilters) => void;
}) {
  const formId = useId();
  const [draft, setDraft] = useState<DiaryFilters>(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(
      Object.fromEntries(
        Object.entries(draft)
          .map(([name, value]) => [name, (value ?? '').trim()])
          .filter(([, value]) => value !== ''),
      ) as DiaryFilters,
    );
  };
  return (
    <form
      role="search"
      aria-label="Filter the diary"
      onSubmit={submit}
      className="grid grid-cols-2 items-end gap-3 sm:grid-cols-5"
    >
      {FILTER_FIELDS.map(([name, label]) => (
        <div key={name} className="grid min-w-0 gap-2">
          <Label htmlFor={`${formId}-${name}`}>{label}</Label>
          <Input
            id={`${formId}-${name}`}
            inputMode={name === 'year' ? 'numeric' : undefined}
            value={draft[name] ?? ''}
            onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          />
        </div>
      ))}
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {Object.values(filters).some(Boolean) && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setDraft({});
              onChange({});
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

/** "Export CSV": every show of the diary with the filters applied, as a file. */
function ExportCsvButton({ filters }: { filters: DiaryFilters }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    if (busy) return;
    setBusy(true);
    try {
      downloadCsv('encore-diary.csv', diaryCsv(await fetchWholeDiary('me', filters)));
    } catch {
      toast({ title: 'Error', description: 'Failed to export the diary', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      aria-busy={busy || undefined}
      onClick={() => void exportCsv()}
    >
      <Download aria-hidden="true" />
      Export CSV
    </Button>
  );
}
