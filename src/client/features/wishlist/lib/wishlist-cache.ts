import type { ConcertListItem } from '#shared/schemas/concerts';
import type { WishlistEntry } from '#shared/schemas/wishlist';

/** The entries with `concertId` saved; a stand-in entry until the server's answer arrives. */
export function withEntry(
  entries: WishlistEntry[] | undefined,
  concertId: string,
): WishlistEntry[] {
  const list = entries ?? [];
  if (list.some((entry) => entry.concertId === concertId)) return list;
  return [
    ...list,
    {
      id: `pending-${concertId}`,
      userId: '',
      concertId,
      createdAt: new Date().toISOString(),
    },
  ];
}

export function withoutEntry(
  entries: WishlistEntry[] | undefined,
  concertId: string,
): WishlistEntry[] | undefined {
  return entries?.filter((entry) => entry.concertId !== concertId);
}

export function withoutConcert(
  concerts: ConcertListItem[] | undefined,
  concertId: string,
): ConcertListItem[] | undefined {
  return concerts?.filter((concert) => concert.id !== concertId);
}

export function toConcertIds(entries: WishlistEntry[]): Set<string> {
  return new Set(entries.map((entry) => entry.concertId));
}
