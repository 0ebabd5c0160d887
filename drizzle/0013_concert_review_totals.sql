ALTER TABLE "concerts" ADD COLUMN "reviews_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "overall_rating_total" numeric(12, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD CONSTRAINT "concerts_reviews_count_non_negative" CHECK ("concerts"."reviews_count" >= 0);--> statement-breakpoint
ALTER TABLE "concerts" ADD CONSTRAINT "concerts_overall_rating_total_non_negative" CHECK ("concerts"."overall_rating_total" >= 0);--> statement-breakpoint
-- Every page of concerts shows each one's average overall rating: a count and a sum on the
-- concert row, changed with the review rows in their transaction, answer it without reading
-- the concert's reviews. A trigger keeps them, so reviews deleted with their author's
-- account count too. Updating the concert row makes two reviews of one concert written at
-- once wait for each other, so neither is lost; when the concert itself is being deleted,
-- there is no row left to update.
CREATE FUNCTION "concert_review_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."concert_id" = NEW."concert_id" THEN
    IF OLD."overall_rating" <> NEW."overall_rating" THEN
      UPDATE "concerts"
         SET "overall_rating_total" = "overall_rating_total" - OLD."overall_rating" + NEW."overall_rating"
       WHERE "id" = NEW."concert_id";
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "concerts"
       SET "reviews_count" = "reviews_count" - 1,
           "overall_rating_total" = "overall_rating_total" - OLD."overall_rating"
     WHERE "id" = OLD."concert_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "concerts"
       SET "reviews_count" = "reviews_count" + 1,
           "overall_rating_total" = "overall_rating_total" + NEW."overall_rating"
     WHERE "id" = NEW."concert_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "concert_review_totals" AFTER INSERT OR DELETE OR UPDATE OF "overall_rating", "concert_id" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "concert_review_totals"();
--> statement-breakpoint
-- Counted once the trigger is there: creating it locks reviews against writes until this
-- migration commits, so no review written meanwhile is counted twice or missed.
UPDATE "concerts" c SET "reviews_count" = r."n", "overall_rating_total" = r."total"
  FROM (SELECT "concert_id", count(*)::int AS "n", sum("overall_rating") AS "total"
          FROM "reviews" GROUP BY "concert_id") r
 WHERE c."id" = r."concert_id";
