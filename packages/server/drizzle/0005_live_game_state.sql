ALTER TABLE "games" ADD COLUMN "round_state" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "owner_epoch" integer DEFAULT 0 NOT NULL;