-- A new review's fan-out writes a timeline entry per follower. Each entry used to touch
-- two indexes keyed by its reader ((user, review) and (user, created_at, review)) and check
-- two foreign keys (a row lock on the reader and on the review, per entry). The timeline's
-- key is now the order its page is read in, and deletes take entries out by trigger.
ALTER TABLE "timeline_entries" DROP CONSTRAINT "timeline_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "timeline_entries" DROP CONSTRAINT "timeline_entries_review_id_reviews_id_fk";
--> statement-breakpoint
ALTER TABLE "timeline_entries" DROP CONSTRAINT "timeline_entries_user_id_review_id_pk";
--> statement-breakpoint
-- created_at is the review's, so the key is as unique per (user, review) as the old one.
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_user_id_created_at_review_id_pk" PRIMARY KEY ("user_id", "created_at", "review_id");
--> statement-breakpoint
DROP INDEX "timeline_entries_user_created_idx";
--> statement-breakpoint
-- What the cascades did. A deleted review leaves every timeline it reached (by
-- timeline_entries_review_idx); a deleted person's timeline goes with them. The person's
-- fires after the cascades of users (RI_ triggers sort first), whose unfollows wait for a
-- fan-out batch that holds the followed person's row, so the delete here sees that batch.
CREATE FUNCTION "timeline_of_deleted_review"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "timeline_entries" WHERE "review_id" = OLD."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reviews_timeline" AFTER DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "timeline_of_deleted_review"();
--> statement-breakpoint
CREATE FUNCTION "timeline_of_deleted_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "timeline_entries" WHERE "user_id" = OLD."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_timeline" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "timeline_of_deleted_user"();
--> statement-breakpoint
-- An unfollow finds the entries of the followed person's reviews by the new key.
CREATE OR REPLACE FUNCTION "timeline_from_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "timeline_entries" t USING "reviews" r
   WHERE r."user_id" = OLD."following_id"
     AND t."user_id" = OLD."follower_id" AND t."created_at" = r."created_at" AND t."review_id" = r."id";
  RETURN NULL;
END $$;
