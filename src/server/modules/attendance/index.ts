/** Marks on concerts ("Going", "I was there"). What other modules may use: a review marks its show attended. */
export { markAttendedIn } from './service.ts';
