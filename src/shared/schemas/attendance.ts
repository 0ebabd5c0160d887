import { z } from 'zod';
import { CONCERT_ID_MAX } from '../constants.ts';
import {
  PRICE_PAID_MAX_MINOR,
  TICKET_COMPANIONS_MAX,
  TICKET_NOTE_MAX,
  TICKET_SEAT_MAX,
} from '../limits.ts';
import { idParam, rawWrittenTextMax, text, tidyWrittenText, writtenText } from './common.ts';
import { personFields } from './users.ts';

/** A person's mark on a concert: "Going" before it, "I was there" from its day on. */
export const ATTENDANCE_STATUSES = ['going', 'attended'] as const;
export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES);
export type AttendanceStatus = z.infer<typeof attendanceStatusSchema>;

/** PUT /api/concerts/{id}/attendance. */
export const markAttendanceBodySchema = z.object({ status: attendanceStatusSchema });
export type MarkAttendanceBody = z.infer<typeof markAttendanceBodySchema>;

/** The viewer's mark as PUT answers it. */
export const attendanceSchema = z
  .object({
    concertId: z.string(),
    status: attendanceStatusSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Attendance' });
export type Attendance = z.infer<typeof attendanceSchema>;

/** How many of the people one follows a concert page names under "Friends going". */
export const CONCERT_FRIENDS_MAX = 12;

/**
 * GET /api/concerts/{id}/friends: the people the viewer follows who marked the concert,
 * latest mark first ("Going" on one still to come, "I was there" on one past; on its day
 * either), at most CONCERT_FRIENDS_MAX, and how many there are in all.
 */
export const concertFriendsSchema = z
  .object({
    people: z.array(
      z.object({
        id: z.uuid(),
        username: z.string().nullable(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        profileImageUrl: z.string().nullable(),
        status: attendanceStatusSchema,
      }),
    ),
    total: z.number().int().min(0),
  })
  .meta({ id: 'ConcertFriends' });
export type ConcertFriends = z.infer<typeof concertFriendsSchema>;

/** How many concerts one GET /api/users/me/attendance asks about. */
export const ATTENDANCE_LOOKUP_MAX = 100;

/** GET /api/users/me/attendance?concertIds=a,b,c: the viewer's marks on those concerts. */
export const attendanceLookupQuerySchema = z.object({
  concertIds: text('concertIds')
    .transform((ids) => [
      ...new Set(
        ids
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(CONCERT_ID_MAX, 'concertIds: an id is too long'))
        .min(1, 'concertIds needs at least one id')
        .max(ATTENDANCE_LOOKUP_MAX, `concertIds takes at most ${ATTENDANCE_LOOKUP_MAX} ids`),
    ),
});

/**
 * The viewer's marks among the concerts asked about; a concert not marked is left out.
 * `reviewId` is the viewer's review of it, which keeps "I was there" (the card says so).
 */
export const attendanceLookupSchema = z
  .object({
    marks: z.array(
      z.object({
        concertId: z.string(),
        status: attendanceStatusSchema,
        reviewId: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'AttendanceLookup' });
export type AttendanceLookup = z.infer<typeof attendanceLookupSchema>;

/** How many of one's upcoming "Going" shows GET /api/users/me/going lists, soonest first. */
export const UPCOMING_GOING_MAX = 50;

/** One's "Going" shows still to come, soonest first: what the app keeps for offline use. */
export const upcomingGoingSchema = z
  .object({ concerts: z.array(z.object({ id: z.string(), date: z.string() })) })
  .meta({ id: 'UpcomingGoing' });
export type UpcomingGoing = z.infer<typeof upcomingGoingSchema>;

/**
 * An ISO 4217 code the runtime knows (three capital letters; `Intl.supportedValuesOf`, in
 * Node and every current browser, where it exists).
 */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [code];
  return known.includes(code);
}

/**
 * A price paid: a whole number of the currency's minor units (cents for EUR and USD, yen for
 * JPY) and its ISO 4217 code, so amounts add and compare without rounding, as payment
 * providers keep them.
 */
export const pricePaidSchema = z.object({
  amount: z
    .number({ error: 'pricePaid.amount must be a number' })
    .int('pricePaid.amount must be a whole number of minor units (cents)')
    .min(0, 'pricePaid.amount cannot be negative')
    .max(PRICE_PAID_MAX_MINOR, `pricePaid.amount must be at most ${PRICE_PAID_MAX_MINOR}`),
  currency: text('pricePaid.currency').refine(
    isKnownCurrency,
    'pricePaid.currency must be an ISO 4217 code such as EUR or USD',
  ),
});
export type PricePaid = z.infer<typeof pricePaidSchema>;

/** A written ticket field: blank (or only invisible characters) is null. */
const ticketText = (name: string, max: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' &&
      value.length <= rawWrittenTextMax(max) &&
      tidyWrittenText(value) === ''
        ? null
        : value,
    writtenText(name, max).nullable().optional(),
  );

/**
 * PUT /api/concerts/{id}/attendance/ticket: the whole of one's ticket details, each field
 * optional (absent is none: the PUT writes all of them). `companions` are people one
 * follows, each once.
 */
export const ticketBodySchema = z.object({
  seat: ticketText('seat', TICKET_SEAT_MAX),
  pricePaid: pricePaidSchema.nullable().optional(),
  companions: z
    .array(idParam('companions'), { error: 'companions must be a list of ids' })
    .max(TICKET_COMPANIONS_MAX, `companions takes at most ${TICKET_COMPANIONS_MAX} people`)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  note: ticketText('note', TICKET_NOTE_MAX),
});
export type TicketBody = z.input<typeof ticketBodySchema>;
export type TicketUpdate = z.output<typeof ticketBodySchema>;

/** Someone one went with, as one's own ticket details show them. */
export const ticketCompanionSchema = z.object(personFields).meta({ id: 'TicketCompanion' });
export type TicketCompanion = z.infer<typeof ticketCompanionSchema>;

/** One's own ticket details on a mark: never shown to anyone else. */
export const ticketSchema = z
  .object({
    seat: z.string().nullable(),
    pricePaid: pricePaidSchema.nullable(),
    companions: z.array(ticketCompanionSchema),
    note: z.string().nullable(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;

/** What PUT /api/concerts/{id}/attendance/ticket answers: null when every field is empty. */
export const savedTicketSchema = z
  .object({ concertId: z.string(), ticket: ticketSchema.nullable() })
  .meta({ id: 'SavedTicket' });
export type SavedTicket = z.infer<typeof savedTicketSchema>;
