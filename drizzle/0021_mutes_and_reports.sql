-- Mutes: a person's reviews kept out of the muter's Following timeline, read time only,
-- so muting and unmuting take effect at once and the timeline's entries stay as they are.
CREATE TABLE "mutes" (
	"muter_id" uuid NOT NULL,
	"muted_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mutes_pkey" PRIMARY KEY ("muter_id","muted_id"),
	CONSTRAINT "mutes_not_self" CHECK ("muter_id" <> "muted_id"),
	CONSTRAINT "mutes_muter_id_users_id_fk" FOREIGN KEY ("muter_id") REFERENCES "users"("id") ON DELETE cascade,
	CONSTRAINT "mutes_muted_id_users_id_fk" FOREIGN KEY ("muted_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
-- The muter's list in Settings, newest first.
CREATE INDEX "mutes_muter_created_idx" ON "mutes" USING btree ("muter_id","created_at" DESC,"muted_id" DESC);--> statement-breakpoint
-- Deleting a muted person's account finds their mutes.
CREATE INDEX "mutes_muted_idx" ON "mutes" USING btree ("muted_id");--> statement-breakpoint
-- Reports of a review, a comment or a profile, for an operator (`npm run reports`). The
-- target has no foreign key (it is one of three tables): a report outlives a target its
-- author deleted, and the operator's list shows it as gone.
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE cascade,
	CONSTRAINT "reports_target_kind" CHECK ("target_kind" IN ('review', 'comment', 'user')),
	CONSTRAINT "reports_reason" CHECK ("reason" IN ('spam', 'harassment', 'other')),
	CONSTRAINT "reports_status" CHECK ("status" IN ('open', 'actioned', 'dismissed')),
	CONSTRAINT "reports_text_length" CHECK (char_length("text") <= 1000),
	CONSTRAINT "reports_resolved" CHECK (("status" = 'open') = ("resolved_at" IS NULL))
);
--> statement-breakpoint
-- One open report per person per target: a second is the first.
CREATE UNIQUE INDEX "reports_open_once_idx" ON "reports" USING btree ("reporter_id","target_kind","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
-- The operator's list (oldest open first) and its count per target; acting on a target
-- resolves its open reports.
CREATE INDEX "reports_open_target_idx" ON "reports" USING btree ("target_kind","target_id","created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
-- Deleting a reporter's account finds their reports.
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");
