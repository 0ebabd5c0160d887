-- A follower could only have been told of a review twice by a bug; keep the first notice.
DELETE FROM "notifications" n USING "notifications" o
 WHERE n."type" = 'new_review' AND o."type" = 'new_review'
   AND n."user_id" = o."user_id" AND n."related_review_id" = o."related_review_id"
   AND (n."created_at", n."id") > (o."created_at", o."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_new_review_once_idx" ON "notifications" USING btree ("user_id","related_review_id") WHERE "notifications"."type" = 'new_review';--> statement-breakpoint
CREATE INDEX "user_follows_following_follower_idx" ON "user_follows" USING btree ("following_id","follower_id");--> statement-breakpoint
-- Timeline entries of new reviews and new follows are written by jobs after the request
-- (src/server/jobs/): a review by someone with many followers no longer writes a row per
-- follower inside its own transaction.
DROP TRIGGER "timeline_from_review" ON "reviews";
--> statement-breakpoint
DROP FUNCTION "timeline_from_review"();
--> statement-breakpoint
-- An unfollow still takes the person's reviews out of the timeline in its own transaction,
-- so they are gone when it answers. It fires after user_follows_counts (triggers fire in
-- name order), whose update of the followed person's row waits for a fan-out batch of
-- theirs that holds it, so the entries deleted here include that batch's.
CREATE OR REPLACE FUNCTION "timeline_from_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "timeline_entries"
   WHERE "user_id" = OLD."follower_id"
     AND "review_id" IN (SELECT r."id" FROM "reviews" r WHERE r."user_id" = OLD."following_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "user_follows_timeline" ON "user_follows";
--> statement-breakpoint
CREATE TRIGGER "user_follows_timeline" AFTER DELETE ON "user_follows"
  FOR EACH ROW EXECUTE FUNCTION "timeline_from_follow"();
