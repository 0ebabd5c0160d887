-- Each league table's order, kept by its rebuild: a subject's rank in the table by each
-- aspect under the ranking rule (null when it has fewer reviews than the rule's minimum,
-- and on the totals rows). A read of a table is then an index range of its first rows,
-- not a sort of every subject by a score computed per request. The rule the ranks were
-- made with is kept beside them, so a process configured with another rule rebuilds them
-- before it answers.
ALTER TABLE "league_entries"
  ADD COLUMN "overall_rank" integer,
  ADD COLUMN "performance_rank" integer,
  ADD COLUMN "sound_rank" integer,
  ADD COLUMN "venue_rank" integer,
  ADD COLUMN "value_rank" integer;
--> statement-breakpoint
CREATE INDEX "league_entries_overall_rank_idx" ON "league_entries" USING btree ("kind", "period", "city", "genre", "overall_rank") WHERE "overall_rank" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "league_entries_performance_rank_idx" ON "league_entries" USING btree ("kind", "period", "city", "genre", "performance_rank") WHERE "performance_rank" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "league_entries_sound_rank_idx" ON "league_entries" USING btree ("kind", "period", "city", "genre", "sound_rank") WHERE "sound_rank" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "league_entries_venue_rank_idx" ON "league_entries" USING btree ("kind", "period", "city", "genre", "venue_rank") WHERE "venue_rank" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "league_entries_value_rank_idx" ON "league_entries" USING btree ("kind", "period", "city", "genre", "value_rank") WHERE "value_rank" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "league_rule" (
  "one" boolean PRIMARY KEY DEFAULT true CONSTRAINT "league_rule_one_row" CHECK ("one"),
  "prior_weight" numeric NOT NULL,
  "min_reviews" integer NOT NULL
);
