-- A venue's time zone, once known, is every new concert's there; a concert that brings
-- one (a provider said) teaches it to a venue that had none.
CREATE OR REPLACE FUNCTION "concert_links"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  venue_zone text;
BEGIN
  -- ON CONFLICT waits for a concurrent insert of the same name, and the SELECT after it
  -- (a new snapshot) sees that row once it is committed.
  INSERT INTO "artists" ("name", "genres")
    VALUES (NEW."artist", CASE WHEN NEW."genre" IS NULL THEN '{}'::text[] ELSE ARRAY[NEW."genre"] END)
    ON CONFLICT ("name") DO NOTHING;
  SELECT "id" INTO NEW."artist_id" FROM "artists" WHERE "name" = NEW."artist";
  INSERT INTO "venues" ("name", "city", "time_zone") VALUES (NEW."venue", NEW."city", NEW."time_zone")
    ON CONFLICT ("name", "city") DO NOTHING;
  SELECT "id", "time_zone" INTO NEW."venue_id", venue_zone
    FROM "venues" WHERE "name" = NEW."venue" AND "city" = NEW."city";
  IF NEW."time_zone" IS NULL THEN
    NEW."time_zone" := venue_zone;
  ELSIF venue_zone IS NULL THEN
    UPDATE "venues" SET "time_zone" = NEW."time_zone" WHERE "id" = NEW."venue_id";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER "concert_links" ON "concerts";
--> statement-breakpoint
CREATE TRIGGER "concert_links" BEFORE INSERT OR UPDATE OF "artist", "venue", "city", "time_zone" ON "concerts"
  FOR EACH ROW EXECUTE FUNCTION "concert_links"();
--> statement-breakpoint
-- The zones of the cities whose venues are known by name: only this backfill reads the
-- list. New venues learn theirs from the providers (Ticketmaster's dates.timezone,
-- setlist.fm's coordinates).
UPDATE "venues" v SET "time_zone" = z."zone"
  FROM (VALUES
    ('los angeles', 'America/Los_Angeles'), ('san francisco', 'America/Los_Angeles'),
    ('seattle', 'America/Los_Angeles'), ('portland', 'America/Los_Angeles'),
    ('san diego', 'America/Los_Angeles'), ('las vegas', 'America/Los_Angeles'),
    ('denver', 'America/Denver'), ('salt lake city', 'America/Denver'),
    ('phoenix', 'America/Phoenix'),
    ('chicago', 'America/Chicago'), ('austin', 'America/Chicago'),
    ('dallas', 'America/Chicago'), ('houston', 'America/Chicago'),
    ('nashville', 'America/Chicago'), ('new orleans', 'America/Chicago'),
    ('minneapolis', 'America/Chicago'),
    ('new york', 'America/New_York'), ('brooklyn', 'America/New_York'),
    ('boston', 'America/New_York'), ('philadelphia', 'America/New_York'),
    ('washington', 'America/New_York'), ('atlanta', 'America/New_York'),
    ('miami', 'America/New_York'), ('detroit', 'America/Detroit'),
    ('toronto', 'America/Toronto'), ('montreal', 'America/Toronto'),
    ('vancouver', 'America/Vancouver'), ('mexico city', 'America/Mexico_City'),
    ('london', 'Europe/London'), ('dublin', 'Europe/Dublin'), ('paris', 'Europe/Paris'),
    ('berlin', 'Europe/Berlin'), ('amsterdam', 'Europe/Amsterdam'),
    ('madrid', 'Europe/Madrid'), ('barcelona', 'Europe/Madrid'), ('rome', 'Europe/Rome'),
    ('stockholm', 'Europe/Stockholm'), ('tokyo', 'Asia/Tokyo'), ('osaka', 'Asia/Tokyo'),
    ('seoul', 'Asia/Seoul'), ('sydney', 'Australia/Sydney'), ('melbourne', 'Australia/Melbourne')
  ) AS z("city", "zone")
 WHERE lower(btrim(v."city")) = z."city" AND v."time_zone" IS NULL;
--> statement-breakpoint
-- An UPDATE OF "time_zone" fires concert_links, which finds the zone already set.
UPDATE "concerts" c SET "time_zone" = v."time_zone"
  FROM "venues" v
 WHERE v."id" = c."venue_id" AND v."time_zone" IS NOT NULL AND c."time_zone" IS NULL;
--> statement-breakpoint
-- The start: the local date and the time as people wrote it ("8:00 PM", "7:30pm", "20:00"),
-- read as calendar/show-time.ts reads it (parseShowTime), in the venue's zone. A time that
-- does not read ("TBA", "8", "13:00 PM") leaves the start unknown.
WITH "parsed" AS (
  SELECT c."id", c."date", c."time_zone",
         regexp_match(btrim(c."time"),
           '^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*(?:([ap])\.?\s*|\.\s*)?m?\.?$', 'i') AS m
    FROM "concerts" c
   WHERE c."time" IS NOT NULL AND c."time_zone" IS NOT NULL AND c."starts_at" IS NULL
), "times" AS (
  SELECT "id", "date", "time_zone", m[1]::int AS h, coalesce(m[2], '0')::int AS mi,
         lower(m[3]) AS half, m[2] IS NOT NULL AS has_minutes
    FROM "parsed" WHERE m IS NOT NULL
)
UPDATE "concerts" c
   SET "starts_at" = (t."date" + make_time(
         CASE WHEN t.half IS NULL THEN t.h ELSE t.h % 12 + CASE WHEN t.half = 'p' THEN 12 ELSE 0 END END,
         t.mi, 0)) AT TIME ZONE t."time_zone"
  FROM "times" t
 WHERE c."id" = t."id" AND t.mi <= 59
   AND CASE WHEN t.half IS NULL THEN t.has_minutes AND t.h <= 23 ELSE t.h BETWEEN 1 AND 12 END;
