CREATE TABLE "puzzle_sources" (
	"game_id" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imported_games" ADD COLUMN "tree" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Games the maker already made puzzles from are searched: the backfill leaves them. Games whose search found
-- none are searched once more (their puzzles, one per game and ply, cannot be stored twice).
INSERT INTO "puzzle_sources" ("game_id") SELECT DISTINCT "game_id" FROM "puzzles" ON CONFLICT DO NOTHING;
