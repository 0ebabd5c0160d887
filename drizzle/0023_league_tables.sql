-- League tables (/rankings): review counts and rating sums per venue and per artist, for
-- every city and genre (and all of them), over all time and the last 12 months by concert
-- date. A job (refresh-league-tables) adds them up from concert rows, never from reviews,
-- and replaces the whole table in one transaction. A row without a subject holds the
-- totals of its table (kind, period, city, genre): the mean every score there leans toward.
CREATE TABLE "league_entries" (
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"city" text NOT NULL,
	"genre" text NOT NULL,
	"subject_id" uuid,
	"reviews_count" integer NOT NULL,
	"overall_total" numeric(14, 1) NOT NULL,
	"performance_total" numeric(14, 1) NOT NULL,
	"sound_total" numeric(14, 1) NOT NULL,
	"venue_total" numeric(14, 1) NOT NULL,
	"value_total" numeric(14, 1) NOT NULL,
	CONSTRAINT "league_entries_kind_check" CHECK ("kind" IN ('venue', 'artist')),
	CONSTRAINT "league_entries_period_check" CHECK ("period" IN ('all', '12m')),
	CONSTRAINT "league_entries_reviews_count_positive" CHECK ("reviews_count" > 0),
	-- One row per table and subject ('' city or genre is all of them; no subject is the
	-- table's totals). Its index serves the read: all rows of one table.
	CONSTRAINT "league_entries_table_subject_unique" UNIQUE NULLS NOT DISTINCT ("kind","period","city","genre","subject_id")
);
