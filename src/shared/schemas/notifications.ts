import { z } from 'zod';

export const unreadCountSchema = z
  .object({ count: z.number().int().min(0) })
  .meta({ id: 'UnreadNotificationCount' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
