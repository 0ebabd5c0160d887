import { apiUrl } from '#client/lib/api';

/** GET /api/concerts/{id}/calendar.ics: the concert as a calendar file. */
export const concertCalendarUrl = (concertId: string) =>
  apiUrl(`/concerts/${encodeURIComponent(concertId)}/calendar.ics`);
