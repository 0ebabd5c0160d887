-- Artist and venue pages: every concert names its artist and venue row. Concerts keep the
-- names they are shown and searched by; a trigger finds (or adds) the rows those names
-- stand for, so a concert imported from a provider gets its pages like any other.
ALTER TABLE "concerts" ADD COLUMN "artist_id" uuid;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "venue_id" uuid;--> statement-breakpoint
CREATE FUNCTION "concert_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- ON CONFLICT waits for a concurrent insert of the same name, and the SELECT after it
  -- (a new snapshot) sees that row once it is committed.
  INSERT INTO "artists" ("name", "genres")
    VALUES (NEW."artist", CASE WHEN NEW."genre" IS NULL THEN '{}'::text[] ELSE ARRAY[NEW."genre"] END)
    ON CONFLICT ("name") DO NOTHING;
  SELECT "id" INTO NEW."artist_id" FROM "artists" WHERE "name" = NEW."artist";
  INSERT INTO "venues" ("name", "city") VALUES (NEW."venue", NEW."city")
    ON CONFLICT ("name", "city") DO NOTHING;
  SELECT "id" INTO NEW."venue_id" FROM "venues" WHERE "name" = NEW."venue" AND "city" = NEW."city";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "concert_links" BEFORE INSERT OR UPDATE OF "artist", "venue", "city" ON "concerts"
  FOR EACH ROW EXECUTE FUNCTION "concert_links"();
--> statement-breakpoint
INSERT INTO "artists" ("name", "genres")
  SELECT DISTINCT ON ("artist") "artist", CASE WHEN "genre" IS NULL THEN '{}'::text[] ELSE ARRAY["genre"] END
    FROM "concerts" ORDER BY "artist", "date" DESC
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "venues" ("name", "city")
  SELECT DISTINCT "venue", "city" FROM "concerts"
  ON CONFLICT ("name", "city") DO NOTHING;--> statement-breakpoint
UPDATE "concerts" c SET "artist_id" = a."id" FROM "artists" a WHERE a."name" = c."artist";--> statement-breakpoint
UPDATE "concerts" c SET "venue_id" = v."id" FROM "venues" v WHERE v."name" = c."venue" AND v."city" = c."city";--> statement-breakpoint
ALTER TABLE "concerts" ALTER COLUMN "artist_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ALTER COLUMN "venue_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD CONSTRAINT "concerts_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "artists"("id");--> statement-breakpoint
ALTER TABLE "concerts" ADD CONSTRAINT "concerts_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "venues"("id");--> statement-breakpoint
-- An artist's and a venue's shows by date, upcoming and past, from either end.
CREATE INDEX "concerts_artist_date_idx" ON "concerts" USING btree ("artist_id","date","id");--> statement-breakpoint
CREATE INDEX "concerts_venue_date_idx" ON "concerts" USING btree ("venue_id","date","id");--> statement-breakpoint
-- The four aspects summed beside the overall rating, so an artist's or a venue's averages
-- (and the league tables) add up concert rows, never reviews.
ALTER TABLE "concerts" ADD COLUMN "performance_rating_total" numeric(12, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "sound_rating_total" numeric(12, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "venue_rating_total" numeric(12, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "value_rating_total" numeric(12, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "concert_review_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "concerts"
       SET "reviews_count" = "reviews_count" - 1,
           "overall_rating_total" = "overall_rating_total" - OLD."overall_rating",
           "performance_rating_total" = "performance_rating_total" - OLD."performance_rating",
           "sound_rating_total" = "sound_rating_total" - OLD."sound_rating",
           "venue_rating_total" = "venue_rating_total" - OLD."venue_rating",
           "value_rating_total" = "value_rating_total" - OLD."value_rating"
     WHERE "id" = OLD."concert_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "concerts"
       SET "reviews_count" = "reviews_count" + 1,
           "overall_rating_total" = "overall_rating_total" + NEW."overall_rating",
           "performance_rating_total" = "performance_rating_total" + NEW."performance_rating",
           "sound_rating_total" = "sound_rating_total" + NEW."sound_rating",
           "venue_rating_total" = "venue_rating_total" + NEW."venue_rating",
           "value_rating_total" = "value_rating_total" + NEW."value_rating"
     WHERE "id" = NEW."concert_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "concert_review_totals" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "concert_review_totals" AFTER INSERT OR DELETE OR UPDATE OF "overall_rating", "performance_rating", "sound_rating", "venue_rating", "value_rating", "concert_id" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "concert_review_totals"();
--> statement-breakpoint
UPDATE "concerts" c SET "reviews_count" = r."n", "overall_rating_total" = r."overall",
       "performance_rating_total" = r."performance", "sound_rating_total" = r."sound",
       "venue_rating_total" = r."venue", "value_rating_total" = r."value"
  FROM (SELECT "concert_id", count(*)::int AS "n", sum("overall_rating") AS "overall",
               sum("performance_rating") AS "performance", sum("sound_rating") AS "sound",
               sum("venue_rating") AS "venue", sum("value_rating") AS "value"
          FROM "reviews" GROUP BY "concert_id") r
 WHERE c."id" = r."concert_id";--> statement-breakpoint
ALTER TABLE "concerts" ADD CONSTRAINT "concerts_aspect_totals_non_negative" CHECK ("performance_rating_total" >= 0 AND "sound_rating_total" >= 0 AND "venue_rating_total" >= 0 AND "value_rating_total" >= 0);--> statement-breakpoint
-- Songs heard live: the setlist songs a reviewer marked as the show's highlights, written
-- with the review. At most five, held by the database.
ALTER TABLE "reviews" ADD COLUMN "highlights" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_highlights_count" CHECK (coalesce(array_length("highlights", 1), 0) <= 5);--> statement-breakpoint
-- Only reviews that marked songs: a concert's and an artist's song counts read these alone.
CREATE INDEX "reviews_concert_highlights_idx" ON "reviews" USING btree ("concert_id") WHERE "highlights" <> '{}'::text[];--> statement-breakpoint
-- Artist follows counted on the artist, as user follows are on the user.
CREATE FUNCTION "artist_follows_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "artists" SET "follower_count" = "follower_count" + 1 WHERE "id" = NEW."artist_id";
  ELSE
    UPDATE "artists" SET "follower_count" = "follower_count" - 1 WHERE "id" = OLD."artist_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "artist_follows_count" AFTER INSERT OR DELETE ON "artist_follows"
  FOR EACH ROW EXECUTE FUNCTION "artist_follows_count"();
--> statement-breakpoint
UPDATE "artists" a SET "follower_count" =
  (SELECT count(*)::int FROM "artist_follows" f WHERE f."artist_id" = a."id");--> statement-breakpoint
ALTER TABLE "artists" ADD CONSTRAINT "artists_follower_count_non_negative" CHECK ("follower_count" >= 0);
