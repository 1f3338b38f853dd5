ALTER TABLE "imported_games" ADD COLUMN "owner_color" text;--> statement-breakpoint
ALTER TABLE "puzzle_sources" ADD COLUMN "searched_at" timestamp with time zone;--> statement-breakpoint
-- Claims taken before leases were all ended searches (or abandoned ones, which cannot be told apart).
UPDATE "puzzle_sources" SET "searched_at" = "claimed_at";
