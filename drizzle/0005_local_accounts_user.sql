ALTER TABLE "local_accounts" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- Accounts that signed in already: their user is the one whose subject is the account's id.
UPDATE "local_accounts" SET "user_id" = "users"."id" FROM "users" WHERE "users"."auth_subject" = "local_accounts"."id"::text AND "users"."auth_issuer" LIKE '%/oidc';--> statement-breakpoint
ALTER TABLE "local_accounts" ADD CONSTRAINT "local_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_accounts" ADD CONSTRAINT "local_accounts_user_id_unique" UNIQUE("user_id");