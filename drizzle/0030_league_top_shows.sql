-- What an artist's or a venue's page shows of all its shows, kept by the league tables'
-- rebuild on the subject's row across all cities and genres of all time: its top shows
-- (an artist's most reviewed, a venue's best rated with enough reviews to rank) and the
-- review counts and rating sums of each month of the last 12. The page then reads five
-- concerts by id and one row, instead of sorting and summing every show of the artist or
-- venue per request. The rule row goes, so the next start rebuilds the tables and fills them.
ALTER TABLE "league_entries" ADD COLUMN "top_show_ids" text[];
--> statement-breakpoint
ALTER TABLE "league_entries" ADD COLUMN "months" jsonb;
--> statement-breakpoint
DELETE FROM "league_rule";
