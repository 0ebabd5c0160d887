CREATE TABLE "attendance" (
	"user_id" uuid NOT NULL,
	"concert_id" text NOT NULL,
	"status" text NOT NULL,
	"concert_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_user_id_concert_id_pk" PRIMARY KEY("user_id","concert_id"),
	CONSTRAINT "attendance_status" CHECK ("attendance"."status" IN ('going', 'attended'))
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_concert_id_concerts_id_fk" FOREIGN KEY ("concert_id") REFERENCES "public"."concerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_user_date_idx" ON "attendance" USING btree ("user_id","concert_date" DESC NULLS FIRST,"concert_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "attendance_concert_idx" ON "attendance" USING btree ("concert_id","status");