ALTER TABLE "uploads" ADD COLUMN "state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_profile_upload_id" uuid;--> statement-breakpoint
CREATE INDEX "users_pending_profile_upload_idx" ON "users" USING btree ("pending_profile_upload_id") WHERE "users"."pending_profile_upload_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_original_key_unique" UNIQUE("original_key");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_state" CHECK ("uploads"."state" IN ('processing', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_original_while_processing" CHECK ("uploads"."state" = 'processing' OR "uploads"."original_key" IS NULL);