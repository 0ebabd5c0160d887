/**
 * Marks on concerts ("Going", "I was there"). What other modules may use: a review marks its
 * show attended; one's own diary reads the ticket details of one's marks.
 */
export { markAttendedIn } from './service.ts';
export { ticketColumns, toTicket, type TicketColumnsRow } from './queries.ts';
