CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"review_id" uuid,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "uploads_purpose" CHECK ("uploads"."purpose" IN ('review', 'profile')),
	CONSTRAINT "uploads_kind" CHECK ("uploads"."kind" IN ('image', 'video')),
	CONSTRAINT "uploads_byte_size" CHECK ("uploads"."byte_size" >= 0)
);
--> statement-breakpoint
DROP INDEX "reviews_rating_created_idx";--> statement-breakpoint
DROP INDEX "review_comments_review_created_idx";--> statement-breakpoint
DROP INDEX "reviews_user_created_idx";--> statement-breakpoint
DROP INDEX "reviews_created_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_review_idx" ON "uploads" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_created_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."review_id" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_trending_idx" ON "reviews" USING btree ("overall_rating" DESC NULLS FIRST,"likes" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "review_comments_review_created_idx" ON "review_comments" USING btree ("review_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_user_created_idx" ON "reviews" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Reviews written before media was kept: each photo url stands for its own image.
UPDATE "reviews" SET "media" = (
  SELECT jsonb_agg(jsonb_build_object(
    'url', photo, 'thumbnailUrl', photo, 'kind', 'image',
    'contentType', CASE
      WHEN photo LIKE '%.svg' THEN 'image/svg+xml'
      WHEN photo LIKE '%.png' THEN 'image/png'
      WHEN photo LIKE '%.webp' THEN 'image/webp'
      ELSE 'image/jpeg' END,
    'width', NULL, 'height', NULL, 'altText', NULL) ORDER BY position)
  FROM unnest("reviews"."photos") WITH ORDINALITY AS listed(photo, position)
) WHERE coalesce(array_length("photos", 1), 0) > 0;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_media_matches_photos" CHECK (jsonb_typeof("reviews"."media") = 'array' AND jsonb_array_length("reviews"."media") = coalesce(array_length("reviews"."photos", 1), 0));