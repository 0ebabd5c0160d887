-- Calendar feeds: one private address per person. The token is kept as it is (not hashed)
-- because Settings shows the whole address on every visit, as calendar apps' "secret
-- address" settings do; it grants reading that one calendar and nothing else, and
-- resetting it replaces it in one statement (the old address then finds no row).
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"include_followed_artists" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token"),
	CONSTRAINT "calendar_feeds_token_length" CHECK (length("token") >= 32)
);--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- New-show alerts: on unless turned off; the cities chosen beside the profile's location.
CREATE TABLE "show_alert_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "show_alert_settings_cities" CHECK ("cities" <@ ARRAY['Los Angeles', 'New York', 'Chicago', 'Austin', 'Seattle', 'Denver']::text[])
);--> statement-breakpoint
ALTER TABLE "show_alert_settings" ADD CONSTRAINT "show_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each new show is told to each person once (the primary key), inside the day's notice
-- that lists it (notification_id), as comments are inside their notice (migration 0018).
CREATE TABLE "show_alerts" (
	"user_id" uuid NOT NULL,
	"concert_id" text NOT NULL,
	"notification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "show_alerts_user_id_concert_id_pk" PRIMARY KEY("user_id","concert_id")
);--> statement-breakpoint
ALTER TABLE "show_alerts" ADD CONSTRAINT "show_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_alerts" ADD CONSTRAINT "show_alerts_concert_id_concerts_id_fk" FOREIGN KEY ("concert_id") REFERENCES "public"."concerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_alerts" ADD CONSTRAINT "show_alerts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "show_alerts_notification_idx" ON "show_alerts" USING btree ("notification_id") WHERE "notification_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "show_alerts_concert_idx" ON "show_alerts" USING btree ("concert_id");--> statement-breakpoint
-- Followers of an artist who live in or chose a city: the alert's recipients by artist.
CREATE INDEX "artist_follows_user_idx" ON "artist_follows" USING btree ("user_id");--> statement-breakpoint
-- The artists a refresh looks up at the provider: followed ones, the most followed first.
CREATE INDEX "artists_followed_idx" ON "artists" USING btree ("follower_count" DESC, "name") WHERE "follower_count" > 0;--> statement-breakpoint
-- Sets a day's new-show notice from the shows under it: how many, the first few named,
-- the link to the latest. The notice's row is taken first (as refresh_comment_notice does),
-- so two jobs adding shows to one notice at once both end up counted; a notice left with
-- no show (its concerts deleted) goes.
CREATE FUNCTION "refresh_show_alert_notice"("notice" uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  shows integer;
  listed text;
  latest text;
BEGIN
  PERFORM 1 FROM "notifications" WHERE "id" = "notice" FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT count(*)::int,
         string_agg(c."artist" || ' in ' || c."city" || ' on ' || to_char(c."date", 'FMMon FMDD'), ', '
                    ORDER BY s."created_at", c."id") FILTER (WHERE s."rank" <= 3),
         (array_agg(c."id" ORDER BY s."created_at" DESC, c."id" DESC))[1]
    INTO shows, listed, latest
    FROM (SELECT "concert_id", "created_at",
                 row_number() OVER (ORDER BY "created_at", "concert_id") AS "rank"
            FROM "show_alerts" WHERE "notification_id" = "notice") s
    JOIN "concerts" c ON c."id" = s."concert_id";
  IF shows = 0 THEN
    DELETE FROM "notifications" WHERE "id" = "notice";
    RETURN;
  END IF;
  UPDATE "notifications" SET
    "actor_count" = shows,
    "related_concert_id" = latest,
    "link" = '/concerts/' || latest,
    "title" = CASE WHEN shows = 1 THEN 'New show' ELSE shows::text || ' new shows' END,
    "message" = 'Artists you follow announced: ' || listed
      || CASE WHEN shows > 3 THEN ' and ' || (shows - 3)::text || ' more.' ELSE '.' END
   WHERE "id" = "notice";
END $$;
--> statement-breakpoint
CREATE FUNCTION "show_alerts_refresh_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_show_alert_notice"(OLD."notification_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "show_alerts_refresh_notice" AFTER DELETE ON "show_alerts"
  FOR EACH ROW WHEN (OLD."notification_id" IS NOT NULL)
  EXECUTE FUNCTION "show_alerts_refresh_notice"();
