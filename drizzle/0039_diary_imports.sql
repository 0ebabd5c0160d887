-- Imports into one's diary (setlist.fm or a CSV file): one row each, its progress kept with
-- the work it counts; at most one queued or running per person, held by a partial index.
CREATE TABLE "diary_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"already_in_diary" integer DEFAULT 0 NOT NULL,
	"next_page" integer DEFAULT 1 NOT NULL,
	"rows" jsonb,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "diary_imports_status" CHECK ("diary_imports"."status" IN ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "diary_imports_source" CHECK ("diary_imports"."source" IN ('setlistfm', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "diary_imports" ADD CONSTRAINT "diary_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diary_imports_user_created_idx" ON "diary_imports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "diary_imports_one_active_idx" ON "diary_imports" USING btree ("user_id") WHERE "diary_imports"."status" IN ('queued', 'running');