-- A signed-in reader's review lists leave out private people they do not follow. The
-- planner answers that by listing every private person once per statement; without an
-- index it read the whole users table to find them (7-10 ms at a tenth of the bench's
-- scale, about twenty times the rest of the statement). Private people are few, so a
-- partial index of their ids is small and lists them directly.
CREATE INDEX "users_private_idx" ON "users" USING btree ("id") WHERE "users"."is_private";
