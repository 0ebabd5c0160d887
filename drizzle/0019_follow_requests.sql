-- A private person's would-be followers wait here until approved. A request is not a
-- follow: it counts nowhere and reaches no timeline, so every read of user_follows (the
-- counters' trigger, the timeline fan-out, the people lists) stays as it was. Approving
-- moves the row to user_follows in one transaction.
CREATE TABLE "follow_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "requester_id" uuid NOT NULL,
  "target_id" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "follow_requests_pair_unique" UNIQUE("requester_id","target_id"),
  CONSTRAINT "follow_requests_not_self" CHECK ("follow_requests"."requester_id" <> "follow_requests"."target_id")
);
--> statement-breakpoint
ALTER TABLE "follow_requests" ADD CONSTRAINT "follow_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "follow_requests" ADD CONSTRAINT "follow_requests_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The Notifications page lists a person's pending requests newest first, and counts them.
CREATE INDEX "follow_requests_target_created_idx" ON "follow_requests" USING btree ("target_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
