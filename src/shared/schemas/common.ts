import { z } from 'zod';

/** Every error the API answers has this body. */
export const errorSchema = z.object({ message: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

export const uuidParam = (name: string) => z.uuid({ error: `${name} must be a UUID` });

export const isoDateTime = z.iso.datetime({ offset: true });

/** `limit` of a paged list: a whole number from 1 to `max`, `fallback` when absent. */
export const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

/** `offset` of a paged list: how many items to skip, at most 10000. */
export const offsetParam = () =>
  z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(10_000, 'offset must be at most 10000')
    .default(0);
