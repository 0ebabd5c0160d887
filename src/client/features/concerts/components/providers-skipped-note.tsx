/**
 * Says when the list shows only Encore's own concerts because Ticketmaster's were left out
 * for now (its calls are paused, or it is not answering). The status region is always there
 * and empty otherwise, so screen readers announce the words when they appear, politely.
 */
export function ProvidersSkippedNote({ ticketmasterLeftOut }: { ticketmasterLeftOut: boolean }) {
  return (
    <p role="status" className="text-sm text-muted-foreground empty:hidden">
      {ticketmasterLeftOut
        ? 'Showing concerts from Encore only — Ticketmaster results are paused for a while.'
        : null}
    </p>
  );
}
