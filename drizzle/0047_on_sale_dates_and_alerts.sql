ALTER TABLE "concerts" ADD COLUMN "on_sale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "presales" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "sales_open_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "concerts" ADD COLUMN "sale_alerted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "concerts_sales_open_idx" ON "concerts" USING btree ("sales_open_at") WHERE "concerts"."sale_alerted_at" IS NULL AND "concerts"."sales_open_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_on_sale_once_idx" ON "notifications" USING btree ("user_id","related_concert_id") WHERE "notifications"."type" = 'on_sale';