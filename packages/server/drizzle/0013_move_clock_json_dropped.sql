ALTER TABLE "game_moves" ALTER COLUMN "lag_w" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game_moves" ALTER COLUMN "lag_b" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game_moves" DROP COLUMN "clock";