-- A notice keeps what its words are made of (the latest person, how many, the concert, the
-- shows under it), and src/shared/notice-text.ts words them as the notice is read (decision
-- 0021): the two functions that kept a grouped notice's words now keep only its numbers.
CREATE OR REPLACE FUNCTION "refresh_comment_notice"("notice" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  people integer;
  latest uuid;
BEGIN
  PERFORM 1 FROM "notifications" WHERE "id" = "notice" FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT count(DISTINCT "user_id"), (array_agg("user_id" ORDER BY "created_at" DESC, "id" DESC))[1]
    INTO people, latest
    FROM "review_comments" WHERE "notification_id" = "notice";
  IF people = 0 THEN
    DELETE FROM "notifications" WHERE "id" = "notice";
    RETURN;
  END IF;
  UPDATE "notifications" SET "actor_count" = people, "related_user_id" = latest
   WHERE "id" = "notice";
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_show_alert_notice"("notice" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  shows integer;
  latest text;
BEGIN
  PERFORM 1 FROM "notifications" WHERE "id" = "notice" FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT count(*)::int, (array_agg(s."concert_id" ORDER BY s."created_at" DESC, s."concert_id" DESC))[1]
    INTO shows, latest
    FROM "show_alerts" s WHERE s."notification_id" = "notice";
  IF shows = 0 THEN
    DELETE FROM "notifications" WHERE "id" = "notice";
    RETURN;
  END IF;
  UPDATE "notifications" SET
    "actor_count" = shows,
    "related_concert_id" = latest,
    "link" = '/concerts/' || latest
   WHERE "id" = "notice";
END $$;
--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "message";
