import { Ticket as TicketIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { TICKET_COMPANIONS_MAX } from '#shared/limits';
import {
  ticketBodySchema,
  type Ticket,
  type TicketBody,
  type TicketCompanion,
} from '#shared/schemas/attendance';
import type { OwnDiaryShow } from '#shared/schemas/diary';
import { givenName, handle } from '#shared/user-display';
import { DialogHeading } from '#client/components/layout/dialog-heading';
import { LoadMoreButton } from '#client/components/layout/load-more';
import { PersonAvatar } from '#client/components/layout/person-avatar';
import { Button } from '#client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/dialog';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Textarea } from '#client/components/ui/textarea';
import { toast } from '#client/components/ui/use-toast';
import { serverMessage } from '#client/lib/api';
import { useCompanionChoices } from '../api/get-companion-choices';
import { useSaveTicket } from '../api/save-ticket';
import { formatDiaryDate } from '../lib/group-by-year';
import { amountInput, COMMON_CURRENCIES, companionName, parseAmount } from '../lib/ticket';

type Field = 'seat' | 'pricePaid' | 'companions' | 'note';
type Problems = Partial<Record<Field, string>>;

/**
 * "Ticket details" on a show of one's own diary (docs/product.md §2 "Diary"): a button that
 * opens the dialog of seat, price paid, whom one went with (among the people one follows)
 * and a note. Nobody else ever sees them.
 */
export function TicketDetailsButton({
  show,
  viewerId,
  currency,
}: {
  show: OwnDiaryShow;
  /** One's own id, to list the people one follows; undefined while it loads. */
  viewerId: string | undefined;
  /** The currency "Price paid" starts from when the show has no price yet. */
  currency: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-label={`Ticket details: ${show.artist}`}
        onClick={() => setOpen(true)}
      >
        <TicketIcon aria-hidden="true" />
        Ticket details
      </Button>
      <TicketDialog
        open={open}
        onOpenChange={setOpen}
        show={show}
        viewerId={viewerId}
        currency={currency}
      />
    </>
  );
}

export function TicketDialog({
  open,
  onOpenChange,
  show,
  viewerId,
  currency,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  show: OwnDiaryShow;
  viewerId: string | undefined;
  currency: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        onInteractOutside={(event) => busy && event.preventDefault()}
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
      >
        <DialogHeading
          title="Ticket details"
          description={`${show.artist}, ${show.venue}, ${formatDiaryDate(show.date)}. Only you can see these.`}
        />
        {/* Mounted only while open, so every opening starts from what is saved. */}
        {open && (
          <TicketForm
            show={show}
            viewerId={viewerId}
            currency={show.ticket?.pricePaid?.currency ?? currency}
            onBusyChange={setBusy}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The field a refusal of the server names, and what to say under it: "companions: you can
 * only add people you follow" (the service's) or "Invalid body field 'seat': seat must be…"
 * (the schema's) → companions, "You can only add people you follow".
 */
function problemOf(message: string): Problems | undefined {
  const match = /^(?:Invalid body field '[\w.]+': )?(seat|pricePaid|companions|note)\b/.exec(
    message,
  );
  if (!match) return undefined;
  const said = message.replace(/^Invalid body field '[\w.]+': /, '').replace(/^[\w.]+:\s*/, '');
  return { [match[1] as Field]: sentence(said) };
}

/** "seat must be…" as a sentence under its field: "Seat must be…". */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function TicketForm({
  show,
  viewerId,
  currency: startCurrency,
  onBusyChange,
  onDone,
}: {
  show: OwnDiaryShow;
  viewerId: string | undefined;
  currency: string;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const saved: Ticket | null = show.ticket;
  const [seat, setSeat] = useState(saved?.seat ?? '');
  const [amount, setAmount] = useState(amountInput(saved?.pricePaid));
  const [currency, setCurrency] = useState(startCurrency);
  const [note, setNote] = useState(saved?.note ?? '');
  const [companions, setCompanions] = useState<TicketCompanion[]>(saved?.companions ?? []);
  const [problems, setProblems] = useState<Problems>({});
  const save = useSaveTicket();
  const seatRef = useRef<HTMLInputElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  // The first field with a problem takes focus, so its message is read out with it.
  const showProblems = (found: Problems) => {
    setProblems(found);
    const first: HTMLElement | null = found.seat
      ? seatRef.current
      : found.pricePaid
        ? priceRef.current
        : found.companions
          ? searchRef.current
          : found.note
            ? noteRef.current
            : null;
    first?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const price = parseAmount(amount, currency);
    const body: TicketBody = {
      seat,
      pricePaid:
        'minor' in price && price.minor !== null ? { amount: price.minor, currency } : null,
      companions: companions.map((person) => person.id),
      note,
    };
    const found: Problems = {};
    if ('error' in price) found.pricePaid = price.error;
    for (const issue of ticketBodySchema.safeParse(body).error?.issues ?? []) {
      const field = issue.path[0] as Field;
      found[field] ??= sentence(issue.message);
    }
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    setProblems({});
    onBusyChange(true);
    save.mutate(
      { concertId: show.id, ticket: body },
      {
        onSuccess: () => {
          onBusyChange(false);
          onDone();
        },
        onError: (error) => {
          onBusyChange(false);
          const message = serverMessage(error);
          const problem = message ? problemOf(message) : undefined;
          if (problem) {
            showProblems(problem);
          } else {
            toast({
              title: 'Error',
              description: message ?? 'Failed to save the ticket details',
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  const offered = COMMON_CURRENCIES.includes(currency as (typeof COMMON_CURRENCIES)[number])
    ? COMMON_CURRENCIES
    : [currency, ...COMMON_CURRENCIES];

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <FormField label="Seat" error={problems.seat}>
        {(props) => (
          <Input
            {...props}
            ref={seatRef}
            value={seat}
            placeholder="Row F, seat 12"
            onChange={(event) => setSeat(event.target.value)}
          />
        )}
      </FormField>

      <PriceField
        amount={amount}
        currency={currency}
        currencies={offered}
        onAmountChange={setAmount}
        onCurrencyChange={setCurrency}
        error={problems.pricePaid}
        inputRef={priceRef}
      />

      <CompanionPicker
        viewerId={viewerId}
        chosen={companions}
        onChange={setCompanions}
        error={problems.companions}
        searchRef={searchRef}
      />

      <FormField label="Note" error={problems.note}>
        {(props) => (
          <Textarea
            {...props}
            ref={noteRef}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </FormField>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" aria-busy={save.isPending || undefined} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** What a field's control gets: its id, and its message tied to it while there is one. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
}

/** A labelled control with its validation message under it. */
function FormField({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': `${id}-error`,
      })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="text-sm text-destructive empty:hidden">
      {message}
    </p>
  );
}

/** "Price paid": the amount as one writes it, and its currency. */
function PriceField({
  amount,
  currency,
  currencies,
  onAmountChange,
  onCurrencyChange,
  error,
  inputRef,
}: {
  amount: string;
  currency: string;
  currencies: readonly string[];
  onAmountChange: (value: string) => void;
  onCurrencyChange: (value: string) => void;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Price paid</legend>
      <div className="flex gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={`${id}-amount`} className="sr-only">
            Amount
          </Label>
          <Input
            id={`${id}-amount`}
            ref={inputRef}
            inputMode="decimal"
            autoComplete="off"
            placeholder="45.50"
            value={amount}
            onChange={(event) => onAmountChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-currency`} className="sr-only">
            Currency
          </Label>
          <select
            id={`${id}-currency`}
            value={currency}
            onChange={(event) => onCurrencyChange(event.target.value)}
            className="focus-ring h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs dark:bg-input/30"
          >
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * "Went with": the people one follows as a checklist, those chosen first, narrowed by a
 * search over the names loaded; at most TICKET_COMPANIONS_MAX.
 */
function CompanionPicker({
  viewerId,
  chosen,
  onChange,
  error,
  searchRef,
}: {
  viewerId: string | undefined;
  chosen: TicketCompanion[];
  onChange: (chosen: TicketCompanion[]) => void;
  error: string | undefined;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const following = useCompanionChoices(viewerId);
  const chosenIds = new Set(chosen.map((person) => person.id));
  const full = chosen.length >= TICKET_COMPANIONS_MAX;
  const term = search.trim().toLowerCase();
  const matches = (person: TicketCompanion) =>
    term === '' ||
    `${companionName(person)} ${handle(person)}`.toLowerCase().includes(term.replace(/^@/, ''));
  const loaded = following.data?.pages.flat() ?? [];
  const people: TicketCompanion[] = [
    ...chosen,
    ...loaded
      .filter((person) => !chosenIds.has(person.id))
      .map(({ id: personId, username, firstName, lastName, profileImageUrl }) => ({
        id: personId,
        username,
        firstName,
        lastName,
        profileImageUrl,
      })),
  ].filter(matches);

  const toggle = (person: TicketCompanion, on: boolean) =>
    onChange(on ? [...chosen, person] : chosen.filter((p) => p.id !== person.id));

  let state: ReactNode = null;
  if (following.isPending && viewerId !== undefined) {
    state = <p className="text-sm text-muted-foreground">Loading the people you follow…</p>;
  } else if (viewerId === undefined) {
    state = <p className="text-sm text-muted-foreground">Loading…</p>;
  } else if (following.isError && loaded.length === 0) {
    state = (
      <div className="flex items-center gap-2 text-sm">
        <span className="text-destructive">Failed to load the people you follow</span>
        <Button type="button" size="sm" variant="outline" onClick={() => void following.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (loaded.length === 0 && chosen.length === 0) {
    state = (
      <p className="text-sm text-muted-foreground">
        Follow the people you go to shows with, and you can add them here.
      </p>
    );
  } else if (people.length === 0) {
    state = <p className="text-sm text-muted-foreground">Nobody you follow matches.</p>;
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint ${id}-error`}>
      <legend className="mb-2 text-sm leading-none font-medium">Went with</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        People you follow; {chosen.length} of {TICKET_COMPANIONS_MAX} chosen.
      </p>
      <Label htmlFor={`${id}-search`} className="sr-only">
        Search people you follow
      </Label>
      <Input
        id={`${id}-search`}
        ref={searchRef}
        type="search"
        placeholder="Search people you follow"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      />
      {state ?? (
        <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1">
          {people.map((person) => {
            const on = chosenIds.has(person.id);
            return (
              <li key={person.id}>
                <label className="flex min-h-9 items-center gap-3 rounded-md px-2 py-1 text-sm hover:bg-muted has-[:disabled]:opacity-60">
                  <input
                    type="checkbox"
                    className="focus-ring size-4 accent-primary"
                    checked={on}
                    disabled={!on && full}
                    onChange={(event) => toggle(person, event.currentTarget.checked)}
                  />
                  {/* The name stands beside it: the initials would only be read twice. */}
                  <span aria-hidden="true">
                    <PersonAvatar person={person} className="size-6" fallbackClassName="text-xs" />
                  </span>
                  <span className="min-w-0 truncate">
                    {givenName(person) ?? handle(person)}
                    {givenName(person) && (
                      <span className="text-muted-foreground"> {handle(person)}</span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMoreButton query={following} label="Load more people" className="justify-self-start" />
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
