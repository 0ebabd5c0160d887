-- The per-address request limits, counted where every instance sees them: one row per key
-- and window (lib/shared-rate-limit.ts). Unlogged: a crash may forget a minute of counts,
-- which is not worth a WAL write per reservation.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
