-- A club match daily game is never aborted: a side that never moves loses it.
ALTER TABLE "daily_games" ADD COLUMN "no_show_loses" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The match games already being played follow the rule too.
UPDATE "daily_games" SET "no_show_loses" = true WHERE "game_id" IN (SELECT "game_id" FROM "club_match_games");
