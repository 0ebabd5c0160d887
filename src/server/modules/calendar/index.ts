/** Calendars: a concert's .ics download and each person's private feed. */
export { calendarFeedPath } from './service.ts';
