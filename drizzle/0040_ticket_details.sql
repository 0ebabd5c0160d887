CREATE TABLE "attendance_companions" (
	"user_id" uuid NOT NULL,
	"concert_id" text NOT NULL,
	"companion_id" uuid NOT NULL,
	CONSTRAINT "attendance_companions_user_id_concert_id_companion_id_pk" PRIMARY KEY("user_id","concert_id","companion_id"),
	CONSTRAINT "attendance_companions_not_self" CHECK ("attendance_companions"."user_id" <> "attendance_companions"."companion_id")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "seat" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "price_amount" integer;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "attendance_companions" ADD CONSTRAINT "attendance_companions_companion_id_users_id_fk" FOREIGN KEY ("companion_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_companions" ADD CONSTRAINT "attendance_companions_mark_fk" FOREIGN KEY ("user_id","concert_id") REFERENCES "public"."attendance"("user_id","concert_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_companions_companion_idx" ON "attendance_companions" USING btree ("companion_id");--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_seat_length" CHECK (char_length("attendance"."seat") <= 100);--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_note_length" CHECK (char_length("attendance"."note") <= 1000);--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_price_amount" CHECK ("attendance"."price_amount" BETWEEN 0 AND 100000000);--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_price_currency" CHECK ("attendance"."price_currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_price_whole" CHECK (("attendance"."price_amount" IS NULL) = ("attendance"."price_currency" IS NULL));