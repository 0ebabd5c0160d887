-- The shows an artist's or a venue's page lists at its top, kept by the league tables'
-- rebuild on the subject's row across all cities and genres of all time: an artist's most
-- reviewed shows, a venue's best rated (with enough reviews to rank). The page then reads
-- five concerts by id instead of sorting every show of the artist or venue per request.
-- The rule row goes, so the next start rebuilds the tables and fills them.
ALTER TABLE "league_entries" ADD COLUMN "top_show_ids" text[];
--> statement-breakpoint
DELETE FROM "league_rule";
