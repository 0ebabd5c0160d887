DROP INDEX "concert_wishlist_user_created_idx";--> statement-breakpoint
DROP INDEX "reviews_concert_created_idx";--> statement-breakpoint
CREATE INDEX "concert_wishlist_user_created_idx" ON "concert_wishlist" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_concert_created_idx" ON "reviews" USING btree ("concert_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);