ALTER TABLE "concerts" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "concerts" ADD CONSTRAINT "concerts_time_zone_not_empty" CHECK ("concerts"."time_zone" <> '');--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_time_zone_not_empty" CHECK ("venues"."time_zone" <> '');--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_time_zone_not_empty" CHECK ("user_settings"."time_zone" <> '');