/** Calendars: a concert's .ics download and each person's private feed. */
export { calendarRoutes } from './routes.ts';
export { calendarFeedPath } from './service.ts';
