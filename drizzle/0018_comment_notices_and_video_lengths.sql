-- A comment notice groups like a like notice ("Ana Lima and 3 others commented on your
-- review of …"), and each comment records the notice that told of it, so a deleted
-- comment takes its part of the notice with it: the notice counts the people who still
-- have a comment under it, names the latest of them, and goes when nobody is left.
ALTER TABLE "review_comments" ADD COLUMN "notification_id" uuid;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_notification_id_notifications_id_fk"
  FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_comments_notification_idx" ON "review_comments" USING btree ("notification_id") WHERE "notification_id" IS NOT NULL;--> statement-breakpoint
-- Sets a comment notice from the comments under it. The notice's row is taken first, and
-- each later statement of a volatile function reads afresh, so the count includes every
-- comment that a writer holding the row before this added or removed.
CREATE FUNCTION "refresh_comment_notice"("notice" uuid) RETURNS void LANGUAGE plpgsql AS $$
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
  UPDATE "notifications" n SET
    "actor_count" = people,
    "related_user_id" = latest,
    "message" = coalesce(nullif(trim(concat_ws(' ', a."first_name", a."last_name")), ''),
                         '@' || a."username", 'Someone')
      || CASE WHEN people = 1 THEN ''
              WHEN people = 2 THEN ' and 1 other'
              ELSE ' and ' || (people - 1)::text || ' others' END
      || ' commented on your review of ' || c."artist" || '.'
    FROM "users" a, "concerts" c
   WHERE n."id" = "notice" AND a."id" = latest AND c."id" = n."related_concert_id";
END $$;
--> statement-breakpoint
-- Whoever deletes a comment (its author, the review's author, an account's deletion), its
-- notice follows.
CREATE FUNCTION "review_comments_refresh_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_comment_notice"(OLD."notification_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "review_comments_refresh_notice" AFTER DELETE ON "review_comments"
  FOR EACH ROW WHEN (OLD."notification_id" IS NOT NULL)
  EXECUTE FUNCTION "review_comments_refresh_notice"();
--> statement-breakpoint
-- A video is kept only once its container reads (src/server/modules/uploads/video-probe.ts),
-- which gives its width, height and length.
ALTER TABLE "uploads" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_duration" CHECK ("uploads"."duration_ms" IS NULL OR "uploads"."duration_ms" > 0);
