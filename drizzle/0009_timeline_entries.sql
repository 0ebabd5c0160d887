CREATE TABLE "timeline_entries" (
	"user_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "timeline_entries_user_id_review_id_pk" PRIMARY KEY("user_id","review_id")
);
--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_entries" ADD CONSTRAINT "timeline_entries_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeline_entries_user_created_idx" ON "timeline_entries" USING btree ("user_id","created_at" DESC NULLS FIRST,"review_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "timeline_entries_review_idx" ON "timeline_entries" USING btree ("review_id");--> statement-breakpoint
INSERT INTO "timeline_entries" ("user_id", "review_id", "created_at")
SELECT f."follower_id", r."id", r."created_at"
  FROM "user_follows" f JOIN "reviews" r ON r."user_id" = f."following_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A new review reaches every follower of its author. The share lock on the author's row
-- waits for a follow or unfollow of the author that is being written (the counting trigger
-- updates that row), so the followers read next include or exclude it as committed.
CREATE FUNCTION "timeline_from_review"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" FOR SHARE;
  INSERT INTO "timeline_entries" ("user_id", "review_id", "created_at")
  SELECT "follower_id", NEW."id", NEW."created_at"
    FROM "user_follows" WHERE "following_id" = NEW."user_id"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "timeline_from_review" AFTER INSERT ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "timeline_from_review"();
--> statement-breakpoint
-- A follow brings the followed person's reviews into the follower's timeline; an unfollow
-- takes them out. It fires after user_follows_counts (triggers fire in name order), whose
-- update of the followed person's row waits for a review of theirs being written, so the
-- reviews read here include it.
CREATE FUNCTION "timeline_from_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "timeline_entries" ("user_id", "review_id", "created_at")
    SELECT NEW."follower_id", r."id", r."created_at"
      FROM "reviews" r WHERE r."user_id" = NEW."following_id"
    ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM "timeline_entries"
     WHERE "user_id" = OLD."follower_id"
       AND "review_id" IN (SELECT r."id" FROM "reviews" r WHERE r."user_id" = OLD."following_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_follows_timeline" AFTER INSERT OR DELETE ON "user_follows"
  FOR EACH ROW EXECUTE FUNCTION "timeline_from_follow"();
