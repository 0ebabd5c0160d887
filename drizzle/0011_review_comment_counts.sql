ALTER TABLE "reviews" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_comments_count_non_negative" CHECK ("reviews"."comments_count" >= 0);--> statement-breakpoint
UPDATE "reviews" r SET "comments_count" = c."n"
  FROM (SELECT "review_id", count(*)::int AS "n" FROM "review_comments" GROUP BY "review_id") c
 WHERE r."id" = c."review_id";
--> statement-breakpoint
-- Every list shows each review's comment count: a counter on the review row, changed with
-- the comment rows in their transaction, answers it without counting them per review. A
-- trigger keeps it, so a comment deleted with its author's account counts too. The update
-- of the review row makes two comments written at once wait for each other, so neither
-- count is lost; when the review itself is being deleted, there is no row left to update.
CREATE FUNCTION "review_comments_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "reviews" SET "comments_count" = "comments_count" + 1 WHERE "id" = NEW."review_id";
  ELSE
    UPDATE "reviews" SET "comments_count" = "comments_count" - 1 WHERE "id" = OLD."review_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "review_comments_count" AFTER INSERT OR DELETE ON "review_comments"
  FOR EACH ROW EXECUTE FUNCTION "review_comments_count"();
