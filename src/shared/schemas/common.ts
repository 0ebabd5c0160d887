import { z } from 'zod';

/** Every error the API answers has this body. */
export const errorSchema = z.object({ message: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const uuidParam = (name: string) => z.uuid({ error: `${name} must be a UUID` });

export const isoDateTime = z.iso.datetime({ offset: true });
