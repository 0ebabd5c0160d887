import type { SavedTicket, TicketBody } from '#shared/schemas/attendance';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

export interface TicketSave {
  concertId: string;
  ticket: TicketBody;
}

/**
 * PUT /api/concerts/{id}/attendance/ticket: the whole of one's ticket details on a show of
 * one's diary. One's own diary asks again after; the form shows a refusal under its field.
 */
export function useSaveTicket() {
  return useApiMutation({
    send: ({ concertId, ticket }: TicketSave) =>
      api.put<SavedTicket>(`/concerts/${encodeURIComponent(concertId)}/attendance/ticket`, ticket),
    refreshes: () => refreshes.ticketSaved(),
    succeeded: () => ({ title: 'Ticket details saved' }),
  });
}
