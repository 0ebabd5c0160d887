CREATE TABLE "diary_songs" (
	"user_id" uuid NOT NULL,
	"song" text NOT NULL,
	"times" integer NOT NULL,
	CONSTRAINT "diary_songs_user_id_song_pk" PRIMARY KEY("user_id","song"),
	CONSTRAINT "diary_songs_times_positive" CHECK ("diary_songs"."times" > 0)
);
--> statement-breakpoint
DROP INDEX "attendance_user_date_idx";--> statement-breakpoint
ALTER TABLE "diary_songs" ADD CONSTRAINT "diary_songs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diary_songs_user_times_idx" ON "diary_songs" USING btree ("user_id","times" DESC NULLS LAST,"song");--> statement-breakpoint
CREATE INDEX "attendance_user_status_date_idx" ON "attendance" USING btree ("user_id","status","concert_date" DESC NULLS FIRST,"concert_id" DESC NULLS FIRST);--> statement-breakpoint
-- The songs of a setlist as the diary counts them: main sets and encores, trimmed, blank
-- ones left out, each with how often it was played that night.
CREATE FUNCTION "setlist_song_counts"("songs" text[], "encore_songs" text[])
  RETURNS TABLE ("song" text, "n" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(s), count(*)::int
    FROM unnest(coalesce("songs", '{}') || coalesce("encore_songs", '{}')) AS s
   WHERE btrim(s) <> ''
   GROUP BY btrim(s)
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) a setlist's songs for the people in `people`. Rows
-- are changed in (user, song) order, so two writes touching the same rows never wait for
-- each other in a circle; a song no longer heard at all is removed.
CREATE FUNCTION "diary_songs_change"("people" uuid[], "songs" text[], "encore_songs" text[], "sign" integer)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "sign" > 0 THEN
    INSERT INTO "diary_songs" ("user_id", "song", "times")
    SELECT p, c."song", c."n"
      FROM unnest("people") AS p, "setlist_song_counts"("songs", "encore_songs") c
     ORDER BY 1, 2
    ON CONFLICT ("user_id", "song") DO UPDATE SET "times" = "diary_songs"."times" + EXCLUDED."times";
  ELSE
    DELETE FROM "diary_songs" d
     USING unnest("people") AS p, "setlist_song_counts"("songs", "encore_songs") c
     WHERE d."user_id" = p AND d."song" = c."song" AND d."times" <= c."n";
    UPDATE "diary_songs" d SET "times" = d."times" - c."n"
      FROM unnest("people") AS p, "setlist_song_counts"("songs", "encore_songs") c
     WHERE d."user_id" = p AND d."song" = c."song";
  END IF;
END $$;
--> statement-breakpoint
-- A mark that becomes "I was there" adds its show's songs; one that stops being it (taken
-- back, or changed to "Going") takes them away.
CREATE FUNCTION "diary_songs_of_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "was" boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'attended';
  "is" boolean := TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" = 'attended';
  "setlist" record;
BEGIN
  IF "was" = "is" THEN
    RETURN NULL;
  END IF;
  IF "was" THEN
    SELECT "songs", "encore_songs" INTO "setlist" FROM "setlists" WHERE "concert_id" = OLD."concert_id";
    IF FOUND THEN
      PERFORM "diary_songs_change"(ARRAY[OLD."user_id"], "setlist"."songs", "setlist"."encore_songs", -1);
    END IF;
  ELSE
    SELECT "songs", "encore_songs" INTO "setlist" FROM "setlists" WHERE "concert_id" = NEW."concert_id";
    IF FOUND THEN
      PERFORM "diary_songs_change"(ARRAY[NEW."user_id"], "setlist"."songs", "setlist"."encore_songs", 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "diary_songs_of_marks" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "attendance"
  FOR EACH ROW EXECUTE FUNCTION "diary_songs_of_marks"();
--> statement-breakpoint
-- A setlist written, changed or removed after people marked its show changes their songs:
-- the old songs go, the new ones come, for everyone who was there.
CREATE FUNCTION "diary_songs_of_setlists"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "people" uuid[];
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."songs" IS NOT DISTINCT FROM NEW."songs"
     AND OLD."encore_songs" IS NOT DISTINCT FROM NEW."encore_songs"
     AND OLD."concert_id" = NEW."concert_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg("user_id" ORDER BY "user_id") INTO "people" FROM "attendance"
     WHERE "concert_id" = OLD."concert_id" AND "status" = 'attended';
    IF "people" IS NOT NULL THEN
      PERFORM "diary_songs_change"("people", OLD."songs", OLD."encore_songs", -1);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT array_agg("user_id" ORDER BY "user_id") INTO "people" FROM "attendance"
     WHERE "concert_id" = NEW."concert_id" AND "status" = 'attended';
    IF "people" IS NOT NULL THEN
      PERFORM "diary_songs_change"("people", NEW."songs", NEW."encore_songs", 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "diary_songs_of_setlists" AFTER INSERT OR DELETE OR UPDATE OF "songs", "encore_songs", "concert_id" ON "setlists"
  FOR EACH ROW EXECUTE FUNCTION "diary_songs_of_setlists"();
--> statement-breakpoint
-- Counted once the triggers are there: creating them locks both tables against writes
-- until this migration commits, so no mark or setlist written meanwhile is missed.
INSERT INTO "diary_songs" ("user_id", "song", "times")
SELECT a."user_id", c."song", sum(c."n")::int
  FROM "attendance" a
  JOIN "setlists" sl ON sl."concert_id" = a."concert_id"
  CROSS JOIN LATERAL "setlist_song_counts"(sl."songs", sl."encore_songs") c
 WHERE a."status" = 'attended'
 GROUP BY a."user_id", c."song";
