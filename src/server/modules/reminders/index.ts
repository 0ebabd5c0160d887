/** Concert reminders: the notices of shows starting soon, and their mail. */
export {
  remindOfUpcomingShows,
  sendConcertReminder,
  REMINDERS_PER_STATEMENT,
  type ReminderMailSources,
} from './service.ts';
