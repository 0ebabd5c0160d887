/** GET /api/concerts/{id}/calendar.ics: the concert as a calendar file. */
export const concertCalendarUrl = (concertId: string) =>
  `/api/concerts/${encodeURIComponent(concertId)}/calendar.ics`;
