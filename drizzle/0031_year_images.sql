CREATE TABLE "year_images" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"etag" text NOT NULL,
	"png" "bytea" NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "year_images_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
ALTER TABLE "year_images" ADD CONSTRAINT "year_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;