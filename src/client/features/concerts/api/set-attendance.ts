import type { QueryKey } from '@tanstack/react-query';
import type { Attendance, AttendanceLookup, AttendanceStatus } from '#shared/schemas/attendance';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { api, serverMessage } from '#client/lib/api';
import { cachePatch, useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';
import { concertKeys } from './keys';

/**
 * PUT /api/concerts/{id}/attendance with the mark (201 new, 200 kept or changed), or DELETE
 * it when `status` is null (204; 409 for "I was there" while one's review stands).
 */
export async function setAttendance(
  concertId: string,
  status: AttendanceStatus | null,
): Promise<Attendance | null> {
  const path = `/concerts/${encodeURIComponent(concertId)}/attendance`;
  if (status === null) {
    await api.delete(path);
    return null;
  }
  return api.put<Attendance>(path, { status });
}

/** The viewer's marks on a page of cards, with this concert's set to `status`. */
function withMark(
  lookup: AttendanceLookup,
  concertId: string,
  status: AttendanceStatus | null,
): AttendanceLookup {
  const others = lookup.marks.filter((mark) => mark.concertId !== concertId);
  const reviewId = lookup.marks.find((mark) => mark.concertId === concertId)?.reviewId ?? null;
  return { marks: status ? [...others, { concertId, status, reviewId }] : others };
}

/**
 * Marks or unmarks the concert: its page (and, given `marksKey`, the page of concert cards
 * whose marks hold it) shows the new mark at once and the old one again if the server says
 * no (with the server's reason).
 */
export function useSetAttendance(concertId: string, marksKey?: QueryKey) {
  return useApiMutation({
    send: (status: AttendanceStatus | null) => setAttendance(concertId, status),
    refreshes: () => refreshes.attendanceChanged(concertId),
    optimistic: (status) => [
      cachePatch<ConcertDetail>(concertKeys.detail(concertId), (concert) => ({
        ...concert,
        viewerAttendance: status,
      })),
      ...(marksKey
        ? [cachePatch<AttendanceLookup>(marksKey, (lookup) => withMark(lookup, concertId, status))]
        : []),
    ],
    failed: (error, status) => ({
      title: 'Error',
      description:
        serverMessage(error) ??
        (status ? 'Failed to save your mark' : 'Failed to remove your mark'),
      variant: 'destructive',
    }),
  });
}
