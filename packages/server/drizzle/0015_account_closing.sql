-- Players can close their account: `closed_at` records when. The name stays taken (its unique index is
-- unchanged); the e-mail is unique among open accounts only, so its owner may sign up again with it.
-- The partial index holds the few closed accounts, which the leaderboards leave out.
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_closed_idx" ON "users" USING btree ("id") WHERE "users"."closed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email")) WHERE "users"."closed_at" is null;