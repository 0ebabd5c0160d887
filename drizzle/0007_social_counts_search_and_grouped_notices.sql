ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "show_concert_history" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(username, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_idx" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."is_read" = false AND "notifications"."group_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_count" CHECK ("notifications"."actor_count" >= 1);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_follow_counts" CHECK ("users"."followers_count" >= 0 AND "users"."following_count" >= 0);--> statement-breakpoint
UPDATE "users" SET
  "followers_count" = (SELECT count(*) FROM "user_follows" WHERE "following_id" = "users"."id"),
  "following_count" = (SELECT count(*) FROM "user_follows" WHERE "follower_id" = "users"."id")
WHERE EXISTS (SELECT 1 FROM "user_follows" WHERE "following_id" = "users"."id" OR "follower_id" = "users"."id");
--> statement-breakpoint
-- The counters move with every user_follows row, whoever writes it (the follow routes, the
-- seed, a cascade from a deleted account), in the same transaction. One UPDATE takes both
-- people's rows in primary-key order, so A following B while B follows A cannot deadlock.
CREATE FUNCTION "user_follows_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  pair "user_follows" := CASE WHEN TG_OP = 'INSERT' THEN NEW ELSE OLD END;
BEGIN
  UPDATE "users" SET
    "followers_count" = "followers_count" + CASE WHEN "id" = pair."following_id" THEN step ELSE 0 END,
    "following_count" = "following_count" + CASE WHEN "id" = pair."follower_id" THEN step ELSE 0 END
  WHERE "id" IN (pair."following_id", pair."follower_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_follows_counts" AFTER INSERT OR DELETE ON "user_follows"
  FOR EACH ROW EXECUTE FUNCTION "user_follows_counts"();
