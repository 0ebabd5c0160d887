CREATE INDEX "oidc_payloads_account_idx" ON "oidc_payloads" USING btree (("payload"->>'accountId'));--> statement-breakpoint
CREATE INDEX "notifications_related_user_idx" ON "notifications" USING btree ("related_user_id");--> statement-breakpoint
CREATE INDEX "notifications_related_review_idx" ON "notifications" USING btree ("related_review_id");