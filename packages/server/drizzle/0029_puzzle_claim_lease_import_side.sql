ALTER TABLE "imported_games" ADD COLUMN "owner_color" text;--> statement-breakpoint
ALTER TABLE "puzzle_sources" ADD COLUMN "searched_at" timestamp with time zone;--> statement-breakpoint
-- Claims taken before leases were all ended searches (or abandoned ones, which cannot be told apart).
UPDATE "puzzle_sources" SET "searched_at" = "claimed_at";
--> statement-breakpoint
-- Puzzles already made from imported games go to the importer's deck (the side not known: both sides').
UPDATE "puzzles" SET "user_id" = "imported_games"."owner_user_id" FROM "imported_games"
WHERE "puzzles"."game_id" = "imported_games"."id" AND "puzzles"."user_id" IS NULL;
