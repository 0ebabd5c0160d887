-- A new comment takes its notice's row (the upsert of notifyReviewAuthor), then its review's
-- row (the comments_count trigger). A deleted comment took them the other way round: the
-- count trigger fires before the notice's (AFTER triggers fire by name), so a comment
-- written while another was deleted on the same review could deadlock, and one of the two
-- was refused. Taking the notice's row before the delete itself keeps one order.
CREATE FUNCTION "review_comments_lock_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "notifications" WHERE "id" = OLD."notification_id" FOR UPDATE;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "review_comments_lock_notice" BEFORE DELETE ON "review_comments"
  FOR EACH ROW WHEN (OLD."notification_id" IS NOT NULL)
  EXECUTE FUNCTION "review_comments_lock_notice"();
