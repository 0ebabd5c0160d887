/** The signed-in person's own account. What other modules may use. */
export { todayOfPerson } from './time-zone.ts';
