import { z } from 'zod';

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
