/**
 * Ticket details (docs/product.md §2 "Diary"): seat, price paid, the people one went with
 * and a note, on one's own mark. They are the person's alone: only their own diary and
 * their data export read them. The people one went with are people one follows when saving.
 */
import type { SavedTicket, TicketUpdate } from '#shared/schemas/attendance';
import { badRequest, notFound } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { lockOwnMark, selectFollowedAmong, selectTicket, writeTicket } from './queries.ts';

export const NO_MARK = 'You have not marked this concert "Going" or "I was there"';
export const NOT_FOLLOWED = 'companions: you can only add people you follow';

/**
 * PUT /api/concerts/{id}/attendance/ticket: writes all of the details at once (an absent
 * field is none), in one transaction that holds the mark, so an unmark meanwhile waits
 * for it or makes it 404.
 */
export async function saveTicket(
  ctx: SignedInContext,
  concertId: string,
  body: TicketUpdate,
): Promise<SavedTicket> {
  const userId = ctx.viewerId;
  const companions = body.companions ?? [];
  const ticket = await ctx.write(async (tx) => {
    if (!(await lockOwnMark(tx, userId, concertId))) throw notFound(NO_MARK);
    if (companions.length > 0) {
      const followed = new Set(await selectFollowedAmong(tx, userId, companions));
      if (companions.some((id) => !followed.has(id))) throw badRequest(NOT_FOLLOWED);
    }
    await writeTicket(tx, userId, concertId, {
      seat: body.seat ?? null,
      pricePaid: body.pricePaid ?? null,
      note: body.note ?? null,
      companions,
    });
    return selectTicket(tx, userId, concertId);
  });
  return { concertId, ticket };
}
