import { z } from 'zod';
import { CONCERT_ID_MAX } from '../constants.ts';
import { text } from './common.ts';

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

/** The viewer's marks among the concerts asked about; a concert not marked is left out. */
export const attendanceLookupSchema = z
  .object({
    marks: z.array(z.object({ concertId: z.string(), status: attendanceStatusSchema })),
  })
  .meta({ id: 'AttendanceLookup' });
export type AttendanceLookup = z.infer<typeof attendanceLookupSchema>;
