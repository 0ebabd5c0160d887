-- A diary's numbers count a person's artists and venues: each mark carries its concert's,
-- so they are read with the marks from one index instead of a concert lookup per show.
ALTER TABLE "attendance" ADD COLUMN "artist_id" uuid DEFAULT null;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "venue_id" uuid DEFAULT null;--> statement-breakpoint
-- Every way a mark is written (a click, a review, an import) gets the concert's ids here.
CREATE FUNCTION "attendance_concert_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "artist_id", "venue_id" INTO NEW."artist_id", NEW."venue_id"
    FROM "concerts" WHERE "id" = NEW."concert_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "attendance_concert_links" BEFORE INSERT OR UPDATE OF "concert_id" ON "attendance"
  FOR EACH ROW EXECUTE FUNCTION "attendance_concert_links"();
--> statement-breakpoint
-- A concert linked to another artist or venue (its names edited) moves its marks along.
CREATE FUNCTION "concert_links_to_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "attendance" SET "artist_id" = NEW."artist_id", "venue_id" = NEW."venue_id"
   WHERE "concert_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Not UPDATE OF "artist_id": concert_links sets them from the names, and a trigger's own
-- changes do not count as columns the UPDATE named.
CREATE TRIGGER "concert_links_to_marks" AFTER UPDATE ON "concerts"
  FOR EACH ROW
  WHEN (OLD."artist_id" IS DISTINCT FROM NEW."artist_id" OR OLD."venue_id" IS DISTINCT FROM NEW."venue_id")
  EXECUTE FUNCTION "concert_links_to_marks"();
--> statement-breakpoint
-- Filled once the triggers are there: creating them locks attendance and concerts against
-- writes until this migration commits, so no mark written meanwhile is missed.
UPDATE "attendance" a SET "artist_id" = c."artist_id", "venue_id" = c."venue_id"
  FROM "concerts" c WHERE c."id" = a."concert_id";--> statement-breakpoint
ALTER TABLE "attendance" ALTER COLUMN "artist_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance" ALTER COLUMN "venue_id" SET NOT NULL;--> statement-breakpoint
-- The diary's index carries them, so its numbers are an index-only scan.
DROP INDEX "attendance_user_status_date_idx";--> statement-breakpoint
CREATE INDEX "attendance_user_status_date_idx" ON "attendance" USING btree ("user_id","status","concert_date" DESC NULLS FIRST,"concert_id" DESC NULLS FIRST) INCLUDE ("artist_id","venue_id");
