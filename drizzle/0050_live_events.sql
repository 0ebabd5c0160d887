-- What an open page hears while it is open (GET /api/events, modules/live): each write that
-- changes what waits for a person, or their Following timeline, tells the channel
-- encore_live as it commits, whichever statement or job made it. Every instance LISTENs and
-- passes it on to that person's open streams. PostgreSQL sends a payload once per
-- transaction however many rows repeat it (marking 40 notices read is one notice).
--
-- n:{user}: their notices or follow requests changed (the badge, the Notifications page).
CREATE FUNCTION "live_notices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('encore_live', 'n:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD."user_id" ELSE NEW."user_id" END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_live" AFTER INSERT OR UPDATE OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "live_notices"();
--> statement-breakpoint
CREATE FUNCTION "live_follow_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('encore_live', 'n:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD."target_id" ELSE NEW."target_id" END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "follow_requests_live" AFTER INSERT OR DELETE ON "follow_requests"
  FOR EACH ROW EXECUTE FUNCTION "live_follow_requests"();
--> statement-breakpoint
-- t:{user}:{review}: a review reached their timeline. One statement of a fan-out writes a
-- batch of entries; the trigger reads them once, from the statement's new rows. A follow's
-- pull brings in older reviews, which are not news: only reviews of the last day are told.
CREATE FUNCTION "live_timeline_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('encore_live', 't:' || "user_id" || ':' || "review_id")
     FROM "added_entries" WHERE "created_at" > now() - interval '1 day';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "timeline_entries_live" AFTER INSERT ON "timeline_entries"
  REFERENCING NEW TABLE AS "added_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_timeline_entries"();
--> statement-breakpoint
-- x:{sha256 of the sid}: a signed-in session ended (sign-out, "sign out everywhere", the
-- account deleted, expiry): its streams close. The sid itself never leaves the table.
CREATE FUNCTION "live_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('encore_live', 'x:' || encode(sha256(convert_to(OLD."sid", 'UTF8')), 'hex'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_live" AFTER DELETE ON "session"
  FOR EACH ROW WHEN (OLD."user_id" IS NOT NULL) EXECUTE FUNCTION "live_sessions"();
